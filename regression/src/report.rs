//! Results as people and programs read them: the table printed at the end,
//! the JSON file, and the comparison with a baseline.
//!
//! JSON: `{"total": {"passed": N, "tests": M, …}, "tests": [{"file", "id",
//! "command", "expected", "got", "result", "seconds"}…]}`, where `passed`
//! counts the tests whose answer matched (GNU Go's "passes") and `result` is
//! one of `passed`, `PASSED`, `failed`, `FAILED`, `crashed`, `timeout`.
//! `&` tests (not checked) are counted in `total.unchecked` only.

use crate::expect::Verdict;
use crate::runner::{FileResult, TestResult};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// Counts over a set of tests.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    /// Judged tests.
    pub tests: usize,
    /// Tests whose answer matched.
    pub matched: usize,
    /// Per verdict, in the order of [`Verdict::ALL`].
    pub by_verdict: [usize; 7],
    /// Wall time, seconds (per file: the file's time; in a total: the sum).
    pub seconds: f64,
    /// Reading nodes, if every file reported them.
    pub reading_nodes: Option<u64>,
    /// Owl nodes, if every file reported them.
    pub owl_nodes: Option<u64>,
    /// Semeai nodes, if every file reported them.
    pub semeai_nodes: Option<u64>,
}

impl Totals {
    /// Counts of one file.
    pub fn of_file(f: &FileResult) -> Totals {
        let mut t = Totals {
            tests: f.judged(),
            matched: f.matched(),
            seconds: f.seconds,
            reading_nodes: f.reading_nodes,
            owl_nodes: f.owl_nodes,
            semeai_nodes: f.semeai_nodes,
            ..Totals::default()
        };
        for (k, v) in Verdict::ALL.iter().enumerate() {
            t.by_verdict[k] = f.count(*v);
        }
        t
    }

    /// Counts of several files.
    pub fn of_files(files: &[FileResult]) -> Totals {
        let mut total = Totals {
            reading_nodes: Some(0),
            owl_nodes: Some(0),
            semeai_nodes: Some(0),
            ..Totals::default()
        };
        for f in files {
            let t = Totals::of_file(f);
            total.tests += t.tests;
            total.matched += t.matched;
            total.seconds += t.seconds;
            for k in 0..t.by_verdict.len() {
                total.by_verdict[k] += t.by_verdict[k];
            }
            total.reading_nodes = total.reading_nodes.zip(t.reading_nodes).map(|(a, b)| a + b);
            total.owl_nodes = total.owl_nodes.zip(t.owl_nodes).map(|(a, b)| a + b);
            total.semeai_nodes = total.semeai_nodes.zip(t.semeai_nodes).map(|(a, b)| a + b);
        }
        total
    }

    /// Number of tests with verdict `v`.
    pub fn get(&self, v: Verdict) -> usize {
        let k = Verdict::ALL
            .iter()
            .position(|x| *x == v)
            .expect("known verdict");
        self.by_verdict[k]
    }

    fn json(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("passed".into(), json!(self.matched));
        m.insert("tests".into(), json!(self.tests));
        // `passed` is the number of matching answers (above); the verdict
        // counts follow, expected passes being `passed - PASSED`.
        for v in Verdict::ALL.into_iter().filter(|v| *v != Verdict::Passed) {
            m.insert(v.name().into(), json!(self.get(v)));
        }
        m.insert("seconds".into(), json!(round3(self.seconds)));
        m.insert("reading_nodes".into(), json!(self.reading_nodes));
        m.insert("owl_nodes".into(), json!(self.owl_nodes));
        m.insert("semeai_nodes".into(), json!(self.semeai_nodes));
        Value::Object(m)
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn count_cell(n: Option<u64>) -> String {
    n.map_or_else(|| "-".to_string(), |n| n.to_string())
}

/// The table printed at the end of a run: one line per file and a total.
pub fn table(files: &[FileResult], wall_seconds: f64) -> String {
    let name_width = files
        .iter()
        .map(|f| f.file.len())
        .chain([5])
        .max()
        .unwrap_or(5);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<name_width$}  {:>13}  {:>6}  {:>6}  {:>5}  {:>7}  {:>8}  {:>12}  {:>10}  {:>9}",
        "file",
        "passed/total",
        "PASSED",
        "FAILED",
        "crash",
        "timeout",
        "seconds",
        "reading",
        "owl",
        "semeai"
    );
    let line = |out: &mut String, name: &str, t: &Totals| {
        let _ = writeln!(
            out,
            "{:<name_width$}  {:>13}  {:>6}  {:>6}  {:>5}  {:>7}  {:>8.1}  {:>12}  {:>10}  {:>9}",
            name,
            format!("{}/{}", t.matched, t.tests),
            t.get(Verdict::UnexpectedPass),
            t.get(Verdict::UnexpectedFail),
            t.get(Verdict::Crashed),
            t.get(Verdict::Timeout),
            t.seconds,
            count_cell(t.reading_nodes),
            count_cell(t.owl_nodes),
            count_cell(t.semeai_nodes),
        );
    };
    for f in files {
        line(&mut out, &f.file, &Totals::of_file(f));
    }
    let total = Totals::of_files(files);
    let _ = writeln!(out, "{}", "-".repeat(name_width + 99));
    line(&mut out, "total", &total);
    let _ = writeln!(
        out,
        "{} files, {} tests: {} passed, {} PASSED, {} failed, {} FAILED, {} crashed, {} timeout; {:.1} s of engine time in {:.1} s",
        files.len(),
        total.tests,
        total.get(Verdict::Passed),
        total.get(Verdict::UnexpectedPass),
        total.get(Verdict::Failed),
        total.get(Verdict::UnexpectedFail),
        total.get(Verdict::Crashed),
        total.get(Verdict::Timeout),
        total.seconds,
        wall_seconds,
    );
    for f in files {
        if f.restarts > 0 {
            let _ = writeln!(out, "{}: engine restarted {} times", f.file, f.restarts);
        }
        for w in &f.warnings {
            let _ = writeln!(out, "{}: {w}", f.file);
        }
    }
    out
}

/// One line about a test, as GNU Go's script words it.
pub fn describe(t: &TestResult) -> String {
    match t.verdict {
        Verdict::Passed | Verdict::UnexpectedPass => {
            format!("{}:{} {}", t.file, t.id, t.verdict)
        }
        Verdict::Unchecked => format!("{}:{} {}", t.file, t.id, t.got),
        _ => format!(
            "{}:{} {}: Correct '{}', got '{}'",
            t.file, t.id, t.verdict, t.expected_shown, t.got
        ),
    }
}

/// The JSON document of a run.
pub fn to_json(files: &[FileResult], engine: &str) -> Value {
    let total = Totals::of_files(files);
    let mut t = total.json();
    let by_file: serde_json::Map<String, Value> = files
        .iter()
        .map(|f| (f.file.clone(), Totals::of_file(f).json()))
        .collect();
    if let Value::Object(m) = &mut t {
        m.insert("engine".into(), json!(engine));
        m.insert("files".into(), json!(files.len()));
        m.insert("by_file".into(), Value::Object(by_file));
    }
    let tests: Vec<Value> = files
        .iter()
        .flat_map(|f| &f.tests)
        .filter(|t| t.verdict != Verdict::Unchecked)
        .map(|t| {
            json!({
                "file": t.file,
                "id": t.id,
                "command": t.command,
                "expected": t.expected,
                "got": t.got,
                "result": t.verdict.name(),
                "seconds": round3(t.seconds),
            })
        })
        .collect();
    json!({ "total": t, "tests": tests })
}

/// Write the run as JSON: the total first, then one test per line, so that
/// stored baselines give readable diffs.
pub fn write_json(path: &Path, doc: &Value) -> Result<(), String> {
    let mut out = String::from("{\"total\": ");
    out.push_str(&serde_json::to_string(&doc["total"]).map_err(|e| e.to_string())?);
    out.push_str(",\n\"tests\": [\n");
    let tests = doc["tests"].as_array().cloned().unwrap_or_default();
    for (k, t) in tests.iter().enumerate() {
        out.push_str(&serde_json::to_string(t).map_err(|e| e.to_string())?);
        out.push_str(if k + 1 < tests.len() { ",\n" } else { "\n" });
    }
    out.push_str("]}\n");
    std::fs::write(path, out).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A stored run: verdict per test, keyed by file name (without folder) and
/// test number.
#[derive(Clone, Debug, Default)]
pub struct Baseline {
    results: HashMap<(String, u64), (Verdict, String)>,
}

/// Key of a test in a baseline: file name without folder, and number.
fn key(file: &str, id: u64) -> (String, u64) {
    let name = Path::new(file)
        .file_name()
        .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned());
    (name, id)
}

impl Baseline {
    /// Read a JSON file written by `--json` or `--save-baseline`.
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read baseline {}: {e}", path.display()))?;
        Baseline::parse(&text).map_err(|e| format!("baseline {}: {e}", path.display()))
    }

    /// Parse baseline JSON text.
    pub fn parse(text: &str) -> Result<Baseline, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let tests = doc["tests"].as_array().ok_or("no \"tests\" array")?;
        let mut results = HashMap::new();
        for t in tests {
            let file = t["file"].as_str().ok_or("a test without \"file\"")?;
            let id = t["id"].as_u64().ok_or("a test without a numeric \"id\"")?;
            let name = t["result"].as_str().ok_or("a test without \"result\"")?;
            let verdict =
                Verdict::from_name(name).ok_or_else(|| format!("unknown result '{name}'"))?;
            let got = t["got"].as_str().unwrap_or_default().to_string();
            results.insert(key(file, id), (verdict, got));
        }
        Ok(Baseline { results })
    }

    /// Number of tests stored.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// True if no test is stored.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// The stored verdict and answer of a test.
    pub fn get(&self, file: &str, id: u64) -> Option<&(Verdict, String)> {
        self.results.get(&key(file, id))
    }
}

/// A test whose verdict differs from the baseline's.
#[derive(Clone, Debug)]
pub struct Change {
    /// File and number.
    pub file: String,
    /// Test number.
    pub id: u64,
    /// Verdict and answer before.
    pub before: (Verdict, String),
    /// Verdict and answer now.
    pub now: (Verdict, String),
}

impl Change {
    /// True if the test matched before and does not now (or crashed or
    /// timed out now and did not before).
    pub fn is_worse(&self) -> bool {
        (self.before.0.matched() && !self.now.0.matched())
            || (matches!(self.now.0, Verdict::Crashed | Verdict::Timeout)
                && !matches!(self.before.0, Verdict::Crashed | Verdict::Timeout))
    }

    /// True if the test matches now and did not before.
    pub fn is_better(&self) -> bool {
        !self.before.0.matched() && self.now.0.matched()
    }
}

/// The comparison of a run with a baseline.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// Tests whose verdict changed.
    pub changes: Vec<Change>,
    /// Tests run now that the baseline does not have.
    pub new_tests: usize,
}

impl Comparison {
    /// Compare `files` with `baseline`.
    pub fn new(files: &[FileResult], baseline: &Baseline) -> Comparison {
        let mut c = Comparison::default();
        for t in files.iter().flat_map(|f| &f.tests) {
            if t.verdict == Verdict::Unchecked {
                continue;
            }
            match baseline.get(&t.file, t.id) {
                None => c.new_tests += 1,
                Some(before) if before.0 != t.verdict => c.changes.push(Change {
                    file: t.file.clone(),
                    id: t.id,
                    before: before.clone(),
                    now: (t.verdict, t.got.clone()),
                }),
                Some(_) => {}
            }
        }
        c
    }

    /// Tests that got worse.
    pub fn worse(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|c| c.is_worse())
    }

    /// Tests that got better.
    pub fn better(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|c| c.is_better())
    }

    /// A text listing of the changes.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let mut section = |title: &str, items: Vec<&Change>| {
            if items.is_empty() {
                return;
            }
            let _ = writeln!(out, "{title} ({}):", items.len());
            for c in items {
                let _ = writeln!(
                    out,
                    "  {}:{} {} -> {} (was '{}', now '{}')",
                    c.file, c.id, c.before.0, c.now.0, c.before.1, c.now.1
                );
            }
        };
        section("newly passing", self.better().collect());
        section("newly failing", self.worse().collect());
        section(
            "other changes",
            self.changes
                .iter()
                .filter(|c| !c.is_better() && !c.is_worse())
                .collect(),
        );
        if self.changes.is_empty() {
            let _ = writeln!(out, "no verdict changed against the baseline");
        }
        if self.new_tests > 0 {
            let _ = writeln!(out, "{} tests are not in the baseline", self.new_tests);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(file: &str, id: u64, verdict: Verdict, got: &str) -> TestResult {
        TestResult {
            file: file.into(),
            id,
            line: 1,
            command: "reg_genmove black".into(),
            expected: "[C3]".into(),
            expected_shown: "C3".into(),
            got: got.into(),
            verdict,
            seconds: 0.25,
            snapshot: None,
        }
    }

    fn file(name: &str, tests: Vec<TestResult>) -> FileResult {
        FileResult {
            file: name.into(),
            tests,
            seconds: 1.5,
            reading_nodes: Some(10),
            owl_nodes: None,
            semeai_nodes: Some(3),
            restarts: 0,
            warnings: vec![],
        }
    }

    #[test]
    fn totals_count_verdicts() {
        let f = file(
            "a.tst",
            vec![
                test("a.tst", 1, Verdict::Passed, "C3"),
                test("a.tst", 2, Verdict::UnexpectedPass, "C3"),
                test("a.tst", 3, Verdict::UnexpectedFail, "D4"),
                test("a.tst", 4, Verdict::Unchecked, "x"),
            ],
        );
        let t = Totals::of_files(&[f.clone(), f]);
        assert_eq!(t.tests, 6);
        assert_eq!(t.matched, 4);
        assert_eq!(t.get(Verdict::UnexpectedFail), 2);
        assert_eq!(t.reading_nodes, Some(20));
        assert_eq!(t.owl_nodes, None);
        assert_eq!(t.semeai_nodes, Some(6));
    }

    #[test]
    fn json_has_the_documented_shape_and_reads_back_as_a_baseline() {
        let files = vec![file(
            "dir/a.tst",
            vec![
                test("dir/a.tst", 1, Verdict::Passed, "C3"),
                test("dir/a.tst", 2, Verdict::Timeout, "timeout"),
                test("dir/a.tst", 3, Verdict::Unchecked, "x"),
                test("dir/a.tst", 4, Verdict::UnexpectedPass, "C3"),
            ],
        )];
        let doc = to_json(&files, "tesuji");
        assert_eq!(doc["total"]["passed"], 2);
        assert_eq!(doc["total"]["PASSED"], 1);
        assert_eq!(doc["total"]["tests"], 3);
        assert_eq!(doc["total"]["timeout"], 1);
        assert_eq!(doc["total"]["unchecked"], 1);
        let tests = doc["tests"].as_array().unwrap();
        assert_eq!(tests.len(), 3);
        let keys: Vec<&String> = tests[0].as_object().unwrap().keys().collect();
        for k in [
            "file", "id", "command", "expected", "got", "result", "seconds",
        ] {
            assert!(keys.iter().any(|x| *x == k), "missing {k}");
        }
        assert_eq!(keys.len(), 7);
        let path = std::env::temp_dir().join(format!("tesuji-report-{}.json", std::process::id()));
        write_json(&path, &doc).unwrap();
        let b = Baseline::load(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(b.len(), 3);
        // Keys ignore the folder.
        assert_eq!(b.get("other/a.tst", 1).unwrap().0, Verdict::Passed);
    }

    #[test]
    fn comparisons_list_better_and_worse() {
        let before = Baseline::parse(
            r#"{"total":{},"tests":[
            {"file":"a.tst","id":1,"command":"c","expected":"[C3]","got":"D4","result":"FAILED","seconds":0},
            {"file":"a.tst","id":2,"command":"c","expected":"[C3]","got":"C3","result":"passed","seconds":0},
            {"file":"a.tst","id":3,"command":"c","expected":"[C3]*","got":"D4","result":"failed","seconds":0},
            {"file":"a.tst","id":4,"command":"c","expected":"[C3]","got":"C3","result":"passed","seconds":0}]}"#,
        )
        .unwrap();
        let now = vec![file(
            "a.tst",
            vec![
                test("a.tst", 1, Verdict::Passed, "C3"),
                test("a.tst", 2, Verdict::UnexpectedFail, "D4"),
                test("a.tst", 3, Verdict::Timeout, "timeout"),
                test("a.tst", 4, Verdict::Passed, "C3"),
                test("a.tst", 5, Verdict::Passed, "C3"),
            ],
        )];
        let c = Comparison::new(&now, &before);
        assert_eq!(c.changes.len(), 3);
        assert_eq!(c.better().count(), 1);
        assert_eq!(c.worse().count(), 2);
        assert_eq!(c.new_tests, 1);
        let text = c.text();
        assert!(text.contains("newly passing (1)"));
        assert!(text.contains("a.tst:2 passed -> FAILED"));
        assert!(Baseline::parse("{}").is_err());
    }

    #[test]
    fn the_table_has_a_line_per_file_and_a_total() {
        let files = vec![file("a.tst", vec![test("a.tst", 1, Verdict::Passed, "C3")])];
        let t = table(&files, 2.0);
        assert!(t
            .lines()
            .any(|l| l.starts_with("a.tst") && l.contains("1/1")));
        assert!(t.lines().any(|l| l.starts_with("total")));
        assert!(describe(&test("a.tst", 3, Verdict::UnexpectedFail, "D4"))
            .contains("FAILED: Correct 'C3', got 'D4'"));
    }
}
