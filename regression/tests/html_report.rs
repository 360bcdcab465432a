//! The HTML report: an index page and a page per file with a board diagram
//! for every failing test.

use regression::runner::{run_all, RunOptions};
use regression::{html, InProcessFactory, Suite, Verdict};
use std::path::Path;

#[test]
fn failing_tests_get_a_diagram() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/report.tst");
    let suites = vec![Suite::load(&file).unwrap()];
    let opts = RunOptions {
        snapshots: true,
        ..RunOptions::default()
    };
    let factory = InProcessFactory {
        seed: 1,
        options: vec![],
    };
    let results = run_all(&suites, &factory, &opts, 1, &|_| {});
    let verdicts: Vec<Verdict> = results[0].tests.iter().map(|t| t.verdict).collect();
    assert_eq!(
        verdicts,
        vec![
            Verdict::Passed,
            Verdict::UnexpectedFail,
            Verdict::UnexpectedFail
        ]
    );
    let snap = results[0].tests[1].snapshot.as_ref().expect("a snapshot");
    assert_eq!(snap.size, 9);
    assert_eq!(snap.black, vec![(2, 2)]);
    assert_eq!(snap.white, vec![(3, 3)]);
    assert_eq!(snap.last_move, Some((false, (3, 3))));
    assert!(results[0].tests[0].snapshot.is_none());

    let dir = std::env::temp_dir().join(format!("tesuji-html-{}", std::process::id()));
    let index =
        html::write_report(&dir, &results, "tesuji", "regression report.tst", None, 0.1).unwrap();
    let index_text = std::fs::read_to_string(&index).unwrap();
    assert!(index_text.contains("00-report.html"));
    assert!(index_text.contains("Unexpected results (2)"));
    let page = std::fs::read_to_string(dir.join("00-report.html")).unwrap();
    assert_eq!(page.matches("<svg").count(), 2);
    assert!(page.contains("class=\"expected\""));
    assert!(page.contains("class=\"given\""));
    let _ = std::fs::remove_dir_all(&dir);
}
