//! A position as an engine reports it over GTP, for drawing: board size,
//! stones, last move. Coordinates are GTP vertices (`A1` is the lower left
//! corner, no letter I).

/// Column letters of GTP vertices, left to right.
pub const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A point: column from the left and row from the bottom, both 0-based.
pub type Vertex = (usize, usize);

/// Parse a vertex like `D4` or `t19` on a board of `size`.
pub fn parse_vertex(s: &str, size: usize) -> Option<Vertex> {
    let mut chars = s.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let col = COLUMNS.find(letter)?;
    let row: usize = chars.as_str().parse().ok()?;
    (col < size && (1..=size).contains(&row)).then_some((col, row - 1))
}

/// The name of a vertex (`D4`).
pub fn vertex_name(v: Vertex) -> String {
    let letter = COLUMNS.as_bytes()[v.0] as char;
    format!("{letter}{}", v.1 + 1)
}

/// Every vertex named in `text` (words like `D4`, `(A3|B5)`), on the board.
pub fn vertices_in(text: &str, size: usize) -> Vec<Vertex> {
    let mut out = Vec::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if let Some(v) = parse_vertex(word, size) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// A position: what `query_boardsize`, `list_stones` and `last_move` say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Board size.
    pub size: usize,
    /// Black stones.
    pub black: Vec<Vertex>,
    /// White stones.
    pub white: Vec<Vertex>,
    /// The last move, if the engine knows it: colour is black if `true`.
    pub last_move: Option<(bool, Vertex)>,
}

impl Snapshot {
    /// Build from GTP answers (without `=`): the size, the two stone lists
    /// and the `last_move` answer (`black D4`), if any.
    pub fn from_gtp(size: usize, black: &str, white: &str, last: Option<&str>) -> Option<Snapshot> {
        if !(1..=COLUMNS.len()).contains(&size) {
            return None;
        }
        let list = |s: &str| -> Vec<Vertex> {
            s.split_whitespace()
                .filter_map(|w| parse_vertex(w, size))
                .collect()
        };
        let last_move = last.and_then(|l| {
            let mut w = l.split_whitespace();
            let color = w.next()?.to_ascii_lowercase();
            let v = parse_vertex(w.next()?, size)?;
            Some((color.starts_with('b'), v))
        });
        Some(Snapshot {
            size,
            black: list(black),
            white: list(white),
            last_move,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_are_parsed_and_named() {
        assert_eq!(parse_vertex("A1", 19), Some((0, 0)));
        assert_eq!(parse_vertex("t19", 19), Some((18, 18)));
        assert_eq!(parse_vertex("J9", 9), Some((8, 8)));
        assert_eq!(parse_vertex("I5", 19), None);
        assert_eq!(parse_vertex("T19", 9), None);
        assert_eq!(parse_vertex("PASS", 19), None);
        assert_eq!(vertex_name((8, 8)), "J9");
        assert_eq!(
            vertices_in("1 (A3|B5) PASS T20 C3", 19),
            vec![(0, 2), (1, 4), (2, 2)]
        );
    }

    #[test]
    fn snapshots_come_from_gtp_answers() {
        let s = Snapshot::from_gtp(9, "C3 D4", "E5", Some("white E5")).unwrap();
        assert_eq!(s.black, vec![(2, 2), (3, 3)]);
        assert_eq!(s.white, vec![(4, 4)]);
        assert_eq!(s.last_move, Some((false, (4, 4))));
        assert!(Snapshot::from_gtp(0, "", "", None).is_none());
    }
}
