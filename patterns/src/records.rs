//! The game records of `shared/data/games/` for the database tools: SGF
//! files and the Tygem zip archives (one game a line), and the split into
//! training games and held-back games.
//!
//! A game is held back when the FNV-1a hash of its id is 0 modulo 10 (about
//! one game in ten). Tools that learn from the records (the shape miner,
//! the fuseki extractor) use only the training games; the move-prediction
//! benchmark uses only the held-back ones.

use std::path::{Path, PathBuf};

/// One game: its id, board size, setup stones and moves.
#[derive(Clone, Debug)]
pub struct Game {
    /// A stable id: the SGF file name, or `tygem/<zip>/<line id>`.
    pub id: String,
    /// Board size.
    pub size: usize,
    /// Setup stones (handicap): row, column, colour (1 black, 2 white).
    pub setup: Vec<(usize, usize, u8)>,
    /// Moves: colour (1 black, 2 white) and point (`None` for a pass).
    pub moves: Vec<(u8, Option<(usize, usize)>)>,
}

/// FNV-1a hash of a string.
pub fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Is the game with this id held back from training?
pub fn is_held_back(id: &str) -> bool {
    fnv(id).is_multiple_of(10)
}

/// The default location of the game records, from a crate directory.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/games")
}

/// Read an SGF game record; `None` (with a message on stderr) if it is not
/// a readable game.
pub fn read_sgf(path: &Path) -> Option<Game> {
    let bytes = std::fs::read(path).ok()?;
    let id = path.file_name()?.to_string_lossy().to_string();
    let coll = match sgf::parse(&bytes) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("skipping {id}: {e}");
            return None;
        }
    };
    let tree = coll.trees.first()?;
    let rec = match sgf::GameRecord::from_tree(tree) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("skipping {id}: {e}");
            return None;
        }
    };
    let col = |c: sgf::Color| if c == sgf::Color::Black { 1 } else { 2 };
    let mut g = Game {
        id,
        size: rec.size as usize,
        setup: Vec::new(),
        moves: Vec::new(),
    };
    for e in &rec.events {
        match e {
            sgf::Event::Setup { black, white, .. } => {
                if !g.moves.is_empty() {
                    return None;
                }
                for p in black {
                    g.setup.push((p.y as usize, p.x as usize, 1));
                }
                for p in white {
                    g.setup.push((p.y as usize, p.x as usize, 2));
                }
            }
            sgf::Event::Move { color, mv } => g.moves.push((
                col(*color),
                mv.point().map(|p| (p.y as usize, p.x as usize)),
            )),
            sgf::Event::PlayerToMove(_) => {}
        }
    }
    Some(g)
}

/// Parse one Tygem line: `<id>\t;B[pd];W[dp]…` (19x19).
pub fn parse_tygem_line(zip: &str, line: &str) -> Option<Game> {
    let (id, moves) = line.split_once('\t')?;
    let mut g = Game {
        id: format!("tygem/{zip}/{}", id.trim()),
        size: 19,
        setup: Vec::new(),
        moves: Vec::new(),
    };
    for m in moves.split(';').filter(|m| !m.trim().is_empty()) {
        let m = m.trim().as_bytes();
        let color = match m.first()? {
            b'B' => 1,
            b'W' => 2,
            _ => return None,
        };
        let inner = m.get(2..m.len().checked_sub(1)?)?;
        let point = match inner {
            [] | b"tt" => None,
            [a, b] if a.is_ascii_lowercase() && b.is_ascii_lowercase() => {
                let (c, r) = ((a - b'a') as usize, (b - b'a') as usize);
                if r >= 19 || c >= 19 {
                    return None;
                }
                Some((r, c))
            }
            _ => return None,
        };
        g.moves.push((color, point));
    }
    Some(g)
}

/// Every game under `dir`: `ai/*.sgf` (sorted by name), then the games of
/// `tygem/*.zip` (read with the `unzip` program; skipped with a message if
/// it is missing). At most `limit` games of each source.
pub fn load(dir: &Path, limit: usize) -> Vec<Game> {
    let mut games = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("ai"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().and_then(|e| e.to_str()) == Some("sgf"));
    files.sort();
    for f in files.iter().take(limit) {
        if let Some(g) = read_sgf(f) {
            games.push(g);
        }
    }
    let mut zips: Vec<PathBuf> = std::fs::read_dir(dir.join("tygem"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    zips.retain(|p| p.extension().and_then(|e| e.to_str()) == Some("zip"));
    zips.sort();
    let mut n = 0;
    for z in zips {
        let out = match std::process::Command::new("unzip")
            .arg("-p")
            .arg(&z)
            .output()
        {
            Ok(o) if o.status.success() => o.stdout,
            _ => {
                eprintln!("skipping {}: cannot run 'unzip -p' on it", z.display());
                continue;
            }
        };
        let name = z
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        for line in String::from_utf8_lossy(&out).lines() {
            if n >= limit {
                break;
            }
            if let Some(g) = parse_tygem_line(&name, line) {
                games.push(g);
                n += 1;
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tygem_lines() {
        let g = parse_tygem_line("z", "123\t;B[pd];W[dp];B[tt];W[]").unwrap();
        assert_eq!(g.id, "tygem/z/123");
        assert_eq!(g.moves[0], (1, Some((3, 15))));
        assert_eq!(g.moves[1], (2, Some((15, 3))));
        assert_eq!(g.moves[2], (1, None));
        assert_eq!(g.moves[3], (2, None));
        assert!(parse_tygem_line("z", "no tab").is_none());
        assert!(parse_tygem_line("z", "1\t;Q[aa]").is_none());
    }

    #[test]
    fn about_one_in_ten_is_held_back() {
        let held = (0..1000)
            .filter(|k| is_held_back(&format!("game-{k}")))
            .count();
        assert!((60..140).contains(&held), "{held}");
    }
}
