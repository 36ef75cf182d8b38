//! The test files of `ravel check --tests`, which `ravel run --inputs` reads back.

use anyhow::{Context, Result};
use std::path::Path;

/// A test file of `ravel check --tests`: the values of one execution's inputs, in order.
#[derive(serde::Serialize, serde::Deserialize)]
struct TestFile {
    format: String,
    program: String,
    inputs: Vec<ravel_explore::InputValue>,
}

/// Writes `test000001.json`, ... into `dir`, one per input vector.
pub fn write_tests(dir: &Path, program: &Path, tests: &[Vec<ravel_explore::InputValue>]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (i, inputs) in tests.iter().enumerate() {
        let file = TestFile {
            format: "ravel-inputs-1".into(),
            program: program.display().to_string(),
            inputs: inputs.clone(),
        };
        let path = dir.join(format!("test{:06}.json", i + 1));
        crate::output::write_file(&path, serde_json::to_string_pretty(&file)?.as_bytes())?;
    }
    Ok(())
}

/// The input values of a test file, in order.
pub fn read_test(path: &Path) -> Result<Vec<u64>> {
    let text = crate::input_file::read_text(path)?;
    let file: TestFile =
        serde_json::from_str(&text).with_context(|| format!("{} is not a ravel test file", path.display()))?;
    Ok(file.inputs.iter().map(|i| i.value as u64).collect())
}
