//! The quick regression subset of CI: our own suites (regression/suites),
//! run in-process against tesuji. Fails when a test expected to pass fails,
//! crashes or times out; unexpected passes are printed, not failures.

use regression::report::{describe, table};
use regression::runner::{run_all, RunOptions};
use regression::{InProcessFactory, Suite, Verdict};
use std::path::Path;
use std::time::Duration;

#[test]
fn our_suites_pass_where_they_are_expected_to() {
    regression::backend::install_panic_hook();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    let suites: Vec<Suite> = files.iter().map(|p| Suite::load(p).unwrap()).collect();
    assert!(suites.len() >= 8, "our suites are missing");
    let total: usize = suites.iter().map(Suite::test_count).sum();
    assert!(total >= 200, "only {total} tests");
    let factory = InProcessFactory {
        seed: 1,
        options: vec![],
    };
    let opts = RunOptions {
        timeout: Duration::from_secs(60),
        ..RunOptions::default()
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results = run_all(&suites, &factory, &opts, jobs, &|_| {});
    println!("{}", table(&results, 0.0));
    let mut bad = Vec::new();
    for t in results.iter().flat_map(|f| &f.tests) {
        match t.verdict {
            Verdict::UnexpectedFail | Verdict::Crashed | Verdict::Timeout => bad.push(describe(t)),
            Verdict::UnexpectedPass => println!("{}", describe(t)),
            _ => {}
        }
    }
    assert!(bad.is_empty(), "unexpected results:\n{}", bad.join("\n"));
}
