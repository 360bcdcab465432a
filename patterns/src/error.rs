//! Compile errors: every one names the `.db` file and line it comes from.

use std::fmt;

/// An error in a pattern database, reported as `file.db:line: reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// File name as given to the compiler (usually `name.db`).
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl Error {
    /// An error at `file:line`.
    pub fn new(file: &str, line: usize, message: impl Into<String>) -> Error {
        Error {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for Error {}

/// Join a list of errors into one message, one error a line.
pub fn join(errors: &[Error]) -> String {
    errors
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
