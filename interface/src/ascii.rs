//! The terminal game (`--mode ascii`): the board is drawn after every move,
//! the player types coordinates, the engine answers.
//!
//! Commands at the prompt: a vertex (`D4`), `pass`, `undo` (takes back the
//! engine's reply and the player's move), `save FILE`, `score`, `help`,
//! `quit`. Bad input is answered with a message and the prompt again.

use crate::display;
use crate::session::Session;
use engine::{Color, GenMode, Illegal, Pos};
use std::io::{self, BufRead, Write};

/// Play a game in the terminal on stdin/stdout, the player taking `human`.
pub fn run(session: Session, human: Color, quiet: bool) -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    play(session, human, quiet, stdin.lock(), &mut out)
}

const HELP: &str =
    "Commands: a vertex such as D4, pass, undo, save FILE, score, dragons, eyes, help, quit";

/// The game loop over any input and output (tests drive it with strings).
pub fn play(
    mut s: Session,
    human: Color,
    quiet: bool,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    if !quiet {
        writeln!(
            out,
            "tesuji {} — you play {}. {HELP}",
            env!("CARGO_PKG_VERSION"),
            human.name()
        )?;
    }
    let mut line = String::new();
    loop {
        let size = s.engine.game.size();
        let last = s
            .engine
            .game
            .last_move()
            .map(|(_, p)| p)
            .filter(|p| !p.is_pass());
        writeln!(out, "{}", display::showboard(s.engine.game.board(), last))?;
        if s.engine.game.trailing_passes() >= 2 {
            writeln!(
                out,
                "Both players passed. Result: {}",
                s.engine.final_score()
            )?;
            return Ok(());
        }
        let to_move = s.engine.game.to_move();
        if to_move != human {
            let mv = s.engine.genmove(to_move, GenMode::Normal);
            s.game_changed();
            writeln!(
                out,
                "{} ({}) plays {}",
                to_move.name(),
                stone_char(to_move),
                mv.name(size)
            )?;
            continue;
        }
        write!(
            out,
            "{} ({}) to move> ",
            to_move.name(),
            stone_char(to_move)
        )?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = words.first() else {
            continue;
        };
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "score" => writeln!(out, "Score estimate: {}", s.engine.final_score())?,
            "dragons" | "eyes" => {
                let an = s.engine.analysis();
                let b = s.engine.game.board();
                let text = if first.eq_ignore_ascii_case("dragons") {
                    crate::dragon_display::dragons(b, &an, true)
                } else {
                    crate::dragon_display::eyes(b, &an, true)
                };
                write!(out, "{text}")?;
            }
            "undo" => {
                // Take back the engine's reply too, so the player is to move again.
                let mut undone = 0;
                while undone < 2 && s.engine.game.undo() {
                    undone += 1;
                    if s.engine.game.to_move() == human {
                        break;
                    }
                }
                if undone == 0 {
                    writeln!(out, "Nothing to undo.")?;
                }
                s.game_changed();
            }
            "save" => match words.get(1) {
                Some(file) => match std::fs::write(file, s.sgf_text()) {
                    Ok(()) => writeln!(out, "Saved to {file}.")?,
                    Err(e) => writeln!(out, "Cannot save to {file}: {e}")?,
                },
                None => writeln!(out, "Usage: save FILE")?,
            },
            _ => match Pos::parse(first, size) {
                None => writeln!(
                    out,
                    "'{first}' is not a move: type a vertex like D4, or pass. {HELP}"
                )?,
                Some(p) => match s.engine.game.play(human, p) {
                    Ok(()) => s.game_changed(),
                    Err(e) => writeln!(out, "{} is illegal: {}.", p.name(size), reason(e))?,
                },
            },
        }
    }
}

fn stone_char(c: Color) -> char {
    if c == Color::Black {
        'X'
    } else {
        'O'
    }
}

fn reason(e: Illegal) -> &'static str {
    match e {
        Illegal::OffBoard => "off the board",
        Illegal::Occupied => "the point is occupied",
        Illegal::Ko => "it retakes a ko at once",
        Illegal::Suicide => "suicide",
        Illegal::Superko => "it repeats an earlier position",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Engine;

    fn run_script(script: &str) -> String {
        let mut e = Engine::new(9, 1);
        e.game.set_komi(5.5);
        let s = Session::new(e);
        let mut out = Vec::new();
        play(s, Color::Black, true, script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bad_input_gets_a_message_not_a_crash() {
        let out = run_script("Z99\nfoo bar\n\nsave\nE5\nE5\nquit\n");
        assert!(out.contains("'Z99' is not a move"));
        assert!(out.contains("'foo' is not a move"));
        assert!(out.contains("Usage: save FILE"));
        assert!(out.contains("E5 is illegal: the point is occupied."));
        assert!(out.contains("white (O) plays"));
    }

    #[test]
    fn undo_takes_back_both_moves() {
        let out = run_script("E5\nundo\nundo\nquit\n");
        assert!(out.contains("Nothing to undo."));
    }

    #[test]
    fn game_ends_after_two_passes() {
        let mut e = Engine::new(2, 1);
        e.game.set_komi(0.5);
        let mut out = Vec::new();
        play(
            Session::new(e),
            Color::Black,
            true,
            "pass\npass\npass\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("Both players passed. Result:"), "{out}");
    }
}
