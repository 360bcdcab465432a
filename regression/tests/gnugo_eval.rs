//! With GNU Go as the engine, the runner must give every test the verdict
//! GNU Go's own evaluation gives: GNU Go reading the whole .tst file on its
//! standard input, each numbered answer judged against its `#?` line. This
//! test runs both ways on two of GNU Go's suites and compares test by test.
//! It passes with a message when GNU Go or the shared suites are absent.

use regression::expect::{answer_text, Expectation};
use regression::runner::{run_file, RunOptions};
use regression::{ExternalFactory, Suite};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const GNUGO: &str = "/usr/games/gnugo";

/// Answers of GNU Go reading `file` whole, as GNU Go's scripts run it.
fn piped_answers(file: &Path) -> HashMap<u64, String> {
    let mut child = Command::new(GNUGO)
        .args(["--quiet", "--mode", "gtp"])
        .current_dir(file.parent().unwrap())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let text = std::fs::read(file).unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    let mut answers = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(rest) = line.strip_prefix('=').or_else(|| line.strip_prefix('?')) else {
            continue;
        };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(id) = digits.parse::<u64>() {
            answers.insert(id, answer_text(line));
        }
    }
    answers
}

#[test]
fn verdicts_match_gnugo_reading_the_file_itself() {
    let suites = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/regression/gnugo");
    if !Path::new(GNUGO).exists() || !suites.join("reading.tst").exists() {
        println!("skipped: GNU Go or the shared GNU Go suites are not installed");
        return;
    }
    let factory = ExternalFactory::new(&format!("{GNUGO} --mode gtp")).unwrap();
    for name in ["reading.tst", "connect.tst"] {
        let path = suites.join(name);
        let suite = Suite::load(&path).unwrap();
        let opts = RunOptions {
            timeout: Duration::from_secs(300),
            ..RunOptions::default()
        };
        let result = run_file(&suite, &factory, &opts, &|_| {});
        let piped = piped_answers(&path);
        assert_eq!(result.tests.len(), suite.test_count());
        for t in &result.tests {
            let step = suite.steps.iter().find(|s| s.id == Some(t.id)).unwrap();
            let expect = step.expect.clone().unwrap_or_else(Expectation::empty);
            let answer = piped
                .get(&t.id)
                .unwrap_or_else(|| panic!("{name}:{} unanswered", t.id));
            assert_eq!(&t.got, answer, "{name}:{} answer differs", t.id);
            assert_eq!(t.verdict, expect.judge(answer), "{name}:{}", t.id);
        }
    }
}
