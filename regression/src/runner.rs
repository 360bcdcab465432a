//! Running suites: one engine per file, files in parallel, tests judged as
//! they come, crashed and hung engines replaced without losing the file.
//!
//! When an engine has to be replaced in the middle of a file, the new one is
//! brought to the same position by replaying the commands that shaped it:
//! settings that survive a new position (`komi`, `level`, …) and every
//! position-changing command since the last `loadsgf`, `clear_board` or
//! `boardsize`. A replayed `genmove` is replayed as the `play` of the move it
//! chose, so the position is the same even if the engine is not
//! deterministic.

use crate::backend::{Backend, EngineFactory, Failure};
use crate::board::Snapshot;
use crate::expect::{answer_text, is_error, Expectation, Verdict};
use crate::filter::Filter;
use crate::tst::{Step, Suite};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Commands after which the position is new: the replay log starts again.
const RESETS: &[&str] = &["loadsgf", "clear_board", "boardsize"];

/// Commands whose effect survives a new position: kept in the replay log.
const STICKY: &[&str] = &[
    "komi",
    "level",
    "set_random_seed",
    "time_settings",
    "kgs-time_settings",
    "increase_depths",
    "decrease_depths",
    "set_search_diamond",
    "reset_search_mask",
];

/// Numbered commands that change the position or the settings: they are
/// replayed after a restart even though they are tests.
const CHANGES_STATE: &[&str] = &[
    "play",
    "black",
    "white",
    "undo",
    "gg-undo",
    "trymove",
    "tryko",
    "popgo",
    "genmove",
    "genmove_black",
    "genmove_white",
    "kgs-genmove_cleanup",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "loadsgf",
    "clear_board",
    "boardsize",
    "komi",
    "level",
    "set_random_seed",
    "time_settings",
    "kgs-time_settings",
    "increase_depths",
    "decrease_depths",
];

/// Unnumbered commands that only ask: not worth replaying.
const QUERIES: &[&str] = &[
    "reg_genmove",
    "gg_genmove",
    "restricted_genmove",
    "showboard",
    "echo",
    "echo_err",
    "name",
    "version",
    "protocol_version",
    "list_commands",
    "known_command",
    "help",
    "printsgf",
    "cputime",
    "top_moves",
    "estimate_score",
];

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Time limit of one command.
    pub timeout: Duration,
    /// Which tests to run.
    pub filter: Filter,
    /// Fetch the position after every failing test (for the HTML report).
    pub snapshots: bool,
    /// After this many failures in a row (crashes, time-outs, engines that do
    /// not start), the rest of the file is reported as crashed without being
    /// run.
    pub give_up_after: usize,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            timeout: Duration::from_secs(60),
            filter: Filter::default(),
            snapshots: false,
            give_up_after: 5,
        }
    }
}

/// The result of one test.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The suite file, as named on the command line.
    pub file: String,
    /// Test number.
    pub id: u64,
    /// Line in the file.
    pub line: usize,
    /// The command without its number.
    pub command: String,
    /// The `#?` text, e.g. `[E9|E10]*` (empty when there was none).
    pub expected: String,
    /// The pattern as shown to people: `E9|E10`, `!A3`.
    pub expected_shown: String,
    /// The answer compared (first line, without `=id `), or what went wrong.
    pub got: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time of the command, in seconds.
    pub seconds: f64,
    /// The position right after the test (only for failing tests, with
    /// snapshots on, when the engine can list its stones).
    pub snapshot: Option<Snapshot>,
}

/// The results of one file.
#[derive(Clone, Debug)]
pub struct FileResult {
    /// The file as named on the command line.
    pub file: String,
    /// Results of the tests run, in file order.
    pub tests: Vec<TestResult>,
    /// Wall time of the whole file, in seconds.
    pub seconds: f64,
    /// Reading nodes the engine reports (`get_reading_node_counter`).
    pub reading_nodes: Option<u64>,
    /// Owl nodes the engine reports (`get_owl_node_counter`).
    pub owl_nodes: Option<u64>,
    /// Semeai nodes the engine reports (`get_semeai_node_counter`).
    pub semeai_nodes: Option<u64>,
    /// Engines started after a crash or a time-out.
    pub restarts: usize,
    /// Things a person should know: parse oddities, failed setup commands.
    pub warnings: Vec<String>,
}

impl FileResult {
    /// Number of tests with verdict `v`.
    pub fn count(&self, v: Verdict) -> usize {
        self.tests.iter().filter(|t| t.verdict == v).count()
    }

    /// Number of judged tests (all but `&` tests).
    pub fn judged(&self) -> usize {
        self.tests
            .iter()
            .filter(|t| t.verdict != Verdict::Unchecked)
            .count()
    }

    /// Number of tests whose answer matched (expected or not).
    pub fn matched(&self) -> usize {
        self.tests.iter().filter(|t| t.verdict.matched()).count()
    }
}

/// Commands to bring a fresh engine to the current position.
#[derive(Default, Debug)]
struct ReplayLog {
    lines: Vec<String>,
}

impl ReplayLog {
    /// Note a command that was answered with `response`.
    fn note(&mut self, step: &Step, response: &str) {
        let name = step.name.as_str();
        let wanted = if step.is_test() {
            CHANGES_STATE.contains(&name)
        } else {
            !QUERIES.contains(&name)
        };
        if !wanted || is_error(response) {
            return;
        }
        if RESETS.contains(&name) {
            self.lines.retain(|l| {
                let first = l.split_whitespace().next().unwrap_or_default();
                STICKY.contains(&first)
            });
        }
        let line = if name.starts_with("genmove") || name == "kgs-genmove_cleanup" {
            let color = match name {
                "genmove_black" => Some("black"),
                "genmove_white" => Some("white"),
                _ => step.command.split_whitespace().nth(1),
            };
            let mv = answer_text(response);
            match color {
                Some(c) if !mv.eq_ignore_ascii_case("resign") => format!("play {c} {mv}"),
                _ => return,
            }
        } else {
            step.command.clone()
        };
        self.lines.push(line);
    }
}

/// Something that happened, for progress displays.
pub enum Event<'a> {
    /// A test has its verdict.
    Test(&'a TestResult),
    /// A file is done.
    FileDone(&'a FileResult),
}

/// One file's run: the engine in use and the bookkeeping around it.
struct FileRun<'a> {
    suite: &'a Suite,
    factory: &'a dyn EngineFactory,
    opts: &'a RunOptions,
    engine: Option<Box<dyn Backend>>,
    log: ReplayLog,
    failures_in_row: usize,
    started_once: bool,
    setup_errors: usize,
    result: FileResult,
}

impl FileRun<'_> {
    /// An engine at the current position, starting (and replaying) one if
    /// needed. `Err` says why there is none.
    fn engine(&mut self) -> Result<&mut Box<dyn Backend>, String> {
        if self.engine.is_none() {
            if self.started_once {
                self.result.restarts += 1;
            }
            self.started_once = true;
            let mut e = self
                .factory
                .start(&self.suite.dir(), &self.suite.tesuji_options)?;
            for line in &self.log.lines {
                if let Err(f) = e.send(line, self.opts.timeout) {
                    return Err(format!(
                        "replaying `{line}` on a new engine: {}",
                        failure_text(&f)
                    ));
                }
            }
            self.engine = Some(e);
        }
        Ok(self.engine.as_mut().expect("engine just started"))
    }

    /// Send `step`; the response or what went wrong.
    fn send(&mut self, step: &Step) -> Result<String, Failure> {
        let timeout = self.opts.timeout;
        let e = match self.engine() {
            Ok(e) => e,
            Err(msg) => {
                self.engine = None;
                return Err(Failure::Crashed(msg));
            }
        };
        match e.send(&step.wire(), timeout) {
            Ok(r) => Ok(r),
            Err(f) => {
                if let Some(e) = self.engine.take() {
                    e.close();
                }
                Err(f)
            }
        }
    }

    /// Ask the engine a question that changes nothing; `None` if it cannot
    /// answer (an error answer, or a failure, after which the engine is
    /// replaced at the next command).
    fn query(&mut self, cmd: &str) -> Option<String> {
        let timeout = self.opts.timeout;
        let e = self.engine().ok()?;
        match e.send(cmd, timeout) {
            Ok(r) => (!is_error(&r)).then(|| answer_text(&r)),
            Err(_) => {
                if let Some(e) = self.engine.take() {
                    e.close();
                }
                None
            }
        }
    }

    /// A number the running engine reports, without starting one.
    fn live_count(&mut self, cmd: &str) -> Option<u64> {
        let timeout = self.opts.timeout;
        let e = self.engine.as_mut()?;
        match e.send(cmd, timeout) {
            Ok(r) if !is_error(&r) => answer_text(&r).trim().parse().ok(),
            Ok(_) => None,
            Err(_) => {
                self.engine = None;
                None
            }
        }
    }

    /// The position as the engine sees it, if it can tell.
    fn snapshot(&mut self) -> Option<Snapshot> {
        let size = self.query("query_boardsize")?.trim().parse().ok()?;
        let black = self.query("list_stones black")?;
        let white = self.query("list_stones white")?;
        let last = self.query("last_move");
        Snapshot::from_gtp(size, &black, &white, last.as_deref())
    }

    fn run(mut self, on_event: &(dyn Fn(Event) + Sync)) -> FileResult {
        let start = Instant::now();
        let file = self.result.file.clone();
        for step in &self.suite.steps {
            let selected = step.is_test() && self.opts.filter.selects(&file, step);
            if step.is_test() && !selected && !CHANGES_STATE.contains(&step.name.as_str()) {
                continue;
            }
            let expect = step.expect.clone().unwrap_or_else(Expectation::empty);
            if self.failures_in_row >= self.opts.give_up_after {
                if selected {
                    let msg = format!(
                        "not run: the engine failed {} times in a row",
                        self.failures_in_row
                    );
                    let t = self.record(step, &expect, Verdict::Crashed, msg, 0.0, None);
                    on_event(Event::Test(t));
                }
                continue;
            }
            let t0 = Instant::now();
            let outcome = self.send(step);
            let seconds = t0.elapsed().as_secs_f64();
            match outcome {
                Ok(response) => {
                    self.failures_in_row = 0;
                    self.log.note(step, &response);
                    if !step.is_test() && is_error(&response) {
                        self.setup_error(step, &answer_text(&response));
                    }
                    if step.name == "quit" && !is_error(&response) {
                        // The engine is gone; a later command starts another.
                        if let Some(e) = self.engine.take() {
                            e.close();
                        }
                    }
                    if selected {
                        let got = answer_text(&response);
                        let verdict = expect.judge(&got);
                        let snap = (self.opts.snapshots && verdict.is_failing())
                            .then(|| self.snapshot())
                            .flatten();
                        let t = self.record(step, &expect, verdict, got, seconds, snap);
                        on_event(Event::Test(t));
                    }
                }
                Err(failure) => {
                    self.failures_in_row += 1;
                    let what = failure_text(&failure);
                    if selected {
                        let verdict = match failure {
                            Failure::Timeout => Verdict::Timeout,
                            Failure::Crashed(_) => Verdict::Crashed,
                        };
                        // The board before the test: a new engine replays it.
                        let snap = self.opts.snapshots.then(|| self.snapshot()).flatten();
                        let t = self.record(step, &expect, verdict, what, seconds, snap);
                        on_event(Event::Test(t));
                    } else {
                        self.result.warnings.push(format!(
                            "line {}: `{}`: {what}; the file goes on without it",
                            step.line, step.command
                        ));
                    }
                }
            }
        }
        if self.setup_errors > 3 {
            self.result.warnings.push(format!(
                "{} more setup commands failed",
                self.setup_errors - 3
            ));
        }
        // Node counters, from the engine still running (none after a quit).
        self.result.reading_nodes = self.live_count("get_reading_node_counter");
        self.result.owl_nodes = self.live_count("get_owl_node_counter");
        self.result.semeai_nodes = self.live_count("get_semeai_node_counter");
        if let Some(e) = self.engine.take() {
            e.close();
        }
        self.result.seconds = start.elapsed().as_secs_f64();
        on_event(Event::FileDone(&self.result));
        self.result
    }

    /// Note a setup command the engine refused (a missing SGF file, an
    /// unknown command): the tests after it may be judged on the wrong
    /// position. The first few are listed, the rest counted.
    fn setup_error(&mut self, step: &Step, message: &str) {
        const LISTED: usize = 3;
        self.setup_errors += 1;
        if self.setup_errors <= LISTED {
            self.result.warnings.push(format!(
                "line {}: `{}` failed: {message}",
                step.line, step.command
            ));
        }
    }

    fn record(
        &mut self,
        step: &Step,
        expect: &Expectation,
        verdict: Verdict,
        got: String,
        seconds: f64,
        snapshot: Option<Snapshot>,
    ) -> &TestResult {
        self.result.tests.push(TestResult {
            file: self.result.file.clone(),
            id: step.id.unwrap_or_default(),
            line: step.line,
            command: step.command.clone(),
            expected: expect.raw.clone(),
            expected_shown: expect.shown(),
            got,
            verdict,
            seconds,
            snapshot,
        });
        self.result.tests.last().expect("just pushed")
    }
}

fn failure_text(f: &Failure) -> String {
    match f {
        Failure::Crashed(msg) => format!("crashed: {msg}"),
        Failure::Timeout => "timeout".to_string(),
    }
}

/// Run one suite file against engines from `factory`.
pub fn run_file(
    suite: &Suite,
    factory: &dyn EngineFactory,
    opts: &RunOptions,
    on_event: &(dyn Fn(Event) + Sync),
) -> FileResult {
    let file = suite.path.display().to_string();
    let mut warnings = suite.warnings.clone();
    if !suite.tesuji_options.is_empty() && !factory.honours_options() {
        warnings.push(format!(
            "the file's tesuji options ({}) do not apply to this engine",
            suite.tesuji_options.join(" ")
        ));
    }
    let run = FileRun {
        suite,
        factory,
        opts,
        engine: None,
        log: ReplayLog::default(),
        failures_in_row: 0,
        started_once: false,
        setup_errors: 0,
        result: FileResult {
            file,
            tests: Vec::new(),
            seconds: 0.0,
            reading_nodes: None,
            owl_nodes: None,
            semeai_nodes: None,
            restarts: 0,
            warnings,
        },
    };
    run.run(on_event)
}

/// Run `suites` on `jobs` threads; results in the order of `suites`.
/// Files with the most tests start first, so the threads finish together.
pub fn run_all(
    suites: &[Suite],
    factory: &dyn EngineFactory,
    opts: &RunOptions,
    jobs: usize,
    on_event: &(dyn Fn(Event) + Sync),
) -> Vec<FileResult> {
    let mut order: Vec<usize> = (0..suites.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(suites[i].test_count()));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<FileResult>>> = Mutex::new(vec![None; suites.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, suites.len().max(1)) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(&i) = order.get(k) else { break };
                let r = run_file(&suites[i], factory, opts, on_event);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every file was run"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(line: &str) -> Step {
        let s = Suite::parse(std::path::Path::new("x.tst"), line);
        s.steps[0].clone()
    }

    #[test]
    fn the_replay_log_keeps_settings_and_the_moves_since_the_last_reset() {
        let mut log = ReplayLog::default();
        log.note(&step("komi 6.5"), "= \n\n");
        log.note(&step("play black C3"), "= \n\n");
        log.note(&step("loadsgf games/x.sgf 20"), "= white\n\n");
        log.note(&step("play white D4"), "= \n\n");
        log.note(&step("play white Z99"), "? illegal move\n\n");
        log.note(&step("1 reg_genmove black"), "=1 E5\n\n");
        log.note(&step("2 genmove black"), "=2 E6\n\n");
        log.note(&step("3 genmove_white"), "=3 resign\n\n");
        log.note(&step("showboard"), "= ...\n\n");
        log.note(&step("trymove black F6"), "= 1\n\n");
        assert_eq!(
            log.lines,
            vec![
                "komi 6.5",
                "loadsgf games/x.sgf 20",
                "play white D4",
                "play black E6",
                "trymove black F6"
            ]
        );
    }
}
