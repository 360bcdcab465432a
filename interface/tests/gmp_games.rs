//! Whole GMP games: tesuji against itself in every pairing of `gmp`/`sgmp`
//! and colours, over a clean line, a damaged line and TCP; and tesuji against
//! GNU Go 3.8 in both roles (skipped with a message when GNU Go is absent).
//! In every game both sides must end with the same moves.
//!
//! The longer games against GNU Go at full strength, through a damaged line,
//! are `interface/scripts/gmp-vs-gnugo.sh` and the ignored test here:
//!
//! ```text
//! cargo test --release -p interface --test gmp_games -- --ignored --nocapture
//! ```

use engine::{Color, Engine, Pos};
use interface::gmp::line::Line;
use interface::gmp::link::Timing;
use interface::gmp::relay::{relay, Damage, RelayStats};
use interface::gmp::{play, GmpConfig, Outcome};
use interface::Session;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn config(simple: bool, color: Color, size: usize) -> GmpConfig {
    GmpConfig {
        simple,
        color,
        boardsize: size,
        handicap: 0,
        komi: None,
        chinese: false,
        quiet: true,
        timing: Timing {
            resend: Duration::from_millis(40),
            resend_max: Duration::from_millis(160),
            nudge: Some(Duration::from_millis(60)),
            nudge_max: Duration::from_millis(240),
            burst_after: None,
        },
        linger: Duration::from_millis(300),
        settle: Duration::from_millis(300),
    }
}

fn session(size: usize, seed: u64) -> Session {
    Session::new(Engine::new(size, seed))
}

/// Play `a` against `b` in-process, through `damage`; both outcomes and what
/// the line did.
fn duel(a: GmpConfig, b: GmpConfig, damage: Damage, seed: u64) -> (Outcome, Outcome, RelayStats) {
    let size = a.boardsize;
    let (line_a, relay_a) = Line::pair();
    let (line_b, relay_b) = Line::pair();
    let ta = std::thread::spawn(move || play(session(size, seed), a, line_a));
    let tb = std::thread::spawn(move || play(session(size, seed + 1), b, line_b));
    let tr = std::thread::spawn(move || relay(relay_a, relay_b, damage, seed, false));
    let oa = ta.join().unwrap().expect("first player");
    let ob = tb.join().unwrap().expect("second player");
    let stats = tr.join().unwrap();
    (oa, ob, stats)
}

fn check_same_game(a: &Outcome, b: &Outcome) {
    assert!(a.finished && b.finished, "both sides saw the game end");
    assert_eq!(a.moves, b.moves, "both sides have the same moves");
    let passes = a
        .moves
        .iter()
        .rev()
        .take_while(|(_, p)| p.is_pass())
        .count();
    assert!(passes >= 2, "the game ends with two passes");
    // Colours alternate, black first.
    for (i, (c, _)) in a.moves.iter().enumerate() {
        let expected = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(*c, expected, "move {}", i + 1);
    }
}

#[test]
fn tesuji_plays_itself_in_every_pairing() {
    for (simple_a, simple_b) in [(true, false), (false, true), (false, false), (true, true)] {
        let a = config(simple_a, Color::Black, 7);
        let b = config(simple_b, Color::White, 7);
        let (oa, ob, stats) = duel(a, b, Damage::none(), 5);
        check_same_game(&oa, &ob);
        assert_eq!(stats.dropped, 0);
        assert_eq!(oa.stats.bad_checksums + ob.stats.bad_checksums, 0);
    }
}

#[test]
fn full_gmp_learns_the_game_from_the_other_side() {
    // The sgmp side is black on 5x5. The gmp side was started as black on
    // 9x9: both send NEWGAME, and the gmp side must learn from its queries
    // that the board is 5x5 and that it is white.
    let a = config(true, Color::Black, 5);
    let b = config(false, Color::Black, 9);
    let (line_a, line_b) = Line::pair();
    let ta = std::thread::spawn(move || play(session(5, 1), a, line_a));
    let tb = std::thread::spawn(move || play(session(9, 2), b, line_b));
    let oa = ta.join().unwrap().unwrap();
    let ob = tb.join().unwrap().unwrap();
    check_same_game(&oa, &ob);
    assert!(oa
        .moves
        .iter()
        .all(|(_, p)| p.is_pass() || (p.row() < 5 && p.col() < 5)));
}

#[test]
fn a_damaged_line_loses_no_move() {
    let damage = Damage {
        drop: 0.08,
        corrupt: 0.05,
        garbage: 0.2,
        max_garbage: 8,
    };
    let mut total = RelayStats::default();
    for seed in [1, 2] {
        for (simple_a, simple_b) in [(true, false), (false, true)] {
            let a = config(simple_a, Color::Black, 7);
            let b = config(simple_b, Color::White, 7);
            let (oa, ob, stats) = duel(a, b, damage, seed);
            check_same_game(&oa, &ob);
            total.dropped += stats.dropped;
            total.corrupted += stats.corrupted;
            total.garbage_bytes += stats.garbage_bytes;
        }
    }
    assert!(total.dropped > 0 && total.corrupted > 0 && total.garbage_bytes > 0);
}

fn tesuji_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tesuji"))
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesuji-gmp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The moves of an SGF file, as (colour, point) with passes.
fn sgf_moves(path: &Path) -> Vec<(Color, Pos)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record = interface::sgfio::read_record(path).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut game = engine::Game::new(record.size as usize);
    interface::sgfio::load_record(&mut game, &record, interface::sgfio::Until::End).unwrap();
    game.moves().collect()
}

/// Run two programs joined through an in-process relay; wait for both.
fn run_pair(first: &mut Command, second: &mut Command, damage: Damage, seed: u64) -> RelayStats {
    let spawn = |c: &mut Command| {
        let mut child = c
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start program");
        let line = Line::new(child.stdout.take().unwrap(), child.stdin.take().unwrap());
        (child, line)
    };
    let (mut ca, la) = spawn(first);
    let (mut cb, lb) = spawn(second);
    let stats = relay(la, lb, damage, seed, false);
    assert!(ca.wait().unwrap().success(), "first program failed");
    cb.wait().unwrap();
    stats
}

#[test]
fn tesuji_plays_itself_over_tcp() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let a_sgf = temp_path("tcp-a.sgf");
    let b_sgf = temp_path("tcp-b.sgf");
    let mut a = Command::new(tesuji_bin())
        .args([
            "--mode",
            "sgmp",
            "--boardsize",
            "7",
            "--color",
            "black",
            "--quiet",
        ])
        .arg("--gmp-listen")
        .arg(port.to_string())
        .arg("-o")
        .arg(&a_sgf)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut b = None;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(50));
        let mut c = Command::new(tesuji_bin())
            .args([
                "--mode",
                "gmp",
                "--boardsize",
                "7",
                "--color",
                "white",
                "--quiet",
            ])
            .arg("--gmp-connect")
            .arg(format!("127.0.0.1:{port}"))
            .arg("-o")
            .arg(&b_sgf)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if c.wait().unwrap().success() {
            b = Some(());
            break;
        }
    }
    assert!(b.is_some(), "could not connect to the listening tesuji");
    assert!(a.wait().unwrap().success());
    let (ma, mb) = (sgf_moves(&a_sgf), sgf_moves(&b_sgf));
    assert!(ma.len() > 10);
    assert_eq!(ma, mb);
}

/// Where GNU Go is, if it runs.
fn gnugo() -> Option<PathBuf> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("GNUGO") {
        candidates.push(p.into());
    }
    candidates.push("/usr/games/gnugo".into());
    candidates.push("gnugo".into());
    candidates.into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// tesuji (`tesuji_mode`, `tesuji_color`) against GNU Go (`gnugo_mode`, the
/// other colour) on 9x9; the two records must have the same moves.
fn against_gnugo(
    gnugo: &Path,
    tesuji_mode: &str,
    gnugo_mode: &str,
    tesuji_color: &str,
    level: &str,
    damage: Damage,
    seed: u64,
) {
    let gnugo_color = if tesuji_color == "black" {
        "white"
    } else {
        "black"
    };
    let tag = format!("{tesuji_mode}-{tesuji_color}-{seed}");
    let t_sgf = temp_path(&format!("tesuji-{tag}.sgf"));
    let g_sgf = temp_path(&format!("gnugo-{tag}.sgf"));
    let mut t = Command::new(tesuji_bin());
    t.args([
        "--mode",
        tesuji_mode,
        "--boardsize",
        "9",
        "--color",
        tesuji_color,
    ])
    .arg("--quiet")
    .arg("-o")
    .arg(&t_sgf);
    let mut g = Command::new(gnugo);
    g.args([
        "--mode",
        gnugo_mode,
        "--boardsize",
        "9",
        "--color",
        gnugo_color,
    ])
    .args(["--quiet", "--level", level])
    .arg("-o")
    .arg(&g_sgf);
    let stats = if tesuji_color == "black" {
        run_pair(&mut t, &mut g, damage, seed)
    } else {
        run_pair(&mut g, &mut t, damage, seed)
    };
    let (mt, mg) = (sgf_moves(&t_sgf), sgf_moves(&g_sgf));
    eprintln!(
        "tesuji {tesuji_mode} {tesuji_color} vs GNU Go {gnugo_mode}: {} moves, {stats:?}",
        mt.len()
    );
    assert!(mt.len() >= 10, "a real game was played");
    assert_eq!(mt, mg, "tesuji's and GNU Go's records have the same moves");
    let passes = mt.iter().rev().take_while(|(_, p)| p.is_pass()).count();
    assert!(passes >= 2, "the game ended with two passes");
}

#[test]
fn tesuji_plays_gnugo_in_both_roles() {
    let Some(gnugo) = gnugo() else {
        eprintln!("GNU Go not found: skipping the games against it");
        return;
    };
    against_gnugo(&gnugo, "sgmp", "gmp", "black", "0", Damage::none(), 1);
    against_gnugo(&gnugo, "gmp", "sgmp", "white", "0", Damage::none(), 1);
}

#[test]
fn a_damaged_line_to_gnugo_loses_no_move() {
    let Some(gnugo) = gnugo() else {
        eprintln!("GNU Go not found: skipping the damaged-line game against it");
        return;
    };
    // tesuji sgmp black: GNU Go asks, tesuji answers; lost packets of both
    // sides are recovered within seconds.
    let damage = Damage {
        drop: 0.04,
        corrupt: 0.02,
        garbage: 0.1,
        max_garbage: 8,
    };
    against_gnugo(&gnugo, "sgmp", "gmp", "black", "0", damage, 3);
}

/// Full-strength GNU Go, both roles, through a damaged line (minutes).
#[test]
#[ignore]
fn damaged_line_games_against_full_strength_gnugo() {
    let Some(gnugo) = gnugo() else {
        eprintln!("GNU Go not found: skipping");
        return;
    };
    let damage = Damage {
        drop: 0.05,
        corrupt: 0.03,
        garbage: 0.1,
        max_garbage: 8,
    };
    against_gnugo(&gnugo, "sgmp", "gmp", "black", "10", damage, 7);
    against_gnugo(&gnugo, "gmp", "sgmp", "white", "10", damage, 11);
}
