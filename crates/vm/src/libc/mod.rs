pub mod decimal;
pub mod format;
pub mod strconv;
