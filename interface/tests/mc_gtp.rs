//! The Monte Carlo player through GTP (in-process): genmove, cleanup,
//! analysis commands, option errors, and a whole 9x9 game with a tiny budget.

use engine::Engine;
use interface::commands::mc::player;
use interface::{GtpEngine, Session};

/// A GTP engine on 9x9, komi 7, Monte Carlo with one thread and `games`
/// playouts per level at level 1 (reproducible with the seed).
fn mc_engine(games: u64, seed: u64) -> GtpEngine {
    let mut e = Engine::new(9, seed);
    e.config.level = 1;
    e.mc = Some(player(Some(1), Some(games), None, None, true).expect("a player"));
    let mut g = GtpEngine::new(Session::new(e));
    ok(&mut g, "komi 7");
    g
}

/// The answer text of a command that must succeed.
fn ok(g: &mut GtpEngine, cmd: &str) -> String {
    let a = g.execute(cmd).expect("an answer");
    assert!(a.starts_with('='), "{cmd}: {a}");
    a[1..].trim().to_string()
}

#[test]
fn genmove_plays_legal_moves_and_a_game_ends_with_two_passes() {
    let mut g = mc_engine(40, 3);
    let mut passes = 0;
    let mut moves = 0;
    let mut color = "b";
    while passes < 2 {
        let mv = ok(&mut g, &format!("genmove {color}"));
        assert_ne!(mv, "resign", "resigned with --never-resign");
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        color = if color == "b" { "w" } else { "b" };
        moves += 1;
        assert!(moves < 250, "the game does not end");
    }
    // Every move went onto the board: the record has them all.
    let sgf = ok(&mut g, "printsgf");
    assert_eq!(
        sgf.matches(";B[").count() + sgf.matches(";W[").count(),
        moves
    );
    let score = ok(&mut g, "final_score");
    assert!(
        score.starts_with('B') || score.starts_with('W') || score == "0",
        "{score}"
    );
}

#[test]
fn cleanup_and_analysis_commands_answer() {
    let mut g = mc_engine(100, 1);
    ok(&mut g, "play b e5");
    let mv = ok(&mut g, "kgs-genmove_cleanup w");
    assert!(!mv.is_empty() && !mv.eq_ignore_ascii_case("pass"), "{mv}");
    let cmds = ok(&mut g, "gogui-analyze_commands");
    assert!(
        cmds.contains("gfx/MC win rates/gogui-mc_winrates %c"),
        "{cmds}"
    );
    let gfx = ok(&mut g, "gogui-mc_winrates b");
    assert!(gfx.starts_with("LABEL "), "{gfx}");
    let lz = ok(&mut g, "lz-analyze b 10");
    let last = lz.lines().last().expect("an info line");
    assert!(last.starts_with("info move "), "{lz}");
    assert!(last.contains(" visits ") && last.contains(" winrate ") && last.contains(" pv "));
    let own = ok(&mut g, "gogui-mc_ownership b");
    assert_eq!(own.lines().count(), 9, "{own}");
    // Bad arguments are errors, not panics.
    for bad in [
        "gogui-mc_winrates",
        "gogui-mc_visits x",
        "lz-analyze b soon",
        "mc_pv",
    ] {
        let a = g.execute(bad).expect("an answer");
        assert!(a.starts_with('?'), "{bad}: {a}");
    }
}

#[test]
fn analysis_does_not_switch_the_classical_engine_to_monte_carlo() {
    let mut e = Engine::new(9, 1);
    e.config.level = 1;
    let mut g = GtpEngine::new(Session::new(e));
    ok(&mut g, "gogui-mc_visits b");
    assert!(g.session.engine.mc.is_none());
}

#[test]
fn bad_monte_carlo_options_are_reported() {
    assert!(player(Some(0), None, None, None, false).is_err());
    assert!(player(None, Some(0), None, None, false).is_err());
    assert!(player(None, None, Some("nonsense"), None, false).is_err());
    let missing = std::path::Path::new("/nonexistent/weights.db");
    let e = player(None, None, None, Some(missing), false).unwrap_err();
    assert!(e.contains("weights.db"), "{e}");
    let dir = std::env::temp_dir().join(format!("tesuji-mc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.db");
    std::fs::write(&bad, "XO. .?. ##x heavy\n").unwrap();
    assert!(player(None, None, None, Some(&bad), false).is_err());
    let good = dir.join("good.db");
    std::fs::write(&good, "// one pattern\nXO. .?. ##x 2.5\n").unwrap();
    let p = player(None, None, None, Some(&good), false).unwrap();
    assert_eq!(p.table().count, 1);
    let _ = std::fs::remove_dir_all(&dir);
}
