//! The compiler on whole sources: every kind of error is reported as
//! `file.db:line: reason`, and the real databases compile.

use patterns::{compile_sources, Options, Source};

fn src(name: &str, text: &str) -> Source {
    Source {
        name: name.to_string(),
        text: text.to_string(),
    }
}

/// Compile one file and return its error messages.
fn errors(name: &str, text: &str) -> Vec<String> {
    match compile_sources(&[src(name, text)], Options::default()) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| e.to_string()).collect(),
    }
}

const GOOD: &str = "Pattern G1\n\n.X.\n.*O\n\n:8,10,shape\n\n.a.\n.*b\n\n;lib(a)>1 && !attack(b)\n\n>antisuji(*)\n";

#[test]
fn a_good_pattern_compiles() {
    let g = compile_sources(&[src("patterns.db", GOOD)], Options::default()).unwrap();
    assert!(g.code.contains("fn db_patterns_k0"));
    assert!(g.code.contains("h::lib(cx, at[1])"));
    assert!(g.code.contains("ActionKind::Antisuji"));
    assert!(g.summary[0].starts_with("patterns: 1 patterns"));
}

#[test]
fn every_kind_of_error_names_file_and_line() {
    let cases: &[(&str, &str, &str)] = &[
        // (file text, expected "file:line:" prefix, words of the reason)
        (
            "Pattern A\n\n.Z*\n\n:8,1,shape\n",
            "bad.db:3:",
            "unknown symbol 'Z'",
        ),
        (
            "Pattern A\n\n.*.\n\n:8,1,shapely\n",
            "bad.db:5:",
            "unknown class 'shapely'",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n.*a\n\n;lib(b)>1\n",
            "bad.db:9:",
            "constraint label 'b' is not in the diagram",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n.*a\n\n;libs(a)>1\n",
            "bad.db:9:",
            "unknown helper 'libs'",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n.*a\n\n;lib(a,a)>1\n",
            "bad.db:9:",
            "takes 1 argument",
        ),
        (
            "Pattern A\n\nb*X\n\n:8,1,shape\n\n.*a\n\n;olib(a)>1\n",
            "bad.db:3:",
            "unknown symbol 'b'",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\na*X\n\n;lib(a)>1\n",
            "bad.db:9:",
            "'a' must be a stone",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n;lib(*)>1\n",
            "bad.db:7:",
            "must be a stone",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n;dead > 1 && WINNING\n",
            "bad.db:7:",
            "unknown constant 'WINNING'",
        ),
        (
            "Pattern A\n\n.*X\n\n:8,1,shape\n\n>explode(*)\n",
            "bad.db:7:",
            "unknown action 'explode'",
        ),
        (
            "Pattern A\n\nO.\n.O\n\n:8,0,connection\n\nO.\n.a\n\n>inhibit(a)\n",
            "bad.db:11:",
            "'a' must be an empty point",
        ),
        (
            "Pattern A\n\nO.\n.O\n\n:8,0,connection\n\nOa\n.O\n\n>inhibit(a)\n",
            "bad.db:11:",
            "only a 'disconnection' pattern may use it",
        ),
        (
            "Pattern A\n\n.*X\n\n:|,1,shape\n",
            "bad.db:5:",
            "declares symmetry '|'",
        ),
        (
            "Pattern A\n\n.*.\n\n:8,1,shape\n\nPattern A\n\n*..\n\n:8,1,shape\n",
            "bad.db:7:",
            "duplicate pattern name A",
        ),
        (
            "Pattern A\n\n...\n\n:8,1,shape\n",
            "bad.db:3:",
            "has no anchor",
        ),
        (
            "Pattern A\n\n**.\n\n:8,1,shape\n",
            "bad.db:3:",
            "more than one '*'",
        ),
        (
            "Pattern A\n\n.*!\n\n:8,1,shape\n",
            "bad.db:3:",
            "only for eye databases",
        ),
        (
            "Pattern A\n\n.*.\n\n:8,1,eyespace\n",
            "bad.db:5:",
            "belongs in a eyespace database",
        ),
        (
            "Pattern A\n\n+--\n|.*.\n\n:8,1,edge\n",
            "bad.db:3:",
            "does not fit",
        ),
        (
            "Pattern A\n\n.*.\n\n:8,x,edge\n",
            "bad.db:5:",
            "cannot read the colon line",
        ),
        (
            "Pattern A\n\n.*.\n\n:8,1,edge,weight(2)\n",
            "bad.db:5:",
            "unknown attribute 'weight'",
        ),
    ];
    for (text, at, reason) in cases {
        let errs = errors("bad.db", text);
        assert!(
            errs.iter().any(|e| e.starts_with(at) && e.contains(reason)),
            "expected '{at} ...{reason}...' for\n{text}\ngot {errs:?}"
        );
    }
}

#[test]
fn database_kinds_have_their_own_rules() {
    let eyes = errors("eyes.db", "Pattern E1\n\n.*.\n\n:8,0,eyespace,eyes(1,2)\n");
    assert!(
        eyes.iter()
            .any(|e| e.starts_with("eyes.db:3:") && e.contains("'*' in eye space")),
        "{eyes:?}"
    );
    let eyes = errors("eyes.db", "Pattern E1\n\n...\n\n:8,0,eyespace,eyes(2,1)\n");
    assert!(
        eyes.iter()
            .any(|e| e.starts_with("eyes.db:5:") && e.contains("eyes(min,max)")),
        "{eyes:?}"
    );
    let eyes = errors("eyes.db", "Pattern E1\n\n.?.\n\n:8,0,eyespace,eyes(1,1)\n");
    assert!(eyes.iter().any(|e| e.contains("not connected")), "{eyes:?}");
    let f = errors(
        "fuseki9.db",
        "Pattern F1\n\n+---+\n|...|\n|.*.|\n|...|\n+---+\n\n:8,3,fuseki\n",
    );
    assert!(f.is_empty(), "{f:?}");
    let f = errors("fuseki9.db", "Pattern F1\n\n.*.\n\n:8,3,fuseki\n");
    assert!(
        f.iter()
            .any(|e| e.starts_with("fuseki9.db:3:") && e.contains("whole square board")),
        "{f:?}"
    );
    // Monte Carlo databases are left to their own compiler.
    assert!(errors("mc_patterns.db", "anything at all").is_empty());
}

#[test]
fn the_real_databases_compile_and_hold_enough_patterns() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("db");
    let sources = patterns::codegen::read_dir(&dir).unwrap();
    let n = patterns::codegen::check_sources(&sources).unwrap_or_else(|e| {
        panic!("{}", patterns::error::join(&e));
    });
    assert!(n >= 500, "only {n} patterns");
    // Every file is ours: generated files say what made them.
    for s in &sources {
        assert!(
            s.text.starts_with("# tesuji"),
            "{} has no tesuji header",
            s.name
        );
    }
}
