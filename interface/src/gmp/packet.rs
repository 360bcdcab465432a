//! GMP packets: the four-byte message, its checksum, and a decoder that finds
//! packets in a byte stream carrying talk text and line noise.
//!
//! A packet is four bytes:
//!
//! ```text
//! byte 0  0000 00hy   y: the sender's sequence bit, h: the last sequence bit it received
//! byte 1  1sss ssss   checksum: (byte0 + byte2 + byte3) mod 128, high bit set
//! byte 2  1ccc 0vvv   command (3 bits), high three bits of the value
//! byte 3  1vvv vvvv   low seven bits of the value
//! ```
//!
//! Every byte outside a packet that lies in 4..=127 is a talk character; bytes
//! of 128 and above outside a packet are noise. A byte 0..=3 starts a packet
//! only if the three bytes after it have their high bit set and the checksum
//! holds; otherwise it is dropped and the decoder looks again from the next
//! byte, so garbage between packets costs nothing and a damaged packet costs
//! only itself.

use std::fmt;

/// Largest value a packet carries (ten bits).
pub const MAX_VALUE: u16 = 0x3ff;

/// Bit of a MOVE value that says the move is white's.
pub const MOVE_WHITE: u16 = 0x200;

/// Mask of the point part of a MOVE value (0 = pass).
pub const MOVE_POINT: u16 = 0x1ff;

/// The eight GMP commands with their values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    /// Acknowledges the last command received (the value is ignored).
    Ok,
    /// Refuses the last command received.
    Deny,
    /// Start a new game (value 0).
    NewGame,
    /// Ask a question; the value is the query number (see [`query`]).
    Query(u16),
    /// The answer to the last query received (0: unknown or refused).
    Answer(u16),
    /// A move: `white` is the colour, `point` 0 for a pass or 1 + the index of
    /// the point counted row by row from the lower left corner.
    Move {
        /// True for a white move, false for black.
        white: bool,
        /// 0 for pass, otherwise 1 + `row_from_bottom * size + column`.
        point: u16,
    },
    /// Take back this many moves.
    Undo(u16),
    /// An extended command, with its code.
    Extended(u16),
}

/// Query numbers of the QUERY command and the meaning of their answers.
pub mod query {
    /// Which game: answer 1 means Go.
    pub const GAME: u16 = 0;
    /// Receive buffer size.
    pub const BUFFER_SIZE: u16 = 1;
    /// Protocol version.
    pub const PROTOCOL_VERSION: u16 = 2;
    /// Number of stones on the board.
    pub const STONES: u16 = 3;
    /// Time black has spent.
    pub const BLACK_TIME: u16 = 4;
    /// Time white has spent.
    pub const WHITE_TIME: u16 = 5;
    /// Character set of talk text.
    pub const CHARACTER_SET: u16 = 6;
    /// Rules: answer 1 Japanese (territory), 2 Chinese (area).
    pub const RULES: u16 = 7;
    /// Handicap: answer 1 for none, 2 and up for that many stones.
    pub const HANDICAP: u16 = 8;
    /// Board size.
    pub const BOARD_SIZE: u16 = 9;
    /// Time limit.
    pub const TIME_LIMIT: u16 = 10;
    /// The answering program's colour: 1 white, 2 black.
    pub const COLOR: u16 = 11;
    /// Who the answering player is.
    pub const WHO: u16 = 12;
    /// Answer meaning Go to [`GAME`].
    pub const GAME_GO: u16 = 1;
    /// Answer to [`RULES`]: Japanese.
    pub const RULES_JAPANESE: u16 = 1;
    /// Answer to [`RULES`]: Chinese.
    pub const RULES_CHINESE: u16 = 2;
    /// Answer to [`COLOR`]: white.
    pub const COLOR_WHITE: u16 = 1;
    /// Answer to [`COLOR`]: black.
    pub const COLOR_BLACK: u16 = 2;
}

impl Command {
    /// The three-bit command code.
    pub fn code(self) -> u8 {
        match self {
            Command::Ok => 0,
            Command::Deny => 1,
            Command::NewGame => 2,
            Command::Query(_) => 3,
            Command::Answer(_) => 4,
            Command::Move { .. } => 5,
            Command::Undo(_) => 6,
            Command::Extended(_) => 7,
        }
    }

    /// The ten-bit value.
    pub fn value(self) -> u16 {
        let v = match self {
            Command::Ok | Command::Deny | Command::NewGame => 0,
            Command::Query(v) | Command::Answer(v) | Command::Undo(v) | Command::Extended(v) => v,
            Command::Move { white, point } => {
                (point & MOVE_POINT) | if white { MOVE_WHITE } else { 0 }
            }
        };
        v & MAX_VALUE
    }

    /// The command with code `code` (0..=7) and value `value`.
    pub fn from_parts(code: u8, value: u16) -> Command {
        let value = value & MAX_VALUE;
        match code & 7 {
            0 => Command::Ok,
            1 => Command::Deny,
            2 => Command::NewGame,
            3 => Command::Query(value),
            4 => Command::Answer(value),
            5 => Command::Move {
                white: value & MOVE_WHITE != 0,
                point: value & MOVE_POINT,
            },
            6 => Command::Undo(value),
            _ => Command::Extended(value),
        }
    }

    /// True for OK and DENY, the two replies that carry no sequence number of
    /// their own and are never acknowledged.
    pub fn is_reply(self) -> bool {
        matches!(self, Command::Ok | Command::Deny)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Command::Ok => write!(f, "OK"),
            Command::Deny => write!(f, "DENY"),
            Command::NewGame => write!(f, "NEWGAME"),
            Command::Query(q) => write!(f, "QUERY {q}"),
            Command::Answer(a) => write!(f, "ANSWER {a}"),
            Command::Move { white, point } => {
                let c = if white { "white" } else { "black" };
                if point == 0 {
                    write!(f, "MOVE {c} pass")
                } else {
                    write!(f, "MOVE {c} {point}")
                }
            }
            Command::Undo(n) => write!(f, "UNDO {n}"),
            Command::Extended(x) => write!(f, "EXTENDED {x}"),
        }
    }
}

/// One packet: a command and the two sequence bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Packet {
    /// The sender's own sequence bit (bit 0 of the start byte).
    pub seq: bool,
    /// The last sequence bit the sender received from us (bit 1).
    pub ack: bool,
    /// The command and value.
    pub command: Command,
}

/// The checksum byte of a packet whose other bytes are `b0`, `b2`, `b3`.
pub fn checksum(b0: u8, b2: u8, b3: u8) -> u8 {
    0x80 | ((b0 as u32 + b2 as u32 + b3 as u32) & 0x7f) as u8
}

impl Packet {
    /// The four bytes of the packet.
    pub fn encode(self) -> [u8; 4] {
        let b0 = self.seq as u8 | (self.ack as u8) << 1;
        let v = self.command.value();
        let b2 = 0x80 | (self.command.code() << 4) | ((v >> 7) as u8 & 7);
        let b3 = 0x80 | (v & 0x7f) as u8;
        [b0, checksum(b0, b2, b3), b2, b3]
    }

    /// The packet in `bytes`, if they form a valid one (start byte 0..=3,
    /// high bit on the other three, right checksum).
    pub fn decode(bytes: [u8; 4]) -> Option<Packet> {
        let [b0, b1, b2, b3] = bytes;
        if b0 > 3 || b1 & b2 & b3 & 0x80 == 0 || checksum(b0, b2, b3) != b1 {
            return None;
        }
        let value = ((b2 & 7) as u16) << 7 | (b3 & 0x7f) as u16;
        Some(Packet {
            seq: b0 & 1 != 0,
            ack: b0 & 2 != 0,
            command: Command::from_parts((b2 >> 4) & 7, value),
        })
    }
}

/// What the decoder found in the byte stream.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Item {
    /// A valid packet.
    Packet(Packet),
    /// A talk character (4..=127 outside a packet).
    Talk(u8),
    /// Four bytes shaped like a packet whose checksum is wrong.
    BadChecksum,
    /// A byte that is neither talk nor part of a valid packet.
    Noise(u8),
}

/// Finds packets, talk and noise in a byte stream, one byte at a time.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    partial: Vec<u8>,
}

impl Decoder {
    /// A decoder at the start of a stream.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Feed bytes; what they complete is appended to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Item>) {
        for &b in bytes {
            self.push(b, out);
        }
    }

    fn push(&mut self, b: u8, out: &mut Vec<Item>) {
        if self.partial.is_empty() {
            match b {
                0..=3 => self.partial.push(b),
                4..=127 => out.push(Item::Talk(b)),
                _ => out.push(Item::Noise(b)),
            }
            return;
        }
        if b & 0x80 == 0 {
            // A packet byte must have its high bit set: what we held was not a
            // packet. Drop it and look at `b` afresh (it may start the next one).
            for &n in &self.partial {
                out.push(Item::Noise(n));
            }
            self.partial.clear();
            self.push(b, out);
            return;
        }
        self.partial.push(b);
        debug_assert!(self.partial.len() <= 4);
        if self.partial.len() == 4 {
            let bytes = [
                self.partial[0],
                self.partial[1],
                self.partial[2],
                self.partial[3],
            ];
            self.partial.clear();
            out.push(match Packet::decode(bytes) {
                Some(p) => Item::Packet(p),
                None => Item::BadChecksum,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_commands() -> Vec<Command> {
        let mut v = vec![Command::Ok, Command::Deny, Command::NewGame];
        for x in [0, 1, 7, 11, 127, 128, 500, 1023] {
            v.push(Command::Query(x));
            v.push(Command::Answer(x));
            v.push(Command::Undo(x));
            v.push(Command::Extended(x));
        }
        for white in [false, true] {
            for point in [0, 1, 9, 41, 81, 361, 511] {
                v.push(Command::Move { white, point });
            }
        }
        v
    }

    #[test]
    fn known_packets_from_the_wire() {
        // Bytes GNU Go 3.8 sends: NEWGAME as its first message, QUERY rules,
        // OK with value 1023, and a black move at E5 on 9x9.
        let newgame = Packet::decode([0x01, 0xa1, 0xa0, 0x80]).unwrap();
        assert_eq!(newgame.command, Command::NewGame);
        assert!(newgame.seq && !newgame.ack);
        let q = Packet::decode([0x00, 0xb7, 0xb0, 0x87]).unwrap();
        assert_eq!(q.command, Command::Query(query::RULES));
        assert!(!q.seq && !q.ack);
        let ok = Packet::decode([0x01, 0x87, 0x87, 0xff]).unwrap();
        assert_eq!(ok.command, Command::Ok);
        let mv = Packet::decode([0x00, 0xf9, 0xd0, 0xa9]).unwrap();
        assert_eq!(
            mv.command,
            Command::Move {
                white: false,
                point: 41
            }
        );
        // And we encode the same bytes.
        assert_eq!(newgame.encode(), [0x01, 0xa1, 0xa0, 0x80]);
        assert_eq!(mv.encode(), [0x00, 0xf9, 0xd0, 0xa9]);
    }

    #[test]
    fn every_command_and_sequence_pair_round_trips() {
        for c in all_commands() {
            for seq in [false, true] {
                for ack in [false, true] {
                    let p = Packet {
                        seq,
                        ack,
                        command: c,
                    };
                    let bytes = p.encode();
                    assert!(bytes[0] <= 3);
                    assert!(bytes[1..].iter().all(|b| b & 0x80 != 0));
                    assert_eq!(Packet::decode(bytes), Some(p), "{c}");
                }
            }
        }
    }

    #[test]
    fn checksum_is_the_sum_of_the_other_bytes_mod_128() {
        assert_eq!(checksum(0x01, 0xa0, 0x80), 0xa1);
        assert_eq!(
            checksum(0x03, 0xff, 0xff),
            0x80 | ((3u32 + 255 + 255) & 0x7f) as u8
        );
        // Any single changed bit below the high bit is caught.
        let p = Packet {
            seq: true,
            ack: false,
            command: Command::Move {
                white: true,
                point: 77,
            },
        }
        .encode();
        for byte in 0..4 {
            for bit in 0..7 {
                let mut q = p;
                q[byte] ^= 1 << bit;
                assert_eq!(Packet::decode(q), None, "byte {byte} bit {bit}");
            }
        }
    }

    #[test]
    fn decoder_skips_talk_and_noise_between_packets() {
        let a = Packet {
            seq: true,
            ack: false,
            command: Command::NewGame,
        };
        let b = Packet {
            seq: false,
            ack: true,
            command: Command::Answer(9),
        };
        let mut stream = b"hi\n".to_vec();
        stream.extend([0xff, 0x81, 0x02]); // noise, and a lone start byte
        stream.extend(a.encode());
        stream.extend([0x03, 0x90]); // a start of something that breaks off
        stream.extend(b.encode());
        let mut d = Decoder::new();
        let mut items = Vec::new();
        d.feed(&stream, &mut items);
        let packets: Vec<Packet> = items
            .iter()
            .filter_map(|i| match i {
                Item::Packet(p) => Some(*p),
                _ => None,
            })
            .collect();
        assert_eq!(packets, vec![a, b]);
        let talk: Vec<u8> = items
            .iter()
            .filter_map(|i| match i {
                Item::Talk(c) => Some(*c),
                _ => None,
            })
            .collect();
        assert_eq!(talk, b"hi\n");
    }

    #[test]
    fn decoder_reports_a_bad_checksum_and_resynchronises() {
        let p = Packet {
            seq: false,
            ack: false,
            command: Command::Query(8),
        };
        let mut bad = p.encode();
        bad[1] ^= 0x04;
        let mut d = Decoder::new();
        let mut items = Vec::new();
        d.feed(&bad, &mut items);
        d.feed(&p.encode(), &mut items);
        assert_eq!(items, vec![Item::BadChecksum, Item::Packet(p)]);
    }

    #[test]
    fn decoder_handles_bytes_one_at_a_time() {
        let p = Packet {
            seq: true,
            ack: true,
            command: Command::Move {
                white: true,
                point: 5,
            },
        };
        let mut d = Decoder::new();
        let mut items = Vec::new();
        for b in p.encode() {
            d.feed(&[b], &mut items);
        }
        assert_eq!(items, vec![Item::Packet(p)]);
    }
}
