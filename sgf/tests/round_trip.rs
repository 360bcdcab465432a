//! Round trips on hand-made tricky inputs: parse, write, parse again gives an
//! equal collection, and writing is stable.

fn round_trip(input: &[u8]) -> sgf::Collection {
    let first =
        sgf::parse(input).unwrap_or_else(|e| panic!("{:?}: {e}", String::from_utf8_lossy(input)));
    let written = sgf::write(&first);
    let second = sgf::parse(&written)
        .unwrap_or_else(|e| panic!("output {:?}: {e}", String::from_utf8_lossy(&written)));
    assert_eq!(second, first, "{:?}", String::from_utf8_lossy(&written));
    assert_eq!(sgf::write(&second), written, "writing is not stable");
    first
}

#[test]
fn tricky_inputs() {
    let inputs: &[&[u8]] = &[
        b"(;FF[4]GM[1]SZ[19];B[pd];W[dp])",
        b"(;C[escaped \\] bracket, \\\\ backslash, \\: colon]GN[a\\\nb])",
        b"(;C[multi\nline\r\ncomment\r\n\r\nwith blank line])",
        b"(;AB[aa:ss][tt]AW[bb] [cc]\n\t[dd]LB[aa:one][bb:tw\\:o])",
        b"(;B[];W[tt];B[])",
        b"(;FF[4](;B[aa](;W[bb])(;W[cc]))(;B[dd]))(;FF[4]SZ[9])",
        b"junk (not a game) before\r\n(;FF[3]AddBlack[aa]comment[lower])trailing",
        b"(;;;(;)(;;))",
        b"(;FF[4];B[aa](;W[bb]",
        b"(;XX[unknown][values]YY[]ZZ[\\\\])",
        b"(;PB[\xb9\xc5\xc1\xa6]C[\xff\\]\xfe])",
        b"(;FF[4]()(;B[aa])())",
        b"(;SZ[52]B[ZZ]W[Aa])",
    ];
    for input in inputs {
        round_trip(input);
    }
}

#[test]
fn record_round_trip() {
    use sgf::{Color, GameRecord, Move, Point};
    let mut r = GameRecord::new(13, env!("CARGO_PKG_VERSION"));
    r.komi = Some(6.5);
    r.rules = Some("Chinese".into());
    r.date = Some("2024-01-02".into());
    r.add_stones(&[Point::new(3, 3), Point::new(9, 9)], &[]);
    r.handicap = 2;
    for k in 0..60u8 {
        let color = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        r.play(color, Move::Play(Point::new(k % 13, k / 13)));
    }
    r.play(Color::White, Move::Pass);
    r.play(Color::Black, Move::Pass);
    let text = r.to_sgf_string();
    let c = round_trip(text.as_bytes());
    assert_eq!(sgf::GameRecord::from_tree(&c.trees[0]).unwrap(), r);
    assert!(text.contains(&format!("AP[tesuji:{}]", env!("CARGO_PKG_VERSION"))));
    assert!(text.lines().all(|l| l.len() <= sgf::LINE_WIDTH));
}
