//! The regression runner: GNU Go-format `.tst` suites run against tesuji
//! (in-process) or any GTP engine, with GNU Go's verdicts, in parallel,
//! surviving crashes and hangs, with JSON results, baselines and an HTML
//! report. See `docs/regression.md`.

pub mod backend;
pub mod board;
pub mod expect;
pub mod filter;
pub mod html;
pub mod report;
pub mod runner;
pub mod tst;

pub use backend::{EngineFactory, ExternalFactory, InProcessFactory};
pub use expect::{Expectation, Verdict};
pub use runner::{run_all, run_file, FileResult, RunOptions, TestResult};
pub use tst::Suite;
