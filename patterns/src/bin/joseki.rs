//! Compile the SGF joseki trees into `patterns/db/joseki.db`.
//!
//! Usage: `cargo run -p patterns --bin joseki [SGF_DIR [OUT]]` (defaults:
//! `patterns/joseki/` and `patterns/db/joseki.db`). See `patterns::joseki`.

use patterns::joseki::{moves_of_tree, patterns_of};
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or(root.join("joseki"), PathBuf::from);
    let out = args.next().map_or(root.join("db/joseki.db"), PathBuf::from);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            eprintln!("joseki: cannot read {}: {e}", dir.display());
            std::process::exit(1);
        }
    };
    files.retain(|p| p.extension().and_then(|e| e.to_str()) == Some("sgf"));
    files.sort();
    let mut text = String::from(
        "# tesuji joseki patterns: generated from patterns/joseki/*.sgf by\n\
         # `cargo run -p patterns --bin joseki`. Do not edit by hand: edit the trees.\n\n",
    );
    let mut seen = Vec::new();
    for f in &files {
        let stem = f
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("joseki: {}: {e}", f.display());
                std::process::exit(1);
            }
        };
        let moves = match moves_of_tree(&bytes) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("joseki: {}: {e}", f.display());
                std::process::exit(1);
            }
        };
        let title = sgf::parse(&bytes)
            .ok()
            .and_then(|c| {
                c.trees
                    .first()
                    .and_then(|t| t.root())
                    .and_then(|r| r.simple_text("GN"))
            })
            .unwrap_or_else(|| stem.clone());
        let before = seen.len();
        text.push_str(&patterns_of(&stem, &title, &moves, &mut seen));
        println!(
            "{}: {} moves, {} patterns",
            f.display(),
            moves.len(),
            seen.len() - before
        );
    }
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("joseki: cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
    println!(
        "{} joseki patterns written to {}",
        seen.len(),
        out.display()
    );
}
