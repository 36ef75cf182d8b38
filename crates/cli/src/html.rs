//! The HTML report of `ravel check --html FILE`: one self-contained page (no scripts, no
//! external resources, so it works offline and from CI artefacts) that shows each error's
//! interleaving as a table with a column per thread, one row per step, the source line of
//! every step, the accesses of a race highlighted, and the inputs. It is derived from the
//! JSON report, so both always say the same.

use crate::source::Sources;
use serde_json::Value;
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em}\
.verdict-unsafe{color:#b00}.verdict-safe{color:#070}.verdict-unknown{color:#a60}\
table{border-collapse:collapse;margin:.6em 0;max-width:100%}td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}\
th{background:#f2f2f2}td.step{color:#888;text-align:right}\
code{font-family:monospace;white-space:pre-wrap}.op{font-size:.92em}.src{color:#555;font-size:.85em}\
tr.racing td.active{background:#ffd7d7;font-weight:bold}ul.places li{margin:.2em 0}";

/// The page for a `check` JSON report.
pub fn from_report(report: &Value) -> String {
    let mut sources = Sources::default();
    let mut s = String::new();
    let verdict = report["verdict"].as_str().unwrap_or("unknown");
    let program = report["program"].as_str().unwrap_or("");
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ravel: {}</title>\
         <style>{STYLE}</style></head><body>\n<h1>ravel check <code>{}</code>: \
         <span id=\"verdict\" class=\"verdict-{v}\">{v}</span></h1>\n",
        escape(program),
        escape(program),
        v = escape(verdict)
    );
    if let Some(reason) = report["reason"].as_str() {
        let _ = writeln!(s, "<p>{}</p>", escape(reason));
    }
    for note in report["notes"].as_array().into_iter().flatten() {
        let _ = writeln!(s, "<p class=\"note\">note: {}</p>", escape(note.as_str().unwrap_or("")));
    }
    for (i, error) in report["errors"].as_array().into_iter().flatten().enumerate() {
        render_error(&mut s, i, error, &mut sources);
    }
    s.push_str("</body></html>\n");
    s
}

/// One error: its message, its places, its inputs and its interleaving.
fn render_error(s: &mut String, i: usize, e: &Value, sources: &mut Sources) {
    let _ = writeln!(
        s,
        "<section class=\"error\" id=\"error-{i}\"><h2>{}: {}</h2>\n<ul class=\"places\">",
        escape(e["kind"].as_str().unwrap_or("")),
        escape(e["message"].as_str().unwrap_or(""))
    );
    let places = std::iter::once(&e["location"]).chain(e["related"].as_array().into_iter().flatten());
    for at in places {
        let _ = write!(
            s,
            "<li>thread {} at <code>{}:{}:{}</code> <code class=\"src\">{}</code>",
            escape(at["thread"].as_str().unwrap_or("")),
            escape(at["file"].as_str().unwrap_or("")),
            at["line"],
            at["column"],
            escape(at["code"].as_str().unwrap_or("").trim())
        );
        render_stack(s, &at["stack"], false);
        s.push_str("</li>\n");
    }
    for t in e["threads"].as_array().into_iter().flatten() {
        let (thread, by) = (t["thread"].as_str().unwrap_or(""), t["created_by"].as_str().unwrap_or(""));
        let _ = write!(s, "<li>thread {} was created by thread {} at", escape(thread), escape(by));
        render_stack(s, &t["stack"], true);
        s.push_str("</li>\n");
    }
    if let Some(a) = e["allocated"].as_object() {
        let _ = write!(s, "<li>the block was allocated by thread {} at", escape(a["thread"].as_str().unwrap_or("")));
        render_stack(s, &a["stack"], true);
        s.push_str("</li>\n");
    }
    s.push_str("</ul>\n");
    let inputs = e["inputs"].as_array().cloned().unwrap_or_default();
    if !inputs.is_empty() {
        s.push_str("<table class=\"inputs\"><tr><th>input</th><th>value</th></tr>\n");
        for input in &inputs {
            let _ = writeln!(
                s,
                "<tr><td><code>{}</code></td><td>{}</td></tr>",
                escape(input["at"].as_str().unwrap_or("")),
                escape(input["value"].as_str().unwrap_or(""))
            );
        }
        s.push_str("</table>\n");
    }
    render_interleaving(s, e, sources);
    render_graph(s, e);
    s.push_str("</section>\n");
}

/// A call stack as a list of frames, innermost first (nothing for a single frame unless
/// `always`: at an error's place, the place says it).
fn render_stack(s: &mut String, frames: &Value, always: bool) {
    let frames = frames.as_array().cloned().unwrap_or_default();
    if frames.is_empty() || (frames.len() < 2 && !always) {
        return;
    }
    s.push_str("<ol class=\"stack\" start=\"0\">");
    for f in &frames {
        let _ = write!(
            s,
            "<li><code>{}</code> <code>{}:{}:{}</code></li>",
            escape(f["function"].as_str().unwrap_or("")),
            escape(f["file"].as_str().unwrap_or("")),
            f["line"],
            f["column"]
        );
    }
    s.push_str("</ol>");
}

/// The execution graph (`graph.edges` of the report, indexing its interleaving) as an
/// inline SVG: a column per thread, a row per operation, program order in gray, and the
/// edges between threads — reads-from blue, synchronisation green, creation purple.
fn render_graph(s: &mut String, e: &Value) {
    const ROWS: usize = 200;
    let steps = e["interleaving"].as_array().cloned().unwrap_or_default();
    let edges = e["graph"]["edges"].as_array().cloned().unwrap_or_default();
    if steps.is_empty() || edges.is_empty() || steps.len() > ROWS {
        return;
    }
    let mut threads: Vec<String> = Vec::new();
    let column: Vec<usize> = steps
        .iter()
        .map(|step| {
            let t = step["thread"].as_str().unwrap_or("?").to_string();
            threads.iter().position(|x| *x == t).unwrap_or_else(|| {
                threads.push(t);
                threads.len() - 1
            })
        })
        .collect();
    let (w, h) = (180, 30);
    let centre = |row: usize| (20 + column[row] * w + 75, 40 + row * h + 10);
    let _ = write!(
        s,
        "<h3>execution graph</h3>\n<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"monospace\" font-size=\"10\">\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n",
        40 + threads.len() * w,
        60 + steps.len() * h
    );
    for (c, t) in threads.iter().enumerate() {
        let _ = writeln!(s, "<text x=\"{}\" y=\"20\" font-weight=\"bold\">thread {}</text>", 20 + c * w, escape(t));
    }
    for (row, step) in steps.iter().enumerate() {
        let (x, y) = (20 + column[row] * w, 40 + row * h);
        let op: String = step["op"].as_str().unwrap_or("").chars().take(24).collect();
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"150\" height=\"20\" fill=\"#f4f4f4\" stroke=\"#999\"/><text x=\"{}\" y=\"{}\">{} {}</text>",
            x + 4,
            y + 14,
            row + 1,
            escape(&op)
        );
        if let Some(prev) = (0..row).rev().find(|&p| column[p] == column[row]) {
            let ((x1, y1), (x2, y2)) = (centre(prev), centre(row));
            let _ =
                writeln!(s, "<line x1=\"{x1}\" y1=\"{}\" x2=\"{x2}\" y2=\"{}\" stroke=\"#ccc\"/>", y1 + 10, y2 - 10);
        }
    }
    for edge in &edges {
        let (Some(from), Some(to)) = (edge["from"].as_u64(), edge["to"].as_u64()) else { continue };
        let (from, to) = (from as usize, to as usize);
        if from >= steps.len() || to >= steps.len() {
            continue;
        }
        let colour = match edge["kind"].as_str() {
            Some("rf") => "blue",
            Some("sync") => "green",
            _ => "purple",
        };
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        let _ = writeln!(
            s,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" marker-end=\"url(#arrow)\"><title>{}</title></line>",
            escape(edge["kind"].as_str().unwrap_or(""))
        );
    }
    s.push_str("</svg>\n");
}

/// The interleaving table: a column per thread, in order of first appearance.
fn render_interleaving(s: &mut String, e: &Value, sources: &mut Sources) {
    let mut steps = e["interleaving"].as_array().cloned().unwrap_or_default();
    if steps.is_empty() {
        // No visible operation came before the error (one thread, or an error in the
        // first step): the table is the erroring operation alone.
        let at = &e["location"];
        steps.push(serde_json::json!({
            "thread": at["thread"],
            "at": format!("{}:{}", at["file"].as_str().unwrap_or(""), at["line"]),
            "op": e["kind"],
        }));
    }
    let mut threads: Vec<String> = Vec::new();
    for step in &steps {
        let t = step["thread"].as_str().unwrap_or("?").to_string();
        if !threads.contains(&t) {
            threads.push(t);
        }
    }
    let racing_lines: Vec<String> = std::iter::once(&e["location"])
        .chain(e["related"].as_array().into_iter().flatten())
        .map(|at| format!("{}:{}", at["file"].as_str().unwrap_or(""), at["line"]))
        .collect();
    s.push_str("<table class=\"interleaving\"><tr><th>#</th>");
    for t in &threads {
        let _ = write!(s, "<th>thread {}</th>", escape(t));
    }
    s.push_str("</tr>\n");
    let last = steps.len() - 1;
    for (n, step) in steps.iter().enumerate() {
        let thread = step["thread"].as_str().unwrap_or("?");
        let at = step["at"].as_str().unwrap_or("");
        let op = step["op"].as_str().unwrap_or("");
        // The erroring step and the accesses of a race (at the error's places) stand out.
        let racing = n == last || (op.contains("unsynchronised") || racing_lines.iter().any(|l| l == at));
        let _ = write!(s, "<tr{}><td class=\"step\">{}</td>", if racing { " class=\"racing\"" } else { "" }, n + 1);
        for t in &threads {
            if t == thread {
                let (file, line) = at.rsplit_once(':').unwrap_or((at, "0"));
                let code = line.parse().ok().and_then(|l| sources.line(file, l)).unwrap_or_default();
                // The full paths are in the list of places; a cell names the file only.
                let name = file.rsplit('/').next().unwrap_or(file);
                let _ = write!(
                    s,
                    "<td class=\"active\"><span class=\"op\">{}</span><br><code class=\"src\">{}:{} {}</code></td>",
                    escape(op),
                    escape(name),
                    escape(line),
                    escape(code.trim())
                );
            } else {
                s.push_str("<td></td>");
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
}

/// Text safe inside HTML elements and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
