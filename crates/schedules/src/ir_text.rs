//! The textual LLVM IR as functions and their blocks, for the passes that read or rewrite
//! the program as text (epoch markers, barrier results).

/// One function of the textual IR: its name, and its blocks as (label, first line, last
/// line) with the lines in between.
pub(crate) struct Function {
    pub name: String,
    pub blocks: Vec<Block>,
}

pub(crate) struct Block {
    pub label: String,
    /// Line index of the label (the entry block's first instruction when unlabelled).
    pub start: usize,
    pub end: usize,
    pub preds: Vec<String>,
}

/// The functions defined in the textual IR `lines`.
pub(crate) fn functions(lines: &[&str]) -> Vec<Function> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if !l.starts_with("define ") {
            i += 1;
            continue;
        }
        let name = l.split('@').nth(1).and_then(|n| n.split('(').next()).unwrap_or("").to_string();
        let mut blocks: Vec<Block> = Vec::new();
        let mut j = i + 1;
        while j < lines.len() && lines[j] != "}" {
            let line = lines[j];
            let is_label = !line.starts_with(' ')
                && !line.is_empty()
                && line.split(';').next().unwrap_or("").trim_end().ends_with(':');
            if is_label || blocks.is_empty() {
                if let Some(b) = blocks.last_mut() {
                    b.end = j;
                }
                let label = if is_label { line.split(':').next().unwrap_or("").to_string() } else { String::new() };
                let preds = line
                    .split("; preds = ")
                    .nth(1)
                    .map(|p| p.split(", ").map(|s| s.trim().trim_start_matches('%').to_string()).collect())
                    .unwrap_or_default();
                blocks.push(Block { label, start: j, end: j, preds });
            }
            j += 1;
        }
        if let Some(b) = blocks.last_mut() {
            b.end = j;
        }
        out.push(Function { name, blocks });
        i = j + 1;
    }
    out
}
