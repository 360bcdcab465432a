//! Helpers shared by the integration tests that judge tesuji against GNU Go:
//! a GTP client for a `gnugo --mode gtp` child process, the same interface
//! over tesuji's in-process [`interface::GtpEngine`], and the pairing of the
//! two that runs one command in both and compares the answers.
//!
//! Each test file uses its own part of this module.
#![allow(dead_code)]

pub mod gtp;
pub mod pair;

use std::path::{Path, PathBuf};

/// Every `.sgf` file under `dir`, searched recursively, appended to `out`
/// (nothing when `dir` cannot be read).
pub fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}
