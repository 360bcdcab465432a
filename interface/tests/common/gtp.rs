//! Two GTP engines behind one interface: GNU Go as a child process, tesuji
//! in-process.

use clap::Parser;
use interface::cli::Cli;
use interface::GtpEngine;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP answer: `Ok(text)` for `=`, `Err(text)` for `?` (id and the
/// leading space removed, lines joined with `\n`).
pub type Answer = Result<String, String>;

/// Something that answers GTP commands.
pub trait Gtp {
    /// Send one command line and wait for its answer.
    fn ask(&mut self, command: &str) -> Answer;

    /// Send several commands; the answers in order. Engines behind a pipe
    /// send them all before reading, which saves a round trip per command.
    fn ask_all(&mut self, commands: &[String]) -> Vec<Answer> {
        commands.iter().map(|c| self.ask(c)).collect()
    }
}

/// Split the text of one full answer (`=id text\n\n`) into an [`Answer`].
/// Panics on text that is not a GTP answer: that is a protocol failure.
pub fn parse_answer(text: &str) -> Answer {
    let ok = match text.as_bytes().first() {
        Some(b'=') => true,
        Some(b'?') => false,
        _ => panic!("not a GTP answer: {text:?}"),
    };
    let rest = text[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let body = rest.trim_end_matches('\n').to_string();
    if ok {
        Ok(body)
    } else {
        Err(body)
    }
}

/// Where GNU Go is: `$GNUGO` if set (only there: `GNUGO=none` skips the
/// tests), else `/usr/games/gnugo`, else `gnugo` on the `PATH`. `None` if it
/// does not run.
pub fn gnugo_path() -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = match std::env::var_os("GNUGO") {
        Some(p) => vec![p.into()],
        None => vec!["/usr/games/gnugo".into(), "gnugo".into()],
    };
    candidates.into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Print why a test is skipped when GNU Go is missing; true if it is there.
pub fn gnugo_available(test: &str) -> bool {
    if gnugo_path().is_some() {
        return true;
    }
    eprintln!("{test}: skipped, GNU Go not found (set GNUGO=/path/to/gnugo to run it)");
    false
}

/// A `gnugo --mode gtp --quiet` child process.
pub struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Start GNU Go with these extra options (`--allow-suicide`, …).
    /// `None` if GNU Go is not installed.
    pub fn spawn(options: &[&str]) -> Option<GnuGo> {
        let path = gnugo_path()?;
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--quiet"])
            .args(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(GnuGo {
            child,
            input,
            output,
        })
    }

    fn read_answer(&mut self) -> Answer {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .expect("reading from gnugo");
            assert!(n > 0, "gnugo closed its output (crashed?) after:\n{text}");
            if line == "\n" {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push_str(&line);
        }
        parse_answer(&text)
    }
}

impl Gtp for GnuGo {
    fn ask(&mut self, command: &str) -> Answer {
        writeln!(self.input, "{command}").expect("writing to gnugo");
        self.input.flush().expect("writing to gnugo");
        self.read_answer()
    }

    fn ask_all(&mut self, commands: &[String]) -> Vec<Answer> {
        let mut batch = String::new();
        for c in commands {
            batch.push_str(c);
            batch.push('\n');
        }
        self.input
            .write_all(batch.as_bytes())
            .expect("writing to gnugo");
        self.input.flush().expect("writing to gnugo");
        commands.iter().map(|_| self.read_answer()).collect()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        if self.child.wait().is_err() {
            let _ = self.child.kill();
        }
    }
}

/// tesuji's GTP engine, in-process, set up from command-line options as the
/// `tesuji` binary would be.
pub struct Tesuji {
    /// The engine; tests may look inside (the board's ko point…).
    pub gtp: GtpEngine,
}

impl Tesuji {
    /// A GTP engine with these options (the same names as GNU Go's); the
    /// random seed is 1 unless the options give one.
    pub fn new(options: &[&str]) -> Tesuji {
        let seed: &[&str] = if options.contains(&"--seed") {
            &[]
        } else {
            &["--seed", "1"]
        };
        let argv = ["tesuji", "--mode", "gtp", "--quiet"]
            .into_iter()
            .chain(seed.iter().copied())
            .chain(options.iter().copied());
        let cli = Cli::try_parse_from(argv).expect("valid tesuji options");
        let session = cli.opts.session().expect("a tesuji session");
        Tesuji {
            gtp: GtpEngine::new(session),
        }
    }
}

impl Gtp for Tesuji {
    fn ask(&mut self, command: &str) -> Answer {
        let text = self
            .gtp
            .execute(command)
            .unwrap_or_else(|| panic!("tesuji gave no answer to {command:?}"));
        assert!(text.ends_with("\n\n"), "answer not ended by an empty line");
        parse_answer(&text)
    }
}

/// A number from the environment variable `name`, or `default`.
pub fn env_usize(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

/// A u64 from the environment variable `name`, or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}
