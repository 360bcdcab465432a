//! `worm_data` judged field by field against GNU Go 3.8.
//!
//! Positions are game records loaded at some move: the AI games of
//! `shared/data/games/ai` (19x19) and GNU Go's regression games
//! (`shared/regression/gnugo/games`, all sizes). After `loadsgf FILE MOVE`
//! both engines answer `worm_data` for every point; each worm (GNU Go's
//! origin) is compared field by field and the agreement printed per field.
//!
//! Fields are in three groups:
//! * *static* fields, decided by the position alone (origin, colour, size,
//!   effective size, liberties of order 1 to 4, genus, cutting stones,
//!   unconditional status): the test requires them all equal;
//! * fields given by tactical reading (attack and defence codes and
//!   points), which follow each program's own reader;
//! * fields built on reading (lunch, inessential, cutstone2): also counted
//!   only where GNU Go and tesuji read the worms they depend on alike.
//!
//! The default run is small. Longer runs (`TESUJI_WORMS_SEED` changes the
//! positions; `TESUJI_WORMS_SHOW=N` prints the first N mismatches):
//!
//! ```text
//! TESUJI_WORMS_POSITIONS=200 cargo test --release -p interface --test gnugo_worms -- --nocapture
//! ```
//!
//! Without GNU Go or without the shared games the test prints a message and
//! passes.

mod common;

use common::gtp::{env_u64, env_usize, gnugo_available};
use common::pair::Pair;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

const AI_GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/games/ai");
const GNUGO_GAMES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/regression/gnugo/games"
);

/// Fields decided by the position alone.
const STATIC: &[&str] = &[
    "origin",
    "color",
    "size",
    "effective_size",
    "liberties",
    "liberties2",
    "liberties3",
    "liberties4",
    "cutstone",
    "genus",
    "invincible",
    "unconditional_status",
];

/// Fields given by tactical reading.
const READING: &[&str] = &[
    "attack_code",
    "attack_point",
    "defense_code",
    "defense_point",
];

/// Fields built on tactical reading (and, for cutstone2, on the connection
/// patterns).
const DERIVED: &[&str] = &["lunch", "inessential", "cutstone2"];

/// `n` positions (file, move number), half from each collection.
fn positions(n: usize, seed: u64) -> Vec<(PathBuf, usize)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for (k, dir) in [AI_GAMES, GNUGO_GAMES].iter().enumerate() {
        let mut files = Vec::new();
        common::sgf_files(Path::new(dir), &mut files);
        files.sort();
        if files.is_empty() {
            continue;
        }
        let want = if k == 0 { n.div_ceil(2) } else { n / 2 };
        for _ in 0..want {
            let f = files[rng.gen_range(0..files.len())].clone();
            let mv = rng.gen_range(10..=220);
            out.push((f, mv));
        }
    }
    out
}

/// `worm_data` parsed: vertex -> field -> value.
fn parse_worm_data(text: &str) -> BTreeMap<String, HashMap<String, String>> {
    let mut out: BTreeMap<String, HashMap<String, String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(v) = line.strip_suffix(':') {
            if !v.contains(' ') {
                current = Some(v.to_string());
                out.entry(v.to_string()).or_default();
                continue;
            }
        }
        let Some(v) = &current else { continue };
        let mut parts = line.splitn(2, ' ');
        let key = parts.next().unwrap_or("").to_string();
        let value = parts.next().unwrap_or("").trim().to_string();
        if let Some(m) = out.get_mut(v) {
            m.insert(key, value);
        }
    }
    out
}

/// Neighbours (orthogonal and diagonal) of a vertex name on `size`.
fn around(v: &str, size: usize) -> Vec<String> {
    let Some(p) = engine::Pos::parse(v, size) else {
        return Vec::new();
    };
    let (i, j) = (p.row() as i64, p.col() as i64);
    let mut out = Vec::new();
    for di in -1..=1i64 {
        for dj in -1..=1i64 {
            let (a, b) = (i + di, j + dj);
            if (di, dj) != (0, 0) && a >= 0 && b >= 0 && a < size as i64 && b < size as i64 {
                out.push(engine::Pos::new(a as usize, b as usize).name(size));
            }
        }
    }
    out
}

/// Agreement counts per field.
#[derive(Default)]
struct Tally {
    agree: BTreeMap<&'static str, (usize, usize)>,
    shown: usize,
    show: usize,
}

impl Tally {
    fn count(&mut self, field: &'static str, same: bool, what: impl FnOnce() -> String) {
        let e = self.agree.entry(field).or_default();
        e.1 += 1;
        if same {
            e.0 += 1;
        } else if self.shown < self.show {
            self.shown += 1;
            eprintln!("  {}", what());
        }
    }

    fn mismatches(&self, field: &str) -> usize {
        self.agree.get(field).map_or(0, |(a, t)| t - a)
    }

    fn print(&self, title: &str, fields: &[&str]) {
        eprintln!("{title}");
        for f in fields {
            let Some((a, t)) = self.agree.get(f) else {
                continue;
            };
            eprintln!(
                "  {f:<34} {a:>6}/{t:<6} {:6.2}%",
                100.0 * *a as f64 / (*t).max(1) as f64
            );
        }
    }
}

/// Compare `worm_data` on one position; false if the file did not load.
fn check_position(pair: &mut Pair, file: &Path, mv: usize, tally: &mut Tally) -> bool {
    let command = format!("loadsgf {} {mv}", file.display());
    pair.new_transcript();
    pair.relabel(&command);
    if pair.same(&command).is_err() {
        return false;
    }
    let size: usize = pair
        .ok("query_boardsize")
        .trim()
        .parse()
        .expect("a board size");
    let (g, t) = pair.both("worm_data");
    let (Ok(g), Ok(t)) = (g, t) else {
        pair.fail("worm_data failed");
    };
    let g = parse_worm_data(&g);
    let t = parse_worm_data(&t);
    let field = |m: &BTreeMap<String, HashMap<String, String>>, v: &str, f: &str| -> String {
        m.get(v).and_then(|x| x.get(f)).cloned().unwrap_or_default()
    };
    let label = |v: &str, f: &str, a: &str, b: &str| {
        format!(
            "{} move {mv} {v} {f}: gnugo {a} tesuji {b}",
            file.file_name().unwrap_or_default().to_string_lossy()
        )
    };
    for (v, gw) in &g {
        let color = gw.get("color").map(String::as_str).unwrap_or("");
        let is_origin = gw.get("origin") == Some(v);
        if color == "empty" {
            // Empty points: every field alike.
            let (a, b) = (&g[v], t.get(v).cloned().unwrap_or_default());
            tally.count("empty points", *a == b, || {
                label(v, "(empty)", &format!("{a:?}"), &format!("{b:?}"))
            });
            continue;
        }
        if !is_origin {
            continue;
        }
        for f in STATIC.iter().chain(READING).chain(DERIVED) {
            let (a, b) = (field(&g, v, f), field(&t, v, f));
            tally.count(f, a == b, || label(v, f, &a, &b));
        }
        // The worms a lunch is chosen among: opponent worms next to (or
        // diagonal to) a stone of this one. Count the lunch where both
        // programs read them alike.
        let stones: Vec<&String> = g
            .iter()
            .filter(|(_, w)| w.get("origin") == Some(v))
            .map(|(p, _)| p)
            .collect();
        let mut near: Vec<String> = stones
            .iter()
            .flat_map(|s| around(s, size))
            .filter(|p| {
                let c = field(&g, p, "color");
                c != "empty" && c != color
            })
            .map(|p| field(&g, &p, "origin"))
            .collect();
        near.sort();
        near.dedup();
        let read_alike = near.iter().all(|o| {
            field(&g, o, "attack_code") == field(&t, o, "attack_code")
                && field(&g, o, "cutstone") == field(&t, o, "cutstone")
        });
        if read_alike {
            let (a, b) = (field(&g, v, "lunch"), field(&t, v, "lunch"));
            tally.count("lunch (neighbours read alike)", a == b, || {
                label(v, "lunch*", &a, &b)
            });
            if field(&g, v, "lunch") == field(&t, v, "lunch") {
                let (a, b) = (field(&g, v, "inessential"), field(&t, v, "inessential"));
                tally.count("inessential (lunch alike)", a == b, || {
                    label(v, "inessential*", &a, &b)
                });
            }
        }
        if field(&g, v, "attack_code") == field(&t, v, "attack_code") {
            let (a, b) = (field(&g, v, "defense_code"), field(&t, v, "defense_code"));
            tally.count("defense_code (attack alike)", a == b, || {
                label(v, "defense_code*", &a, &b)
            });
        }
    }
    true
}

fn run(test: &str, n: usize, seed: u64) {
    if !gnugo_available(test) {
        return;
    }
    let list = positions(n, seed);
    if list.is_empty() {
        eprintln!("{test}: skipped, no game records under {AI_GAMES} or {GNUGO_GAMES}");
        return;
    }
    let mut pair = Pair::new(&[], test).expect("gnugo starts");
    let mut tally = Tally {
        show: env_usize("TESUJI_WORMS_SHOW", 0),
        ..Tally::default()
    };
    let mut loaded = 0;
    for (file, mv) in &list {
        if check_position(&mut pair, file, *mv, &mut tally) {
            loaded += 1;
        }
    }
    eprintln!("{test}: {loaded} positions");
    tally.print("static fields", STATIC);
    tally.print("tactical reading", READING);
    tally.print("built on reading", DERIVED);
    tally.print(
        "conditional",
        &[
            "defense_code (attack alike)",
            "lunch (neighbours read alike)",
            "inessential (lunch alike)",
            "empty points",
        ],
    );
    assert!(loaded > 0, "no position loaded");
    let wrong: Vec<String> = STATIC
        .iter()
        .chain(["empty points"].iter())
        .filter(|f| tally.mismatches(f) > 0)
        .map(|f| format!("{f}: {}", tally.mismatches(f)))
        .collect();
    assert!(
        wrong.is_empty(),
        "static worm fields differ from GNU Go: {wrong:?}"
    );
}

/// A few positions (or `TESUJI_WORMS_POSITIONS`).
#[test]
fn worm_data_matches_gnugo() {
    run(
        "worm_data_matches_gnugo",
        env_usize("TESUJI_WORMS_POSITIONS", 8),
        env_u64("TESUJI_WORMS_SEED", 1),
    );
}
