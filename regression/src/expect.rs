//! Expected answers and verdicts, with GNU Go's semantics.
//!
//! The text after `#?` is `[pattern]`, optionally followed by `*` (the test
//! is expected to fail) or `&` (the answer is not checked). A pattern that
//! starts with `!` passes when the answer does *not* match. The pattern is
//! used as a regular expression anchored by putting `^` before it and `$`
//! after it, with no grouping: `[1 A1|B2]` means "starts with `1 A1`, or ends
//! with `B2`", exactly as GNU Go's evaluation script builds it.
//!
//! The answer compared is the first line of the engine's response with the
//! leading `=id ` (or `?id `, for an error) and the spaces after it removed.

use regex::Regex;
use std::fmt;

/// What a test's `#?` line says.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The text after `#?`, trimmed at the front, e.g. `[E9|E10]*`.
    pub raw: String,
    /// The pattern: the text between the brackets, without a leading `!`.
    pub pattern: String,
    /// A leading `!`: the test passes when the answer does not match.
    pub negate: bool,
    /// A trailing `*`: the test is expected to fail.
    pub expect_failure: bool,
    /// A trailing `&`: the answer is not checked.
    pub unchecked: bool,
    regex: Result<Regex, String>,
}

/// The outcome of one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Matched, as expected.
    Passed,
    /// Matched, though expected to fail (GNU Go's "unexpected PASS").
    UnexpectedPass,
    /// Did not match, as expected.
    Failed,
    /// Did not match, though expected to pass (GNU Go's "unexpected FAIL").
    UnexpectedFail,
    /// The engine died (or panicked) on this test.
    Crashed,
    /// The engine did not answer within the time limit.
    Timeout,
    /// A `&` test: answered, not judged.
    Unchecked,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 7] = [
        Verdict::Passed,
        Verdict::UnexpectedPass,
        Verdict::Failed,
        Verdict::UnexpectedFail,
        Verdict::Crashed,
        Verdict::Timeout,
        Verdict::Unchecked,
    ];

    /// The name used in reports and JSON: `passed`, `PASSED`, `failed`,
    /// `FAILED`, `crashed`, `timeout` (and `unchecked`).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::UnexpectedPass => "PASSED",
            Verdict::Failed => "failed",
            Verdict::UnexpectedFail => "FAILED",
            Verdict::Crashed => "crashed",
            Verdict::Timeout => "timeout",
            Verdict::Unchecked => "unchecked",
        }
    }

    /// The verdict with this name.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == name)
    }

    /// True when the answer matched the expectation.
    pub fn matched(self) -> bool {
        matches!(self, Verdict::Passed | Verdict::UnexpectedPass)
    }

    /// True for outcomes that deserve a look: unexpected results, crashes
    /// and time-outs.
    pub fn is_surprise(self) -> bool {
        matches!(
            self,
            Verdict::UnexpectedPass | Verdict::UnexpectedFail | Verdict::Crashed | Verdict::Timeout
        )
    }

    /// True for outcomes that are not a pass: failures, crashes, time-outs.
    pub fn is_failing(self) -> bool {
        matches!(
            self,
            Verdict::Failed | Verdict::UnexpectedFail | Verdict::Crashed | Verdict::Timeout
        )
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Expectation {
    /// Parse the text after `#?`.
    pub fn parse(text: &str) -> Expectation {
        let raw = text.trim_start_matches([' ', '\t']).to_string();
        let unchecked = raw.ends_with('&');
        let expect_failure = raw.ends_with('*');
        let mut body: &str = raw.strip_prefix('[').unwrap_or(&raw);
        // Drop a closing bracket followed only by `*` and `&` marks.
        let marks = body.trim_end_matches(['*', '&']);
        if let Some(inner) = marks.strip_suffix(']') {
            body = inner;
        }
        let (negate, pattern) = match body.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, body),
        };
        let regex = Regex::new(&format!("^{pattern}$")).map_err(|e| e.to_string());
        Expectation {
            raw: raw.clone(),
            pattern: pattern.to_string(),
            negate,
            expect_failure,
            unchecked,
            regex,
        }
    }

    /// The expectation of a numbered command without a `#?` line: an empty
    /// answer.
    pub fn empty() -> Expectation {
        let mut e = Expectation::parse("[]");
        e.raw = String::new();
        e
    }

    /// The pattern as shown in reports: `[...]` text without the marks.
    pub fn shown(&self) -> String {
        if self.negate {
            format!("!{}", self.pattern)
        } else {
            self.pattern.clone()
        }
    }

    /// An error in the pattern, if it is not a valid regular expression.
    pub fn pattern_error(&self) -> Option<&str> {
        self.regex.as_ref().err().map(String::as_str)
    }

    /// True if `answer` (see [`answer_text`]) satisfies the pattern,
    /// negation included. An invalid pattern is satisfied by nothing.
    pub fn accepts(&self, answer: &str) -> bool {
        match &self.regex {
            Ok(re) => re.is_match(answer) != self.negate,
            Err(_) => false,
        }
    }

    /// The verdict for `answer`.
    pub fn judge(&self, answer: &str) -> Verdict {
        if self.unchecked {
            return Verdict::Unchecked;
        }
        match (self.accepts(answer), self.expect_failure) {
            (true, false) => Verdict::Passed,
            (true, true) => Verdict::UnexpectedPass,
            (false, true) => Verdict::Failed,
            (false, false) => Verdict::UnexpectedFail,
        }
    }
}

/// The part of a GTP response a test is judged on: the first line, without
/// the leading `=` or `?`, the id and the spaces after them.
pub fn answer_text(response: &str) -> String {
    let first = response
        .trim_start_matches(['\r', '\n'])
        .split('\n')
        .next()
        .unwrap_or_default();
    let first = first.replacen('\r', "", 1);
    let rest = first
        .strip_prefix('=')
        .or_else(|| first.strip_prefix('?'))
        .unwrap_or(&first);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.trim_start_matches(' ').to_string()
}

/// True if a GTP response is an error (`?`).
pub fn is_error(response: &str) -> bool {
    response.trim_start_matches(['\r', '\n']).starts_with('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_and_marks_are_read() {
        let e = Expectation::parse(" [E9|E10]*");
        assert_eq!(e.pattern, "E9|E10");
        assert!(e.expect_failure && !e.negate && !e.unchecked);
        let e = Expectation::parse("[!(A3|A5)]");
        assert_eq!(e.pattern, "(A3|A5)");
        assert!(e.negate && !e.expect_failure);
        assert_eq!(e.shown(), "!(A3|A5)");
        let e = Expectation::parse("[1 G1]&");
        assert!(e.unchecked && !e.expect_failure);
        assert_eq!(e.pattern, "1 G1");
    }

    #[test]
    fn a_missing_closing_bracket_is_tolerated() {
        // unconditional.tst has lines like `#? [undecided`.
        let e = Expectation::parse(" [undecided");
        assert_eq!(e.pattern, "undecided");
        assert_eq!(e.judge("undecided"), Verdict::Passed);
    }

    #[test]
    fn the_pattern_is_anchored_without_grouping() {
        let e = Expectation::parse("[1 A1|B2]");
        assert!(e.accepts("1 A1"));
        assert!(e.accepts("1 A1 and more")); // `^1 A1` alone
        assert!(e.accepts("0 B2")); // `B2$` alone
        assert!(!e.accepts("1 B2 x"));
        assert!(!e.accepts("0 C3"));
        let e = Expectation::parse("[1 (A1|B2)]");
        assert!(e.accepts("1 B2"));
        assert!(!e.accepts("0 B2"));
        let e = Expectation::parse("[E5]");
        assert!(!e.accepts("E50"));
        assert!(!e.accepts("E5 "));
    }

    #[test]
    fn verdicts_follow_the_marks() {
        let pass = Expectation::parse("[C3]");
        let fail = Expectation::parse("[C3]*");
        let not = Expectation::parse("[!C3]");
        assert_eq!(pass.judge("C3"), Verdict::Passed);
        assert_eq!(pass.judge("D4"), Verdict::UnexpectedFail);
        assert_eq!(fail.judge("C3"), Verdict::UnexpectedPass);
        assert_eq!(fail.judge("D4"), Verdict::Failed);
        assert_eq!(not.judge("C3"), Verdict::UnexpectedFail);
        assert_eq!(not.judge("D4"), Verdict::Passed);
        assert_eq!(Expectation::empty().judge(""), Verdict::Passed);
        assert_eq!(Expectation::empty().judge("black"), Verdict::UnexpectedFail);
    }

    #[test]
    fn a_bad_pattern_never_matches() {
        let e = Expectation::parse("[(A1]");
        assert!(e.pattern_error().is_some());
        assert_eq!(e.judge("(A1"), Verdict::UnexpectedFail);
    }

    #[test]
    fn answers_lose_their_id_and_later_lines() {
        assert_eq!(answer_text("=12 C3\n\n"), "C3");
        assert_eq!(answer_text("?7 unknown command\n\n"), "unknown command");
        assert_eq!(answer_text("=3 \n\n"), "");
        assert_eq!(answer_text("= black\n\n"), "black");
        assert_eq!(answer_text("=4 1 G1\r\n\r\n"), "1 G1");
        assert_eq!(answer_text("=5 first\nsecond\n\n"), "first");
        // Trailing spaces are kept, as GNU Go's script keeps them.
        assert_eq!(answer_text("=6 C3 \n\n"), "C3 ");
        assert!(is_error("?1 bad\n\n"));
        assert!(!is_error("=1 ok\n\n"));
    }

    #[test]
    fn names_round_trip() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_name(v.name()), Some(v));
        }
        assert!(Verdict::UnexpectedFail.is_surprise());
        assert!(!Verdict::Failed.is_surprise());
        assert!(Verdict::Failed.is_failing());
        assert!(Verdict::UnexpectedPass.matched());
    }
}
