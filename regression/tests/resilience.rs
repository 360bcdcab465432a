//! A crashed or hung engine never stops a run: each such test is reported
//! (crashed / timeout), the engine is restarted, the position replayed, and
//! the file goes on.

use regression::backend::InProcess;
use regression::runner::{run_file, RunOptions};
use regression::{EngineFactory, ExternalFactory, Suite, Verdict};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn verdicts(factory: &dyn EngineFactory) -> Vec<(u64, Verdict, String)> {
    let suite = Suite::load(&data("resilience.tst")).unwrap();
    let opts = RunOptions {
        timeout: Duration::from_millis(700),
        ..RunOptions::default()
    };
    let r = run_file(&suite, factory, &opts, &|_| {});
    r.tests
        .iter()
        .map(|t| (t.id, t.verdict, t.got.clone()))
        .collect()
}

fn check(got: &[(u64, Verdict, String)]) {
    let short: Vec<(u64, Verdict)> = got.iter().map(|(i, v, _)| (*i, *v)).collect();
    assert_eq!(
        short,
        vec![
            (1, Verdict::Passed),
            (2, Verdict::Crashed),
            (3, Verdict::Passed),
            (4, Verdict::Passed),
            (5, Verdict::Timeout),
            (6, Verdict::Passed),
            (7, Verdict::Passed),
            (8, Verdict::Crashed),
            (9, Verdict::Passed),
        ],
        "{got:?}"
    );
}

#[test]
fn an_external_engine_that_dies_or_hangs_is_restarted() {
    let engine = format!("/bin/sh {}", data("fake-engine.sh").display());
    let factory = ExternalFactory::new(&engine).unwrap();
    let got = verdicts(&factory);
    check(&got);
    // The crash message carries the engine's last words.
    assert!(got[1].2.contains("crashing on purpose"), "{}", got[1].2);
}

/// In-process engines run the same fake engine logic as a closure.
struct FakeInProcess;

impl EngineFactory for FakeInProcess {
    fn start(
        &self,
        dir: &Path,
        _options: &[String],
    ) -> Result<Box<dyn regression::backend::Backend>, String> {
        let mut stones: Vec<String> = Vec::new();
        let executor = move |line: &str| -> Option<String> {
            let mut w: Vec<&str> = line.split_whitespace().collect();
            let id = match w.first() {
                Some(x) if x.bytes().all(|b| b.is_ascii_digit()) => w.remove(0).to_string(),
                _ => String::new(),
            };
            let answer = match w.first().copied() {
                Some("play") => {
                    stones.push(w[2].to_string());
                    String::new()
                }
                Some("list_stones") => stones.join(" "),
                Some("clear_board") => {
                    stones.clear();
                    String::new()
                }
                Some("crash_now") => panic!("crashing on purpose"),
                Some("hang_now") => {
                    std::thread::sleep(Duration::from_secs(5));
                    String::new()
                }
                _ => return Some(format!("?{id} unknown command\n\n")),
            };
            Some(format!("={id} {answer}\n\n"))
        };
        Ok(Box::new(InProcess::spawn(executor, dir.to_path_buf())?))
    }

    fn describe(&self) -> String {
        "fake in-process engine".into()
    }

    fn honours_options(&self) -> bool {
        true
    }
}

#[test]
fn an_in_process_engine_that_panics_or_hangs_is_replaced() {
    regression::backend::install_panic_hook();
    let got = verdicts(&FakeInProcess);
    check(&got);
    assert!(got[1].2.contains("crashing on purpose"), "{}", got[1].2);
}

#[test]
fn an_engine_that_cannot_start_reports_every_test() {
    let factory = ExternalFactory::new("/nonexistent/engine").unwrap();
    let got = verdicts(&factory);
    assert_eq!(got.len(), 9);
    assert!(
        got.iter().all(|(_, v, _)| *v == Verdict::Crashed),
        "{got:?}"
    );
}
