//! Reading GNU Go-format `.tst` files.
//!
//! A `.tst` file is GTP input. Lines that carry a command are sent to the
//! engine; a command that starts with a number is a *test*, and the `#?` line
//! right after it holds the expected answer (see [`crate::expect`]). Every
//! other line (comments, blank lines) is not sent.
//!
//! As in GNU Go's evaluation, a `#?` line belongs to the command on the line
//! just before it; a numbered command without one is still a test, whose
//! expected answer is empty.

use crate::expect::Expectation;
use std::path::{Path, PathBuf};

/// One command line of a suite.
#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based line number in the file.
    pub line: usize,
    /// The test number, for numbered commands.
    pub id: Option<u64>,
    /// The command name (first word after the number).
    pub name: String,
    /// The command without its number: name and arguments.
    pub command: String,
    /// The expected answer (tests only).
    pub expect: Option<Expectation>,
}

impl Step {
    /// True for a numbered command, which is a test.
    pub fn is_test(&self) -> bool {
        self.id.is_some()
    }

    /// The line as sent to the engine: the number, if any, then the command.
    pub fn wire(&self) -> String {
        match self.id {
            Some(id) => format!("{id} {}", self.command),
            None => self.command.clone(),
        }
    }
}

/// A parsed `.tst` file.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The file as named on the command line.
    pub path: PathBuf,
    /// Its command lines, in order.
    pub steps: Vec<Step>,
    /// Oddities found while reading (orphan `#?` lines, repeated numbers).
    pub warnings: Vec<String>,
    /// Options for an in-process tesuji engine, from `#! tesuji-options:` lines.
    pub tesuji_options: Vec<String>,
}

/// The directive that gives options to an in-process tesuji engine. It is a
/// comment, so other tools read the file unchanged.
pub const OPTIONS_DIRECTIVE: &str = "#! tesuji-options:";

impl Suite {
    /// Read and parse the file at `path`.
    pub fn load(path: &Path) -> Result<Suite, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Suite::parse(path, &String::from_utf8_lossy(&bytes)))
    }

    /// Parse `text`, the contents of the file at `path`.
    pub fn parse(path: &Path, text: &str) -> Suite {
        let mut steps: Vec<Step> = Vec::new();
        let mut warnings = Vec::new();
        let mut tesuji_options = Vec::new();
        // Index in `steps` of the command on the previous line, if that line
        // held a numbered command.
        let mut previous_test: Option<usize> = None;
        for (k, raw) in text.split('\n').enumerate() {
            let line_no = k + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if let Some(rest) = raw.strip_prefix("#?") {
                match previous_test {
                    Some(i) => {
                        if steps[i].expect.is_some() {
                            warnings.push(format!(
                                "line {line_no}: second #? line for test {}; the last one counts",
                                steps[i].id.unwrap_or(0)
                            ));
                        }
                        steps[i].expect = Some(Expectation::parse(rest));
                    }
                    None => warnings.push(format!(
                        "line {line_no}: #? line not right after a numbered command: ignored"
                    )),
                }
                // Several #? lines in a row all refer to the same command.
                continue;
            }
            previous_test = None;
            if let Some(opts) = raw.strip_prefix(OPTIONS_DIRECTIVE) {
                tesuji_options.extend(opts.split_whitespace().map(str::to_string));
                continue;
            }
            let Some(clean) = clean_line(raw) else {
                continue;
            };
            let mut words = clean.split_whitespace();
            let first = words.next().unwrap_or_default();
            let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
                match (first.parse::<u64>(), words.next()) {
                    (Ok(id), Some(name)) => (Some(id), name),
                    _ => {
                        warnings.push(format!("line {line_no}: a number without a command"));
                        continue;
                    }
                }
            } else {
                (None, first)
            };
            let command = match id {
                Some(_) => clean[first.len()..].trim_start().to_string(),
                None => clean.clone(),
            };
            if let Some(id) = id {
                if steps.iter().any(|s| s.id == Some(id)) {
                    warnings.push(format!("line {line_no}: test number {id} used twice"));
                }
                previous_test = Some(steps.len());
            }
            steps.push(Step {
                line: line_no,
                id,
                name: name.to_string(),
                command,
                expect: None,
            });
        }
        Suite {
            path: path.to_path_buf(),
            steps,
            warnings,
            tesuji_options,
        }
    }

    /// The folder the file is in: commands run from there.
    pub fn dir(&self) -> PathBuf {
        match self.path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// The file name without its folder.
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.path.display().to_string())
    }

    /// Number of tests in the file.
    pub fn test_count(&self) -> usize {
        self.steps.iter().filter(|s| s.is_test()).count()
    }
}

/// Clean a line as a GTP engine does before reading it: control characters
/// other than tab dropped, tabs made spaces, the comment after `#` cut, spaces
/// trimmed. `None` if nothing is left.
pub fn clean_line(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    let t = out.trim();
    (!t.is_empty()).then(|| t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Suite {
        Suite::parse(Path::new("dir/x.tst"), text)
    }

    #[test]
    fn numbered_commands_are_tests_with_their_expectations() {
        let s = parse(
            "# comment\nloadsgf games/a.sgf 12\n1 attack E3\n#? [0]\n\n2 reg_genmove white\n#? [E9|E10]*\n",
        );
        assert_eq!(s.steps.len(), 3);
        assert_eq!(s.steps[0].id, None);
        assert_eq!(s.steps[0].name, "loadsgf");
        assert_eq!(s.steps[0].wire(), "loadsgf games/a.sgf 12");
        assert_eq!(s.steps[1].id, Some(1));
        assert_eq!(s.steps[1].command, "attack E3");
        assert_eq!(s.steps[1].wire(), "1 attack E3");
        assert_eq!(s.steps[1].expect.as_ref().unwrap().pattern, "0");
        assert!(s.steps[2].expect.as_ref().unwrap().expect_failure);
        assert_eq!(s.test_count(), 2);
        assert!(s.warnings.is_empty());
        assert_eq!(s.dir(), PathBuf::from("dir"));
        assert_eq!(s.file_name(), "x.tst");
    }

    #[test]
    fn a_test_without_expectation_expects_nothing() {
        let s = parse("3 name\n# not an expectation\n#? [tesuji]\n");
        assert_eq!(s.steps.len(), 1);
        assert!(s.steps[0].expect.is_none());
        assert_eq!(s.warnings.len(), 1);
    }

    #[test]
    fn comments_tabs_and_carriage_returns_are_cleaned() {
        let s = parse("4\tplay\tblack C3  # the move\r\n#? []\r\n");
        assert_eq!(s.steps[0].command, "play black C3");
        assert_eq!(s.steps[0].expect.as_ref().unwrap().pattern, "");
        assert_eq!(clean_line("   # only a comment"), None);
        assert_eq!(clean_line("a\x01b"), Some("ab".to_string()));
    }

    #[test]
    fn repeated_numbers_and_bare_numbers_are_reported() {
        let s = parse("1 name\n1 version\n7\n");
        assert_eq!(s.steps.len(), 2);
        assert_eq!(s.warnings.len(), 2);
    }

    #[test]
    fn options_directive_is_read() {
        let s = parse("#! tesuji-options: --positional-superko --chinese-rules\n1 name\n");
        assert_eq!(
            s.tesuji_options,
            vec!["--positional-superko", "--chinese-rules"]
        );
    }
}
