//! `tesuji bench reading FILE.tst…`: the attack/defend tests of GNU
//! Go-format regression files, run in-process through the GTP engine, timed,
//! with the reading nodes counted; and the same commands sent to GNU Go
//! (`gnugo --mode gtp`) when it is installed, timed the same way (wall time
//! from sending a test command to reading its answer), for comparison.
//!
//! Only the tests of the reading commands count (`attack`, `defend`,
//! `attack_either`, `defend_both`, `does_attack`, `does_defend`,
//! `ladder_attack`); every unnumbered line (loadsgf, play, …) is run as
//! setup. Answers are matched as the regression suites do: the expected text
//! between `#? [` and `]` is a regular expression with `^` and `$` put
//! around it as written, a leading `!` negates it.

use crate::session::Session;
use crate::GtpEngine;
use engine::Engine;
use regex::Regex;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The reading commands whose tests the benchmark runs.
pub const READING_COMMANDS: &[&str] = &[
    "attack",
    "defend",
    "attack_either",
    "defend_both",
    "does_attack",
    "does_defend",
    "ladder_attack",
];

/// One line of a test file that the benchmark sends.
#[derive(Clone, Debug)]
pub enum Item {
    /// A setup command, run untimed.
    Setup(String),
    /// A test: number, command line, expected-answer pattern, and whether
    /// the file marks it as a known failure (`*`).
    Test {
        /// Test number.
        number: u32,
        /// The command (without the number).
        command: String,
        /// The pattern between `#? [` and `]`.
        expected: String,
        /// Marked `*` (GNU Go's known failure).
        known_failure: bool,
    },
}

/// Parse a `.tst` file into setup commands and reading tests.
pub fn parse_tst(text: &str) -> Vec<Item> {
    let lines: Vec<&str> = text.lines().collect();
    let mut items = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k].trim();
        k += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        match first.parse::<u32>() {
            Ok(number) => {
                let command: String = words.collect::<Vec<_>>().join(" ");
                let name = command.split_whitespace().next().unwrap_or("");
                // The expectation: the next `#?` line before any command.
                let mut expected = None;
                let mut j = k;
                while j < lines.len() {
                    let l = lines[j].trim();
                    if let Some(rest) = l.strip_prefix("#?") {
                        expected = Some(rest.trim().to_string());
                        break;
                    }
                    if !l.is_empty() && !l.starts_with('#') {
                        break;
                    }
                    j += 1;
                }
                let (Some(exp), true) = (expected, READING_COMMANDS.contains(&name)) else {
                    continue;
                };
                let Some(open) = exp.find('[') else { continue };
                let Some(close) = exp.rfind(']') else {
                    continue;
                };
                items.push(Item::Test {
                    number,
                    command,
                    expected: exp[open + 1..close].to_string(),
                    known_failure: exp[close + 1..].trim_start().starts_with('*'),
                });
            }
            Err(_) => items.push(Item::Setup(line.to_string())),
        }
    }
    items
}

/// Does `answer` (the text after `= `) match the expected pattern?
pub fn matches(expected: &str, answer: &str) -> bool {
    let (negate, pattern) = match expected.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, expected),
    };
    // Anchored as GNU Go's regression script anchors it: `^` and `$` around
    // the pattern as written, so that top-level alternatives bind to them.
    let ok = Regex::new(&format!("^{pattern}$")).is_ok_and(|re| re.is_match(answer.trim()));
    ok != negate
}

/// What one engine did on one file.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Tests run.
    pub tests: usize,
    /// Tests passed.
    pub passed: usize,
    /// Time spent answering the tests.
    pub time: Duration,
    /// Reading nodes spent on the tests.
    pub nodes: u64,
    /// CPU time spent answering the tests, in nanoseconds: the thread's
    /// for tesuji (`CLOCK_THREAD_CPUTIME_ID`), the process's for GNU Go
    /// (its CPU-time clock, `clock_getcpuclockid`). Both are the kernel's
    /// exact accounting, not sampled ticks.
    pub cpu_ns: u64,
    /// Test numbers that failed, with the answers.
    pub failures: Vec<(u32, String, String)>,
    /// Per test: number, reading nodes, CPU nanoseconds.
    pub per_test: Vec<(u32, u64, u64)>,
}

/// Read the CPU-time clock `clock` in nanoseconds; 0 if it cannot be read.
fn clock_ns(clock: libc::clockid_t) -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    if unsafe { libc::clock_gettime(clock, &mut ts) } != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// CPU time of the calling thread, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    clock_ns(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The CPU-time clock of process `pid`, if the kernel gives it.
fn process_clock(pid: u32) -> Option<libc::clockid_t> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: `clock` is a valid, writable clockid_t for the call.
    let r = unsafe { libc::clock_getcpuclockid(pid as libc::pid_t, &mut clock) };
    (r == 0).then_some(clock)
}

/// Seconds from nanoseconds, for printing.
fn secs(ns: u64) -> f64 {
    ns as f64 / 1e9
}

/// The answer text of a GTP reply (without `=`/`?` and the id).
fn answer_text(reply: &str) -> String {
    let t = reply.trim();
    let t = t
        .strip_prefix('=')
        .or_else(|| t.strip_prefix('?'))
        .unwrap_or(t);
    t.trim().to_string()
}

/// Run the tests of `items` in-process (the current directory must be the
/// file's folder, for `loadsgf`).
pub fn run_tesuji(items: &[Item]) -> Tally {
    let mut gtp = GtpEngine::new(Session::new(Engine::new(19, 1)));
    let mut t = Tally::default();
    for item in items {
        match item {
            Item::Setup(line) => {
                gtp.execute(line);
            }
            Item::Test {
                number,
                command,
                expected,
                ..
            } => {
                let nodes = gtp.session.engine.reader.node_counter();
                let cpu = thread_cpu_ns();
                let start = Instant::now();
                let reply = gtp.execute(command).unwrap_or_default();
                t.time += start.elapsed();
                let cpu = thread_cpu_ns().saturating_sub(cpu);
                let nodes = gtp.session.engine.reader.node_counter() - nodes;
                t.cpu_ns += cpu;
                t.nodes += nodes;
                t.per_test.push((*number, nodes, cpu));
                tally(&mut t, *number, command, expected, &answer_text(&reply));
            }
        }
    }
    t
}

fn tally(t: &mut Tally, number: u32, command: &str, expected: &str, answer: &str) {
    t.tests += 1;
    if matches(expected, answer) {
        t.passed += 1;
    } else {
        t.failures.push((
            number,
            format!("{command} -> {answer}"),
            expected.to_string(),
        ));
    }
}

/// A GNU Go process in GTP mode.
struct Gnugo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gnugo {
    fn start(binary: &str, dir: &Path) -> Option<Gnugo> {
        let mut child = Command::new(binary)
            .args(["--mode", "gtp", "--quiet"])
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(Gnugo {
            child,
            input,
            output,
        })
    }

    fn send(&mut self, line: &str) -> Option<String> {
        writeln!(self.input, "{line}").ok()?;
        self.input.flush().ok()?;
        let mut reply = String::new();
        loop {
            let mut l = String::new();
            if self.output.read_line(&mut l).ok()? == 0 {
                return None;
            }
            if l.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                return Some(reply);
            }
            reply.push_str(&l);
        }
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Run the tests of `items` through GNU Go; `None` if it cannot be started
/// or dies.
pub fn run_gnugo(binary: &str, dir: &Path, items: &[Item]) -> Option<Tally> {
    let mut g = Gnugo::start(binary, dir)?;
    let mut t = Tally::default();
    for item in items {
        match item {
            Item::Setup(line) => {
                g.send(line)?;
            }
            Item::Test {
                number,
                command,
                expected,
                ..
            } => {
                let clock = process_clock(g.child.id());
                let cpu = clock.map_or(0, clock_ns);
                let start = Instant::now();
                let reply = g.send(command)?;
                t.time += start.elapsed();
                let cpu = clock.map_or(0, clock_ns).saturating_sub(cpu);
                t.cpu_ns += cpu;
                let nodes = g.send("get_reading_node_counter")?;
                g.send("reset_reading_node_counter")?;
                let nodes = answer_text(&nodes).parse::<u64>().unwrap_or(0);
                t.nodes += nodes;
                t.per_test.push((*number, nodes, cpu));
                tally(&mut t, *number, command, expected, &answer_text(&reply));
            }
        }
    }
    Some(t)
}

/// The benchmark: every file, ours and GNU Go's, and the totals.
pub fn run(
    files: &[PathBuf],
    gnugo: &str,
    verbose: bool,
    out: &mut impl Write,
) -> Result<(), String> {
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| e.to_string());
    let home = std::env::current_dir().map_err(|e| e.to_string())?;
    let have_gnugo = gnugo != "none" && Path::new(gnugo).exists();
    if !have_gnugo {
        w(
            out,
            format!("(GNU Go not found at {gnugo}: timing tesuji alone)"),
        )?;
    }
    let (mut ours, mut theirs) = (Tally::default(), Tally::default());
    for file in files {
        let path = home.join(file);
        // Suites are GTP scripts, mostly ASCII; a stray byte of another
        // encoding in a comment must not stop the run.
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", file.display()))?;
        let items = parse_tst(&String::from_utf8_lossy(&bytes));
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        std::env::set_current_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let a = run_tesuji(&items);
        std::env::set_current_dir(&home).map_err(|e| e.to_string())?;
        let name = file
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let mut line = format!(
            "{name}: tesuji {}/{} passed, {:.3} s, cpu {:.3} s, {} nodes",
            a.passed,
            a.tests,
            a.time.as_secs_f64(),
            secs(a.cpu_ns),
            a.nodes
        );
        let g = if have_gnugo {
            run_gnugo(gnugo, &dir, &items)
        } else {
            None
        };
        if let Some(g) = &g {
            line.push_str(&format!(
                "; gnugo {}/{} passed, {:.3} s, cpu {:.3} s, {} nodes",
                g.passed,
                g.tests,
                g.time.as_secs_f64(),
                secs(g.cpu_ns),
                g.nodes
            ));
        }
        w(out, line)?;
        if verbose {
            for (n, got, exp) in &a.failures {
                w(out, format!("  tesuji FAIL {n} {got} [{exp}]"))?;
            }
            for (n, got, exp) in g.iter().flat_map(|g| &g.failures) {
                w(out, format!("  gnugo FAIL {n} {got} [{exp}]"))?;
            }
            for (k, &(n, nodes, cpu)) in a.per_test.iter().enumerate() {
                let mut l = format!(
                    "  test {n}: tesuji {nodes} nodes {:.2} ms",
                    cpu as f64 / 1e6
                );
                if let Some(&(_, gn, gc)) = g.as_ref().and_then(|g| g.per_test.get(k)) {
                    l.push_str(&format!("; gnugo {gn} nodes {:.2} ms", gc as f64 / 1e6));
                }
                w(out, l)?;
            }
        }
        add(&mut ours, &a);
        if let Some(g) = g {
            add(&mut theirs, &g);
        }
    }
    let mut total = format!(
        "total: tesuji {}/{} passed, {:.3} s, cpu {:.3} s, {} nodes",
        ours.passed,
        ours.tests,
        ours.time.as_secs_f64(),
        secs(ours.cpu_ns),
        ours.nodes
    );
    if theirs.tests > 0 {
        total.push_str(&format!(
            "; gnugo {}/{} passed, {:.3} s, cpu {:.3} s, {} nodes",
            theirs.passed,
            theirs.tests,
            theirs.time.as_secs_f64(),
            secs(theirs.cpu_ns),
            theirs.nodes
        ));
    }
    w(out, total)
}

fn add(total: &mut Tally, t: &Tally) {
    total.tests += t.tests;
    total.passed += t.passed;
    total.time += t.time;
    total.nodes += t.nodes;
    total.cpu_ns += t.cpu_ns;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tests_and_setup() {
        let text = "# c\nloadsgf games/x.sgf 12\n1 attack E3\n#? [1 (E4|F3)]*\n2 owl_attack E3\n#? [0]\n3 defend E3\n#? [!0]\n";
        let items = parse_tst(text);
        assert_eq!(items.len(), 3);
        match &items[1] {
            Item::Test {
                number,
                command,
                expected,
                known_failure,
            } => {
                assert_eq!((*number, command.as_str()), (1, "attack E3"));
                assert_eq!(expected, "1 (E4|F3)");
                assert!(known_failure);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn matches_anchored_alternatives_and_negation() {
        assert!(matches("1 (E4|F3)", "1 F3"));
        assert!(!matches("1 (E4|F3)", "1 F33"));
        assert!(matches("1 T15|O13|P12", "1 T15"));
        assert!(matches("1 T15|O13|P12", "1 P12"));
        assert!(matches("!0", "2 C3"));
        assert!(!matches("!0", "0"));
    }
}
