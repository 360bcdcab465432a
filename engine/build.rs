//! Compile the pattern databases (`../patterns/db/*.db`) into Rust tables,
//! matchers and constraint functions in `OUT_DIR/patterns_gen.rs`, included
//! by `src/patterns/mod.rs`. A broken pattern stops the build with
//! `file.db:line: reason`.

use std::path::Path;
use std::process::exit;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../patterns/db");
    println!("cargo:rerun-if-changed={}", dir.display());
    println!("cargo:rerun-if-changed=build.rs");
    let sources = match patterns::codegen::read_dir(&dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "cannot read the pattern databases in {}: {e}",
                dir.display()
            );
            exit(1);
        }
    };
    for s in &sources {
        println!("cargo:rerun-if-changed={}", dir.join(&s.name).display());
    }
    let generated = match patterns::compile_sources(&sources, patterns::Options::default()) {
        Ok(g) => g,
        Err(errors) => {
            eprintln!("error: the pattern databases do not compile:");
            for e in &errors {
                eprintln!("{e}");
            }
            exit(1);
        }
    };
    let out =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("patterns_gen.rs");
    if let Err(e) = std::fs::write(&out, generated.code) {
        eprintln!("cannot write {}: {e}", out.display());
        exit(1);
    }
}
