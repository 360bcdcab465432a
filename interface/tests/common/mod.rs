//! Helpers shared by the integration tests that judge tesuji against GNU Go:
//! a GTP client for a `gnugo --mode gtp` child process, the same interface
//! over tesuji's in-process [`interface::GtpEngine`], and the pairing of the
//! two that runs one command in both and compares the answers.
//!
//! Each test file uses its own part of this module.
#![allow(dead_code)]

pub mod gtp;
pub mod pair;
