//! Source locations as the reports print them.

use ravel_ir::{Program, SrcLoc};

/// `file:line` of a location.
pub fn place(program: &Program, loc: SrcLoc) -> String {
    let file = program.files.get(loc.file as usize).map(String::as_str).unwrap_or("?");
    if loc.line == 0 {
        "?".to_string()
    } else {
        format!("{file}:{}", loc.line)
    }
}

/// `file:line:column` of a location (`file:line` when the column is unknown).
pub fn place_col(program: &Program, loc: SrcLoc) -> String {
    match loc.col {
        0 => place(program, loc),
        col => format!("{}:{col}", place(program, loc)),
    }
}
