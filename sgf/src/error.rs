//! Error types: [`SgfError`] for parse failures, [`FileError`] for [`crate::parse_file`].

use std::fmt;
use std::path::PathBuf;

/// A parse failure, located at the point of the input where parsing failed.
///
/// `line` and `column` are 1-based. Columns count bytes, not characters. A line
/// ends at `\n`, `\r\n` or a lone `\r`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in bytes).
    pub column: usize,
    /// What went wrong.
    pub message: String,
}

impl SgfError {
    /// Builds an error at byte `offset` of `input` (an offset past the end is
    /// clamped to the end).
    pub fn at(input: &[u8], offset: usize, message: impl Into<String>) -> SgfError {
        let (line, column) = line_column(input, offset);
        SgfError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for SgfError {}

/// 1-based (line, column) of byte `offset` in `input`.
fn line_column(input: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(input.len());
    let mut line = 1;
    let mut line_start = 0;
    for (i, &b) in input[..offset].iter().enumerate() {
        let ends_line = b == b'\n' || (b == b'\r' && input.get(i + 1) != Some(&b'\n'));
        if ends_line {
            line += 1;
            line_start = i + 1;
        }
    }
    (line, offset - line_start + 1)
}

/// A failure of [`crate::parse_file`]: the file could not be read, or its
/// content is not valid SGF. Both variants carry the path.
#[derive(Debug)]
pub enum FileError {
    /// The file could not be read.
    Io {
        /// The file that was being read.
        path: PathBuf,
        /// The underlying I/O error.
        error: std::io::Error,
    },
    /// The file was read but could not be parsed.
    Parse {
        /// The file that was parsed.
        path: PathBuf,
        /// Where and why parsing failed.
        error: SgfError,
    },
}

impl FileError {
    /// The path of the file concerned.
    pub fn path(&self) -> &std::path::Path {
        match self {
            FileError::Io { path, .. } | FileError::Parse { path, .. } => path,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, error } => write!(f, "{}: {}", path.display(), error),
            FileError::Parse { path, error } => write!(f, "{}: {}", path.display(), error),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { error, .. } => Some(error),
            FileError::Parse { error, .. } => Some(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let input = b"ab\ncd\r\nef\rgh";
        assert_eq!(line_column(input, 0), (1, 1));
        assert_eq!(line_column(input, 1), (1, 2));
        assert_eq!(line_column(input, 2), (1, 3));
        assert_eq!(line_column(input, 3), (2, 1));
        assert_eq!(line_column(input, 5), (2, 3)); // the '\r' of "\r\n"
        assert_eq!(line_column(input, 6), (2, 4)); // the '\n' of "\r\n"
        assert_eq!(line_column(input, 7), (3, 1));
        assert_eq!(line_column(input, 10), (4, 1));
        assert_eq!(line_column(input, 999), (4, 3));
    }

    #[test]
    fn display() {
        let e = SgfError::at(b"x\nyz", 3, "bad");
        assert_eq!(e.to_string(), "line 2, column 2: bad");
        let f = FileError::Parse {
            path: "a/b.sgf".into(),
            error: e,
        };
        assert_eq!(f.to_string(), "a/b.sgf: line 2, column 2: bad");
    }
}
