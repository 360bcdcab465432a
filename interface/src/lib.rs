//! tesuji's front-ends: GTP (and later GMP), the terminal game, and the
//! command line. The `tesuji` binary is `main.rs`; everything else is a library
//! so that the regression runner can drive the GTP engine in-process.

pub mod analysis_bench;
pub mod ascii;
pub mod bench;
pub mod cli;
pub mod commands;
pub mod display;
pub mod dragon_display;
pub mod gmp;
pub mod gtp;
pub mod mc_bench;
pub mod pattern_bench;
pub mod reading_bench;
pub mod session;
pub mod sgfio;

pub use gtp::GtpEngine;
pub use session::Session;
