//! Round trips over the shared game collections, when present:
//! every `.sgf` under `shared/regression/gnugo/games/` and a sample of
//! `shared/data/games/ai/`. Skipped with a message when the folder is absent.

use std::path::{Path, PathBuf};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared");

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

#[derive(Default)]
struct Outcome {
    files: usize,
    parse_errors: Vec<String>,
    record_errors: Vec<String>,
    round_trip_failures: Vec<String>,
}

/// Parses, writes, re-parses and compares; reads each tree as a record.
fn check(files: &[PathBuf]) -> Outcome {
    let mut outcome = Outcome::default();
    for path in files {
        outcome.files += 1;
        let collection = match sgf::parse_file(path) {
            Ok(c) => c,
            Err(e) => {
                outcome.parse_errors.push(e.to_string());
                continue;
            }
        };
        let written = sgf::write(&collection);
        match sgf::parse(&written) {
            Ok(again) if again == collection => {}
            Ok(_) => outcome
                .round_trip_failures
                .push(format!("{}: re-read collection differs", path.display())),
            Err(e) => outcome.round_trip_failures.push(format!(
                "{}: written output does not parse: {e}",
                path.display()
            )),
        }
        for (k, tree) in collection.trees.iter().enumerate() {
            if let Err(e) = sgf::GameRecord::from_tree(tree) {
                outcome
                    .record_errors
                    .push(format!("{} (game {k}): {e}", path.display()));
            }
        }
    }
    for (what, list) in [
        ("parse error", &outcome.parse_errors),
        ("record error", &outcome.record_errors),
        ("round-trip failure", &outcome.round_trip_failures),
    ] {
        for message in list {
            eprintln!("{what}: {message}");
        }
    }
    eprintln!(
        "{} files: {} parse errors, {} record errors, {} round-trip failures",
        outcome.files,
        outcome.parse_errors.len(),
        outcome.record_errors.len(),
        outcome.round_trip_failures.len()
    );
    outcome
}

fn folder(relative: &str) -> Option<PathBuf> {
    let dir = Path::new(SHARED).join(relative);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} not found", dir.display());
        None
    }
}

#[test]
fn gnugo_regression_games_round_trip() {
    let Some(dir) = folder("regression/gnugo/games") else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();
    let outcome = check(&files);
    assert!(outcome.files > 0, "no .sgf file under {}", dir.display());
    // These are well-formed files: all must read, round-trip and replay.
    assert!(
        outcome.parse_errors.is_empty(),
        "{:?}",
        outcome.parse_errors
    );
    assert!(
        outcome.round_trip_failures.is_empty(),
        "{:?}",
        outcome.round_trip_failures
    );
    assert!(
        outcome.record_errors.is_empty(),
        "{:?}",
        outcome.record_errors
    );
}

#[test]
fn ai_games_sample_round_trip() {
    let Some(dir) = folder("data/games/ai") else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();
    // Every 10th file: a deterministic sample across all collections.
    let sample: Vec<PathBuf> = files.into_iter().step_by(10).collect();
    let outcome = check(&sample);
    assert!(outcome.files > 0, "no .sgf file under {}", dir.display());
    // Mixed encodings: a bad record is reported above, not fatal. But
    // whatever was read must be written back unchanged in meaning.
    assert!(
        outcome.round_trip_failures.is_empty(),
        "{:?}",
        outcome.round_trip_failures
    );
    assert!(
        outcome.parse_errors.len() * 20 <= outcome.files,
        "too many unreadable files: {:?}",
        outcome.parse_errors
    );
}
