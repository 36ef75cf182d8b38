pub mod ctype;
pub mod decimal;
pub mod format;
pub mod random;
pub mod strconv;
pub mod strings;
