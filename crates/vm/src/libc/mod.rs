pub mod format;
pub mod strconv;
