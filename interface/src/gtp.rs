//! The Go Text Protocol, version 2: framing of commands and answers, and the
//! server loop. The commands themselves live in [`crate::commands`].
//!
//! Framing follows the specification: control characters other than tab and
//! newline are dropped, tabs become spaces, everything after `#` is a comment,
//! empty lines are ignored; a command is an optional numeric id, a name and
//! arguments; an answer is `=id text` or `?id text` followed by an empty line.

use crate::commands::{self, Handler};
use crate::session::Session;
use std::io::{BufRead, Write};

/// One parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id, if the line started with one.
    pub id: Option<u64>,
    /// Command name.
    pub name: String,
    /// Arguments, split on whitespace.
    pub args: Vec<String>,
}

/// Clean one input line as the specification asks. Returns `None` for lines
/// that carry no command (empty, whitespace, comment).
pub fn preprocess(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            '\n' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    let trimmed = out.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Split a cleaned line into id, name and arguments.
pub fn parse(line: &str) -> Option<Command> {
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next()?.to_string()),
            Err(_) => (None, first.to_string()),
        }
    } else {
        (None, first.to_string())
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// Format an answer: `=id text\n\n` or `?id text\n\n`.
pub fn format_answer(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    // An empty line would end the answer early: never send one inside it.
    let body: String = text
        .trim_end_matches('\n')
        .split('\n')
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let lead = if text.starts_with('\n') { "\n" } else { "" };
    format!("{mark}{id} {lead}{body}\n\n")
}

/// A GTP engine: a session and the command table.
pub struct GtpEngine {
    /// The engine state the commands act on.
    pub session: Session,
    table: Vec<(&'static str, Handler)>,
}

impl GtpEngine {
    /// A GTP engine over `session`.
    pub fn new(session: Session) -> GtpEngine {
        GtpEngine {
            session,
            table: commands::table(),
        }
    }

    /// Names of all commands, sorted.
    pub fn command_names(&self) -> Vec<&'static str> {
        self.table.iter().map(|(n, _)| *n).collect()
    }

    /// Handle one line of input. Returns the full answer text (ending with the
    /// empty line), or `None` if the line holds no command.
    pub fn execute(&mut self, line: &str) -> Option<String> {
        let clean = preprocess(line)?;
        let mut cmd = parse(&clean)?;
        if cmd.name == "echo" || cmd.name == "echo_err" {
            // Echo the rest of the line as typed, inner spaces included.
            let after_name = clean
                .find(cmd.name.as_str())
                .map_or("", |i| &clean[i + cmd.name.len()..]);
            cmd.args = vec![after_name.trim().to_string()];
        }
        let result = self.run(&cmd.name, &cmd.args);
        Some(format_answer(cmd.id, &result))
    }

    /// Run the command `name` with `args`; the answer text or the error.
    pub fn run(&mut self, name: &str, args: &[String]) -> Result<String, String> {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match name {
            "list_commands" | "help" => Ok(self.command_names().join("\n")),
            "known_command" => {
                let known = args
                    .first()
                    .is_some_and(|a| self.table.iter().any(|(n, _)| n == a));
                Ok(if known { "true" } else { "false" }.to_string())
            }
            _ => match self.table.binary_search_by(|(n, _)| n.cmp(&name)) {
                Ok(i) => {
                    commands::stack_guard(&mut self.session, name)?;
                    let handler = self.table[i].1;
                    handler(&mut self.session, &args)
                }
                Err(_) => Err("unknown command".to_string()),
            },
        }
    }

    /// True once `quit` has been received.
    pub fn quit_requested(&self) -> bool {
        self.session.quit
    }

    /// Serve GTP on `input`/`output` until `quit` or end of input.
    pub fn serve(&mut self, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
        for line in input.split(b'\n') {
            let line = line?;
            let text = String::from_utf8_lossy(&line);
            if let Some(answer) = self.execute(&text) {
                output.write_all(answer.as_bytes())?;
                output.flush()?;
            }
            if self.quit_requested() {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_specification() {
        assert_eq!(preprocess("  # a comment"), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess("\r"), None);
        assert_eq!(preprocess("play\tb\ta1\r"), Some("play b a1".to_string()));
        assert_eq!(preprocess("name # why"), Some("name".to_string()));
        assert_eq!(preprocess("na\x01me"), Some("name".to_string()));
    }

    #[test]
    fn ids_are_parsed() {
        let c = parse("12 play b a1").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "a1"]);
        assert_eq!(parse("name").unwrap().id, None);
        assert_eq!(parse("12").map(|c| c.name), None);
        // An id too large for u64 is not an id.
        assert_eq!(parse("99999999999999999999999 name").unwrap().id, None);
    }

    #[test]
    fn answers_are_framed() {
        assert_eq!(format_answer(Some(3), &Ok("x".into())), "=3 x\n\n");
        assert_eq!(format_answer(None, &Ok(String::new())), "= \n\n");
        assert_eq!(format_answer(None, &Err("bad".into())), "? bad\n\n");
        assert_eq!(format_answer(None, &Ok("a\n\nb\n".into())), "= a\nb\n\n");
        assert_eq!(
            format_answer(None, &Ok("\n  A\n 1 .".into())),
            "= \n  A\n 1 .\n\n"
        );
    }
}
