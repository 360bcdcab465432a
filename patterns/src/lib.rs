//! tesuji's pattern compiler and pattern tools.
//!
//! The `.db` files under `patterns/db/` hold the pattern databases (format:
//! `docs/patterns.md`). At build time the engine's `build.rs` calls
//! [`codegen::compile`] on all of them: [`parse`] reads them, [`check`]
//! rejects anything wrong with a `file.db:line: reason` message (the build
//! stops), [`compile`] turns each pattern into its distinct orientations,
//! [`dfa`] builds the matchers, and [`codegen`] writes Rust tables, matcher
//! data and constraint functions that the engine includes. Nothing reads a
//! `.db` file at run time.
//!
//! The binaries under `src/bin/` are the database tools: the eye-space
//! generator, the shape miner, the fuseki extractor and the joseki compiler.
//! They use [`goboard`] (a small, simple board: the engine build-depends on
//! this crate, so this crate cannot use the engine's board) and [`records`]
//! (the game records and their training / held-back split).

pub mod ast;
pub mod check;
pub mod codegen;
pub mod compile;
pub mod dfa;
pub mod error;
pub mod eyes;
pub mod fuseki;
pub mod goboard;
pub mod joseki;
pub mod orient;
pub mod parse;
pub mod records;
pub mod vocab;

pub use codegen::{compile as compile_sources, Generated, Options, Source};
pub use error::Error;
