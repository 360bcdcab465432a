//! The owl's command-line limits (`--owl-node-limit`, `--owl-reading`,
//! `--owl-branch`, GNU Go's names): they reach the owl of the GTP
//! commands, and bad values are refused with a message.

mod common;

use clap::Parser;
use common::gtp::{Gtp, Tesuji};
use interface::cli::Cli;

/// A corner of our own owl suite whose defence takes the owl more than a
/// few nodes (`regression/suites/owl.tst` 323).
const CORNER: &str = "../regression/suites/games/owl-seal-above-first-line-lunch.sgf";

/// The owl nodes `owl_defend C3` visits in the corner, with `options`.
fn defence_nodes(options: &[&str]) -> u64 {
    let mut t = Tesuji::new(options);
    for cmd in [format!("loadsgf {CORNER}"), "reset_owl_node_counter".into()] {
        assert!(t.ask(&cmd).is_ok(), "{cmd}");
    }
    assert!(t.ask("owl_defend C3").is_ok());
    let n = t.ask("get_owl_node_counter").expect("a node count");
    n.parse().expect("a number")
}

#[test]
fn the_owl_node_limit_bounds_a_question() {
    let free = defence_nodes(&[]);
    assert!(free > 20, "the corner's defence takes {free} nodes");
    let capped = defence_nodes(&["--owl-node-limit", "20"]);
    assert!(capped <= 20, "{capped} nodes past --owl-node-limit 20");
}

#[test]
fn the_owl_depths_reach_the_engine() {
    let cli = Cli::try_parse_from([
        "tesuji",
        "--mode",
        "gtp",
        "--owl-reading",
        "12",
        "--owl-branch",
        "5",
        "--owl-node-limit",
        "300",
    ])
    .expect("valid options");
    let session = cli.opts.session().expect("a session");
    let p = session.engine.owl.params;
    assert_eq!(
        (p.reading_depth, p.branch_depth, p.node_limit),
        (12, 5, 300)
    );
    assert_eq!(session.engine.config.owl.branch_depth, Some(5));
}

#[test]
fn bad_owl_limits_are_refused_with_a_reason() {
    for (args, word) in [
        (["--owl-reading", "500"], "--owl-reading 500"),
        (["--owl-branch", "101"], "--owl-branch 101"),
        (["--owl-node-limit", "0"], "--owl-node-limit 0"),
    ] {
        let argv = ["tesuji", "--mode", "gtp"].into_iter().chain(args);
        let cli = Cli::try_parse_from(argv).expect("parsed");
        let err = cli.opts.session().err().expect("refused");
        assert!(err.contains(word), "{err}");
    }
    assert!(Cli::try_parse_from(["tesuji", "--owl-node-limit", "many"]).is_err());
}
