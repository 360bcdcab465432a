//! The engines a suite runs against: tesuji in-process, or any GTP program as
//! a child process. Both answer one command at a time within a time limit and
//! report a crash or a hang instead of taking the runner down with them.
//!
//! An in-process engine runs on a worker thread of its own. A panic is caught
//! there (`catch_unwind`) and reported as a crash. A thread cannot be killed,
//! so an engine that does not answer in time is *abandoned*: the runner stops
//! waiting, drops its end of the channels and starts a fresh engine; the old
//! thread ends by itself when its command returns (it still uses a core until
//! then, and a search that never returns keeps it until the run ends). A
//! stack overflow aborts the whole process; worker threads get a large stack
//! to make that unlikely.

use interface::cli::Cli;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

/// Why a command got no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The engine died or panicked; the text says how.
    Crashed(String),
    /// No answer within the time limit.
    Timeout,
}

/// A running engine that answers GTP commands.
pub trait Backend {
    /// Send one command line and wait at most `timeout` for the full answer
    /// (`=id text\n\n` or `?id text\n\n`). After a failure the engine is
    /// unusable and must be replaced.
    fn send(&mut self, line: &str, timeout: Duration) -> Result<String, Failure>;

    /// End the engine politely (`quit`), then forcibly if it does not go.
    fn close(self: Box<Self>);
}

/// How to start engines: one per suite file, and again after a crash.
pub trait EngineFactory: Sync {
    /// Start an engine for the suite in folder `dir` (file names in its
    /// commands are relative to `dir`). `options` are the suite's
    /// `#! tesuji-options:` words.
    fn start(&self, dir: &Path, options: &[String]) -> Result<Box<dyn Backend>, String>;

    /// A short description for reports.
    fn describe(&self) -> String;

    /// True if the suite's tesuji options are applied by this factory.
    fn honours_options(&self) -> bool;
}

// ---------------------------------------------------------------------------
// In-process tesuji.

/// Name prefix of in-process engine threads (the panic hook recognises them).
pub const WORKER_THREAD_PREFIX: &str = "tesuji-gtp";

/// Stack size of in-process engine threads.
const WORKER_STACK: usize = 256 << 20;

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Install a panic hook that keeps panics of in-process engine threads quiet
/// (they are reported as crashed tests, with the message and location) and
/// leaves every other panic to the previous hook. Safe to call many times.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let ours = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(WORKER_THREAD_PREFIX));
            if ours {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

/// Starts tesuji engines in-process.
#[derive(Clone, Debug)]
pub struct InProcessFactory {
    /// Random seed of every engine.
    pub seed: u64,
    /// Extra tesuji command-line options for every engine (as `tesuji`
    /// takes them, e.g. `--chinese-rules`).
    pub options: Vec<String>,
}

impl EngineFactory for InProcessFactory {
    fn start(&self, dir: &Path, options: &[String]) -> Result<Box<dyn Backend>, String> {
        let mut all = self.options.clone();
        all.extend(options.iter().cloned());
        let session = make_session(self.seed, &all)?;
        let mut gtp = interface::GtpEngine::new(session);
        let executor = move |line: &str| gtp.execute(line);
        let dir = match std::env::current_dir() {
            Ok(cwd) if dir.is_relative() => cwd.join(dir),
            _ => dir.to_path_buf(),
        };
        Ok(Box::new(InProcess::spawn(executor, dir)?))
    }

    fn describe(&self) -> String {
        let mut s = format!("tesuji (in-process, seed {})", self.seed);
        if !self.options.is_empty() {
            s.push_str(&format!(" {}", self.options.join(" ")));
        }
        s
    }

    fn honours_options(&self) -> bool {
        true
    }
}

/// A tesuji session: the plain one of a GTP engine, or one set up by tesuji's
/// command-line options.
fn make_session(seed: u64, options: &[String]) -> Result<interface::Session, String> {
    if options.is_empty() {
        return Ok(interface::Session::new(engine::Engine::new(19, seed)));
    }
    let mut args = vec![
        "tesuji".to_string(),
        "--mode".to_string(),
        "gtp".to_string(),
        "--seed".to_string(),
        seed.to_string(),
    ];
    args.extend(options.iter().cloned());
    let cli = <Cli as clap::Parser>::try_parse_from(&args)
        .map_err(|e| format!("tesuji options {}: {e}", options.join(" ")))?;
    cli.opts.session()
}

type Reply = Result<Option<String>, String>;

/// What runs on an in-process worker: a GTP line in, the full answer out
/// (`None` for a line without a command). tesuji's `GtpEngine::execute`.
pub trait Executor: FnMut(&str) -> Option<String> + Send + 'static {}
impl<T: FnMut(&str) -> Option<String> + Send + 'static> Executor for T {}

/// A GTP engine on a worker thread of this process.
pub struct InProcess {
    commands: Option<Sender<String>>,
    replies: Receiver<Reply>,
    dir: PathBuf,
}

impl InProcess {
    /// Start a worker thread running `executor`; relative file names in
    /// `loadsgf` commands are taken from `dir`.
    pub fn spawn(executor: impl Executor, dir: PathBuf) -> Result<InProcess, String> {
        install_panic_hook();
        let (cmd_tx, cmd_rx) = mpsc::channel::<String>();
        let (rep_tx, rep_rx) = mpsc::channel::<Reply>();
        std::thread::Builder::new()
            .name(format!("{WORKER_THREAD_PREFIX}-{}", dir.display()))
            .stack_size(WORKER_STACK)
            .spawn(move || worker(executor, cmd_rx, rep_tx))
            .map_err(|e| format!("cannot start an engine thread: {e}"))?;
        Ok(InProcess {
            commands: Some(cmd_tx),
            replies: rep_rx,
            dir,
        })
    }

    /// Make the file argument of `loadsgf` absolute: the process has one
    /// current folder, shared by all the suites running at once.
    fn rewrite(&self, line: &str) -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        let name_at = usize::from(
            words
                .first()
                .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())),
        );
        if words.get(name_at) == Some(&"loadsgf") {
            if let Some(file) = words.get(name_at + 1) {
                if Path::new(file).is_relative() {
                    let abs = self.dir.join(file);
                    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
                    out[name_at + 1] = abs.display().to_string();
                    return out.join(" ");
                }
            }
        }
        line.to_string()
    }
}

fn worker(mut executor: impl Executor, commands: Receiver<String>, replies: Sender<Reply>) {
    while let Ok(line) = commands.recv() {
        let result = panic::catch_unwind(AssertUnwindSafe(|| executor(&line)));
        match result {
            Ok(answer) => {
                if replies.send(Ok(answer)).is_err() {
                    return;
                }
            }
            Err(payload) => {
                let message = LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| panic_text(payload.as_ref()));
                let _ = replies.send(Err(format!("panic: {message}")));
                // The engine state may be broken: this worker is done.
                return;
            }
        }
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

impl Backend for InProcess {
    fn send(&mut self, line: &str, timeout: Duration) -> Result<String, Failure> {
        let Some(tx) = &self.commands else {
            return Err(Failure::Crashed("engine already failed".into()));
        };
        if tx.send(self.rewrite(line)).is_err() {
            self.commands = None;
            return Err(Failure::Crashed("engine thread has ended".into()));
        }
        match self.replies.recv_timeout(timeout) {
            // A line without a command has no answer: an empty success.
            Ok(Ok(answer)) => Ok(answer.unwrap_or_else(|| "= \n\n".to_string())),
            Ok(Err(panic)) => {
                self.commands = None;
                Err(Failure::Crashed(panic))
            }
            Err(RecvTimeoutError::Timeout) => {
                // Abandon the thread: dropping the sender lets it end once
                // its command returns.
                self.commands = None;
                Err(Failure::Timeout)
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.commands = None;
                Err(Failure::Crashed("engine thread has ended".into()))
            }
        }
    }

    fn close(self: Box<Self>) {
        // Dropping the command channel ends the worker loop.
    }
}

// ---------------------------------------------------------------------------
// External GTP programs.

/// Starts an external GTP program for each suite, in the suite's folder.
#[derive(Clone, Debug)]
pub struct ExternalFactory {
    /// The command as given (`--engine`).
    pub command_line: String,
    program: PathBuf,
    args: Vec<String>,
}

impl ExternalFactory {
    /// Parse a command line like `'/usr/games/gnugo --mode gtp --quiet'`
    /// (words split as a shell would, with quotes and backslashes). A
    /// relative program path is taken from the current folder, since the
    /// engine itself runs in each suite's folder.
    pub fn new(command_line: &str) -> Result<ExternalFactory, String> {
        let words = split_words(command_line)?;
        let (first, rest) = words
            .split_first()
            .ok_or_else(|| "--engine: empty command".to_string())?;
        let mut program = PathBuf::from(first);
        if first.contains('/') && program.is_relative() {
            let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
            program = cwd.join(program);
        }
        Ok(ExternalFactory {
            command_line: command_line.to_string(),
            program,
            args: rest.to_vec(),
        })
    }
}

impl EngineFactory for ExternalFactory {
    fn start(&self, dir: &Path, _options: &[String]) -> Result<Box<dyn Backend>, String> {
        Ok(Box::new(External::spawn(&self.program, &self.args, dir)?))
    }

    fn describe(&self) -> String {
        self.command_line.clone()
    }

    fn honours_options(&self) -> bool {
        false
    }
}

/// Split a command line into words: blanks separate words, single quotes
/// keep everything, double quotes keep all but `\"` and `\\`, a backslash
/// outside quotes keeps the next character.
pub fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => cur.push(x),
                        None => return Err(format!("unclosed ' in: {s}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(x @ ('"' | '\\')) => cur.push(x),
                            Some(x) => {
                                cur.push('\\');
                                cur.push(x);
                            }
                            None => return Err(format!("unclosed \" in: {s}")),
                        },
                        Some(x) => cur.push(x),
                        None => return Err(format!("unclosed \" in: {s}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(x) => cur.push(x),
                    None => return Err(format!("trailing backslash in: {s}")),
                }
            }
            x => {
                in_word = true;
                cur.push(x);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

enum Line {
    Answer(String),
    Eof,
}

/// Lines of the engine's standard error kept for crash reports.
const STDERR_TAIL: usize = 8;

/// A GTP program running as a child process.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<Line>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    dead: bool,
}

impl External {
    /// Start `program` with `args` in folder `dir`.
    pub fn spawn(program: &Path, args: &[String], dir: &Path) -> Result<External, String> {
        let mut command = Command::new(program);
        #[cfg(unix)]
        {
            // Its own process group, so that a wrapper script's children are
            // killed with it.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("gtp-reader".into())
            .spawn(move || read_answers(BufReader::new(stdout), tx))
            .map_err(|e| e.to_string())?;
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail2 = Arc::clone(&tail);
        std::thread::Builder::new()
            .name("gtp-stderr".into())
            .spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    let mut t = tail2.lock().unwrap_or_else(|e| e.into_inner());
                    if t.len() == STDERR_TAIL {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(External {
            stdin: child.stdin.take(),
            child,
            answers: rx,
            stderr_tail: tail,
            dead: false,
        })
    }

    /// Kill the child and everything in its process group.
    fn kill_group(&mut self) {
        #[cfg(unix)]
        {
            if let Ok(pid) = i32::try_from(self.child.id()) {
                // SAFETY: kill(2) with a negative pid signals the process
                // group the child leads (it was started with its own group).
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
    }

    /// Kill the child if asked, wait for it and describe how it ended.
    fn finish(&mut self, kill: bool) -> String {
        self.dead = true;
        self.stdin = None;
        if kill {
            self.kill_group();
        }
        // After EOF on stdout the process is normally gone or going.
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(st)) => break Some(st),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    self.kill_group();
                    break self.child.wait().ok();
                }
            }
        };
        let mut msg = match status {
            Some(st) => format!("engine exited ({st})"),
            None => "engine exited".to_string(),
        };
        // Give the stderr reader a moment to collect the last words.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            msg.push_str("; stderr: ");
            msg.push_str(&tail.iter().cloned().collect::<Vec<_>>().join(" | "));
        }
        msg
    }
}

/// Read GTP answers: a line starting with `=` or `?` opens an answer, an
/// empty line closes it; anything outside an answer is ignored.
fn read_answers(mut input: impl BufRead, tx: Sender<Line>) {
    let mut current: Option<String> = None;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Line::Eof);
                return;
            }
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&buf);
        let line = text.trim_end_matches(['\n', '\r']);
        match &mut current {
            None => {
                if line.starts_with('=') || line.starts_with('?') {
                    current = Some(format!("{line}\n"));
                }
            }
            Some(answer) => {
                if line.trim().is_empty() {
                    answer.push('\n');
                    if tx.send(Line::Answer(std::mem::take(answer))).is_err() {
                        return;
                    }
                    current = None;
                } else {
                    answer.push_str(line);
                    answer.push('\n');
                }
            }
        }
    }
}

impl Backend for External {
    fn send(&mut self, line: &str, timeout: Duration) -> Result<String, Failure> {
        if self.dead {
            return Err(Failure::Crashed("engine already failed".into()));
        }
        let written = match &mut self.stdin {
            Some(stdin) => stdin
                .write_all(format!("{line}\n").as_bytes())
                .and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("no input")),
        };
        if written.is_err() {
            return Err(Failure::Crashed(self.finish(false)));
        }
        match self.answers.recv_timeout(timeout) {
            Ok(Line::Answer(a)) => Ok(a),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                Err(Failure::Crashed(self.finish(false)))
            }
            Err(RecvTimeoutError::Timeout) => {
                self.finish(true);
                Err(Failure::Timeout)
            }
        }
    }

    fn close(mut self: Box<Self>) {
        if self.dead {
            return;
        }
        if let Some(stdin) = &mut self.stdin {
            let _ = stdin.write_all(b"quit\n").and_then(|_| stdin.flush());
        }
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => {
                    self.kill_group();
                    let _ = self.child.wait();
                    break;
                }
            }
        }
        self.dead = true;
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if !self.dead {
            self.kill_group();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_split_like_a_shell() {
        assert_eq!(
            split_words("/usr/games/gnugo --mode gtp  --quiet").unwrap(),
            vec!["/usr/games/gnugo", "--mode", "gtp", "--quiet"]
        );
        assert_eq!(
            split_words(r#"a 'b c' "d \"e\"" f\ g ''"#).unwrap(),
            vec!["a", "b c", "d \"e\"", "f g", ""]
        );
        assert!(split_words("a 'b").is_err());
        assert!(split_words("").unwrap().is_empty());
    }

    #[test]
    fn answers_are_framed_by_empty_lines() {
        let (tx, rx) = mpsc::channel();
        let input = b"noise\n=1 C3\n\n= \n\n?2 bad\nmore\n\r\n=3 x".to_vec();
        read_answers(&input[..], tx);
        let got: Vec<String> = rx
            .iter()
            .map(|l| match l {
                Line::Answer(a) => a,
                Line::Eof => "EOF".into(),
            })
            .collect();
        assert_eq!(got, vec!["=1 C3\n\n", "= \n\n", "?2 bad\nmore\n\n", "EOF"]);
    }

    #[test]
    fn in_process_engine_answers_and_reads_files_from_the_suite_folder() {
        let dir = std::env::temp_dir().join(format!("tesuji-backend-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("p.sgf"), "(;SZ[9]AB[cc]PL[W])").unwrap();
        let f = InProcessFactory {
            seed: 1,
            options: vec![],
        };
        let mut e = f.start(&dir, &[]).unwrap();
        let t = Duration::from_secs(10);
        assert_eq!(e.send("1 name", t).unwrap(), "=1 tesuji\n\n");
        assert_eq!(e.send("loadsgf p.sgf", t).unwrap(), "= white\n\n");
        assert_eq!(e.send("2 list_stones black", t).unwrap(), "=2 C7\n\n");
        assert!(e.send("3 no_such_command", t).unwrap().starts_with("?3"));
        e.close();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_in_process_panic_is_a_crash_and_a_hang_a_timeout() {
        let executor = |line: &str| -> Option<String> {
            if line.contains("boom") {
                panic!("boom at {line}");
            }
            if line.contains("hang") {
                std::thread::sleep(Duration::from_secs(3));
            }
            Some("= ok\n\n".to_string())
        };
        let mut e = InProcess::spawn(executor, PathBuf::from(".")).unwrap();
        let t = Duration::from_secs(5);
        assert_eq!(e.send("1 fine", t).unwrap(), "= ok\n\n");
        match e.send("2 boom", t) {
            Err(Failure::Crashed(msg)) => assert!(msg.contains("boom at 2 boom"), "{msg}"),
            other => panic!("expected a crash, got {other:?}"),
        }
        // The worker is gone: the engine stays failed.
        assert!(matches!(e.send("3 fine", t), Err(Failure::Crashed(_))));
        let mut e = InProcess::spawn(executor, PathBuf::from(".")).unwrap();
        let start = Instant::now();
        assert_eq!(
            e.send("4 hang", Duration::from_millis(200)),
            Err(Failure::Timeout)
        );
        assert!(start.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn loadsgf_files_are_made_absolute() {
        let e = InProcess::spawn(|_: &str| None, PathBuf::from("/suites")).unwrap();
        assert_eq!(
            e.rewrite("loadsgf games/a.sgf 12"),
            "loadsgf /suites/games/a.sgf 12"
        );
        assert_eq!(
            e.rewrite("7 loadsgf games/a.sgf"),
            "7 loadsgf /suites/games/a.sgf"
        );
        assert_eq!(e.rewrite("loadsgf /abs.sgf"), "loadsgf /abs.sgf");
        assert_eq!(e.rewrite("play black C3"), "play black C3");
    }

    #[test]
    fn bad_tesuji_options_are_an_error() {
        let f = InProcessFactory {
            seed: 1,
            options: vec!["--no-such-option".into()],
        };
        assert!(f.start(Path::new("."), &[]).is_err());
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let f = ExternalFactory::new("/nonexistent/engine --mode gtp").unwrap();
        assert!(f.start(Path::new("."), &[]).is_err());
    }

    #[test]
    fn an_external_engine_that_exits_is_a_crash_and_one_that_hangs_a_timeout() {
        let script = "while read l; do case \"$l\" in *die*) echo last words >&2; exit 3;; *hang*) sleep 3;; *) echo \"= ok\"; echo;; esac; done";
        let args = vec!["-c".to_string(), script.to_string()];
        let t = Duration::from_secs(5);
        let mut e = External::spawn(Path::new("/bin/sh"), &args, Path::new(".")).unwrap();
        assert_eq!(e.send("1 hello", t).unwrap(), "= ok\n\n");
        match e.send("2 die", t) {
            Err(Failure::Crashed(msg)) => assert!(msg.contains("last words"), "{msg}"),
            other => panic!("expected a crash, got {other:?}"),
        }
        let mut e = External::spawn(Path::new("/bin/sh"), &args, Path::new(".")).unwrap();
        let start = Instant::now();
        assert_eq!(
            e.send("3 hang", Duration::from_millis(300)),
            Err(Failure::Timeout)
        );
        assert!(start.elapsed() < Duration::from_secs(5));
        Box::new(e).close();
    }
}
