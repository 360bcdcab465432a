//! GNU Go and tesuji side by side: every command goes to both, the answers
//! are compared, and a difference fails the test with a transcript that
//! replays it (`gnugo --mode gtp OPTIONS < FILE`, `tesuji --mode gtp OPTIONS
//! < FILE`).

use super::gtp::{Answer, GnuGo, Gtp, Tesuji};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The two engines, started with the same options.
pub struct Pair {
    /// GNU Go, the reference.
    pub gnugo: GnuGo,
    /// tesuji, in-process.
    pub tesuji: Tesuji,
    options: Vec<String>,
    label: String,
    transcript: Vec<String>,
}

impl Pair {
    /// Both engines with `options` (GNU Go option names, which tesuji shares).
    /// `label` names the run in failure reports. `None` without GNU Go.
    pub fn new(options: &[&str], label: &str) -> Option<Pair> {
        Some(Pair {
            gnugo: GnuGo::spawn(options)?,
            tesuji: Tesuji::new(options),
            options: options.iter().map(|s| s.to_string()).collect(),
            label: label.to_string(),
            transcript: Vec::new(),
        })
    }

    /// Change the label used in failure reports (a new game, a new file…).
    pub fn relabel(&mut self, label: &str) {
        self.label = label.to_string();
    }

    /// Forget the transcript (call at the start of a new game).
    pub fn new_transcript(&mut self) {
        self.transcript.clear();
    }

    /// Send `command` to both; both answers, GNU Go's first.
    pub fn both(&mut self, command: &str) -> (Answer, Answer) {
        self.transcript.push(command.to_string());
        (self.gnugo.ask(command), self.tesuji.ask(command))
    }

    /// Send `command` to both and require the same answer; returns it.
    pub fn same(&mut self, command: &str) -> Answer {
        let (g, t) = self.both(command);
        if comparable(command, &g) != comparable(command, &t) {
            self.fail(&format!(
                "different answers to `{command}`\n  gnugo : {g:?}\n  tesuji: {t:?}"
            ));
        }
        g
    }

    /// Send `command` to both and require a success answer, the same from
    /// both; returns its text.
    pub fn ok(&mut self, command: &str) -> String {
        match self.same(command) {
            Ok(text) => text,
            Err(e) => self.fail(&format!("`{command}` failed in both: {e}")),
        }
    }

    /// Send several commands to both and require the same answers.
    pub fn same_all(&mut self, commands: &[String]) -> Vec<Answer> {
        self.transcript.extend(commands.iter().cloned());
        let g = self.gnugo.ask_all(commands);
        let t = self.tesuji.ask_all(commands);
        for (k, c) in commands.iter().enumerate() {
            if comparable(c, &g[k]) != comparable(c, &t[k]) {
                self.fail(&format!(
                    "different answers to `{c}`\n  gnugo : {:?}\n  tesuji: {:?}",
                    g[k], t[k]
                ));
            }
        }
        g
    }

    /// Fail the test: report `what`, save the transcript for replay.
    pub fn fail(&self, what: &str) -> ! {
        let file = self.save_transcript();
        let mut msg = format!("[{}] {what}\n", self.label);
        let _ = writeln!(
            msg,
            "replay: gnugo --mode gtp {opts} < {f}   /   tesuji --mode gtp {opts} < {f}",
            opts = self.options.join(" "),
            f = file.display()
        );
        msg.push_str("last commands:\n");
        let from = self.transcript.len().saturating_sub(12);
        for c in &self.transcript[from..] {
            let _ = writeln!(msg, "  {c}");
        }
        panic!("{msg}");
    }

    fn save_transcript(&self) -> PathBuf {
        let name: String = self
            .label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let path =
            std::env::temp_dir().join(format!("tesuji-diff-{name}-{}.gtp", std::process::id()));
        let _ = std::fs::write(&path, self.transcript.join("\n") + "\n");
        path
    }
}

/// An answer as the comparison sees it. `showboard` diagrams must agree
/// point for point and in the prisoner counts, but the wording of the
/// prisoner notes beside the board is each program's own.
fn comparable(command: &str, answer: &Answer) -> Answer {
    let Ok(text) = answer else {
        return answer.clone();
    };
    if command.split_whitespace().next() != Some("showboard") {
        return answer.clone();
    }
    let lines: Vec<String> = text
        .lines()
        .map(|line| match line.find("     ") {
            Some(at) => {
                let (board, note) = line.split_at(at);
                let colour = if note.to_lowercase().contains("white") {
                    "white"
                } else {
                    "black"
                };
                let count = note
                    .split(|c: char| !c.is_ascii_digit())
                    .rfind(|n| !n.is_empty())
                    .unwrap_or("?");
                format!("{board} | {colour} prisoners {count}")
            }
            None => line.to_string(),
        })
        .collect();
    Ok(lines.join("\n"))
}
