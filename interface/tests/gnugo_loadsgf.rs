//! `loadsgf` and `printsgf` judged against GNU Go 3.8 on GNU Go's own
//! regression games (`shared/regression/gnugo/games/**/*.sgf`).
//!
//! For each file, `loadsgf FILE [ARG]` is sent to both engines with no
//! argument, with move numbers (0, 1, 2, a few inside the game, its end and
//! beyond) and with vertices (a point played in the game, one never played,
//! `pass`); both must give the same answer (colour to move, or error) and
//! the same position: `list_stones`, `captures`, `all_legal` (which shows
//! the ko point), `move_history`, `last_move`, `get_komi`,
//! `query_boardsize`. Then tesuji's `printsgf` of the loaded position is
//! written to a file, loaded into GNU Go, and GNU Go must see the position
//! tesuji has.
//!
//! The default run takes every 25th file. Longer runs:
//!
//! ```text
//! TESUJI_LOADSGF_EVERY=1 cargo test --release -p interface --test gnugo_loadsgf -- --nocapture
//! cargo test --release -p interface --test gnugo_loadsgf -- --ignored --nocapture
//! ```
//!
//! Without GNU Go or without the shared games the tests print a message and
//! pass.

mod common;

use common::gtp::{env_usize, gnugo_available, Gtp};
use common::pair::Pair;
use interface::sgfio;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

const GAMES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/regression/gnugo/games"
);

/// The regression games, sorted; empty (with a message) when absent.
fn games(test: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    common::sgf_files(Path::new(GAMES), &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!("{test}: skipped, no games under {GAMES}");
    }
    files
}

const POSITION: &[&str] = &[
    "list_stones black",
    "list_stones white",
    "captures black",
    "captures white",
    "all_legal black",
    "all_legal white",
    "move_history",
    "last_move",
    "get_komi",
    "query_boardsize",
];

/// The `loadsgf` arguments tried on a game: none, numbers and vertices.
fn arguments(path: &Path, rng: &mut SmallRng) -> Vec<Option<String>> {
    let mut args: Vec<Option<String>> = vec![None];
    let Ok(record) = sgfio::read_record(path) else {
        // GNU Go and tesuji must then agree on the whole-file answer alone.
        return args;
    };
    let size = record.size as usize;
    let moves: Vec<engine::Pos> = record
        .moves()
        .map(|(_, mv)| match mv {
            sgf::Move::Pass => engine::Pos::PASS,
            sgf::Move::Play(p) => sgfio::sgf_point(p),
        })
        .collect();
    let n = moves.len();
    let mut numbers = vec![0, 1, 2, n, n + 1, n + 7];
    if n > 2 {
        numbers.push(rng.gen_range(3..=n));
        numbers.push(rng.gen_range(3..=n));
        numbers.push(n / 2);
    }
    numbers.sort_unstable();
    numbers.dedup();
    args.extend(numbers.into_iter().map(|k| Some(k.to_string())));
    let played: Vec<engine::Pos> = moves.iter().copied().filter(|p| !p.is_pass()).collect();
    if !played.is_empty() {
        let p = played[rng.gen_range(0..played.len())];
        args.push(Some(p.name(size)));
    }
    let never = (0..size * size)
        .map(|k| engine::Pos::new(k / size, k % size))
        .find(|p| !played.contains(p));
    if let Some(p) = never {
        args.push(Some(p.name(size).to_lowercase()));
    }
    args.push(Some("pass".to_string()));
    args
}

/// What the comparison covered.
#[derive(Default, Debug)]
struct Stats {
    files: usize,
    loads: usize,
    refused: usize,
    printsgf_reloads: usize,
}

/// Compare `loadsgf` and `printsgf` on one file.
fn check_file(pair: &mut Pair, path: &Path, seed: u64, stats: &mut Stats) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let file = path.display().to_string();
    let tmp = std::env::temp_dir().join(format!("tesuji-printsgf-{}.sgf", std::process::id()));
    for arg in arguments(path, &mut rng) {
        let command = match &arg {
            None => format!("loadsgf {file}"),
            Some(a) => format!("loadsgf {file} {a}"),
        };
        pair.new_transcript();
        pair.relabel(&command);
        let answer = pair.same(&command);
        stats.loads += 1;
        let Ok(color) = answer else {
            stats.refused += 1;
            continue;
        };
        let queries: Vec<String> = POSITION.iter().map(|s| s.to_string()).collect();
        let ours = pair.same_all(&queries);
        // printsgf, loaded back into GNU Go, must give the same position.
        let text = pair.tesuji.ask("printsgf").expect("printsgf answers");
        std::fs::write(&tmp, &text).expect("write a temporary SGF file");
        let reload = format!("loadsgf {}", tmp.display());
        let again = pair.gnugo.ask(&reload);
        if again.as_deref() != Ok(color.as_str()) {
            pair.fail(&format!(
                "GNU Go loads tesuji's printsgf as {again:?}, tesuji has {color} to move\n{text}"
            ));
        }
        let gnugo = pair.gnugo.ask_all(&queries);
        for (k, q) in queries.iter().enumerate() {
            if gnugo[k] != ours[k] {
                pair.fail(&format!(
                    "after loading tesuji's printsgf, GNU Go's `{q}` is {:?}, tesuji's {:?}\n{text}",
                    gnugo[k], ours[k]
                ));
            }
        }
        stats.printsgf_reloads += 1;
    }
    let _ = std::fs::remove_file(&tmp);
    stats.files += 1;
}

fn run(test: &str, every: usize) {
    if !gnugo_available(test) {
        return;
    }
    let files = games(test);
    if files.is_empty() {
        return;
    }
    let mut pair = Pair::new(&[], test).expect("gnugo starts");
    let mut stats = Stats::default();
    for (k, path) in files.iter().enumerate().step_by(every.max(1)) {
        check_file(&mut pair, path, k as u64, &mut stats);
    }
    eprintln!("{test}: {stats:?}");
    assert!(stats.loads > stats.refused, "nothing was loaded");
}

/// Every 25th regression game (or every `TESUJI_LOADSGF_EVERY`th).
#[test]
fn loadsgf_matches_gnugo() {
    run(
        "loadsgf_matches_gnugo",
        env_usize("TESUJI_LOADSGF_EVERY", 25),
    );
}

/// All regression games.
#[test]
#[ignore = "long comparison against GNU Go; see the file's documentation"]
fn loadsgf_matches_gnugo_on_every_game() {
    run("loadsgf_matches_gnugo_on_every_game", 1);
}
