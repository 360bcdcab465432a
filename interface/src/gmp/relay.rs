//! A bad line between two GMP programs, for robustness tests: it passes the
//! bytes of both directions on, but now and then drops a packet, damages a
//! packet's checksum, or puts random garbage in front of a packet. Driven by
//! a seed, so that a failing run can be repeated. The `gmp-relay` binary runs
//! it between two programs; the tests run it in-process.

use super::line::{Line, Received};
use super::packet::Packet;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// How bad the line is: probabilities per packet.
#[derive(Clone, Copy, Debug)]
pub struct Damage {
    /// A packet is lost.
    pub drop: f64,
    /// A packet arrives with a wrong checksum.
    pub corrupt: f64,
    /// Random bytes arrive before a packet.
    pub garbage: f64,
    /// At most this many garbage bytes at a time.
    pub max_garbage: usize,
}

impl Damage {
    /// A perfect line.
    pub fn none() -> Damage {
        Damage {
            drop: 0.0,
            corrupt: 0.0,
            garbage: 0.0,
            max_garbage: 0,
        }
    }
}

/// What the relay did.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct RelayStats {
    /// Packets seen.
    pub packets: u64,
    /// Packets dropped.
    pub dropped: u64,
    /// Packets whose checksum was damaged.
    pub corrupted: u64,
    /// Garbage bytes inserted.
    pub garbage_bytes: u64,
}

/// One direction of the relay: finds packet boundaries (a byte 0..=3 and
/// three bytes with the high bit) and damages whole packets; other bytes
/// pass unchanged.
struct Direction {
    partial: Vec<u8>,
    /// For the trace: "a->b" or "b->a", and the start time.
    name: &'static str,
    trace: Option<std::time::Instant>,
}

impl Direction {
    fn pass(
        &mut self,
        bytes: &[u8],
        damage: &Damage,
        rng: &mut SmallRng,
        stats: &mut RelayStats,
    ) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes.len() + 8);
        for &b in bytes {
            self.byte(b, damage, rng, stats, &mut out);
        }
        out
    }

    fn byte(
        &mut self,
        b: u8,
        damage: &Damage,
        rng: &mut SmallRng,
        stats: &mut RelayStats,
        out: &mut Vec<u8>,
    ) {
        if self.partial.is_empty() {
            if b <= 3 {
                self.partial.push(b);
            } else {
                out.push(b);
            }
            return;
        }
        if b & 0x80 == 0 {
            out.append(&mut self.partial);
            self.byte(b, damage, rng, stats, out);
            return;
        }
        self.partial.push(b);
        if self.partial.len() < 4 {
            return;
        }
        let mut packet = std::mem::take(&mut self.partial);
        stats.packets += 1;
        let mut what = String::new();
        if damage.garbage > 0.0 && rng.gen_bool(damage.garbage) {
            let g = garbage(rng, damage.max_garbage.max(1));
            stats.garbage_bytes += g.len() as u64;
            what = format!("garbage {g:02x?} + ");
            out.extend(g);
        }
        if damage.drop > 0.0 && rng.gen_bool(damage.drop) {
            stats.dropped += 1;
            what.push_str("DROPPED ");
        } else if damage.corrupt > 0.0 && rng.gen_bool(damage.corrupt) {
            stats.corrupted += 1;
            packet[1] ^= 1 << rng.gen_range(0..7);
            what.push_str("CORRUPTED ");
        }
        if let Some(t0) = self.trace {
            eprintln!(
                "relay {:8.3} {} {what}{packet:02x?}",
                t0.elapsed().as_secs_f64(),
                self.name
            );
        }
        if !what.ends_with("DROPPED ") {
            out.extend(packet);
        }
    }
}

/// Random bytes in which no four in a row form a valid packet: a forged
/// packet is something no 7-bit checksum can catch, and not what this line
/// is meant to test.
pub fn garbage(rng: &mut SmallRng, max: usize) -> Vec<u8> {
    loop {
        let n = rng.gen_range(1..=max);
        let g: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        let forged = g
            .windows(4)
            .any(|w| Packet::decode([w[0], w[1], w[2], w[3]]).is_some());
        if !forged {
            return g;
        }
    }
}

/// Pass bytes between `a` and `b` through a line as bad as `damage` says,
/// until either side closes. Returns what was done to the packets. With
/// `trace`, every packet and what befell it is printed on stderr.
pub fn relay(mut a: Line, mut b: Line, damage: Damage, seed: u64, trace: bool) -> RelayStats {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut stats = RelayStats::default();
    let t0 = trace.then(std::time::Instant::now);
    let mut ab = Direction {
        partial: Vec::new(),
        name: "a->b",
        trace: t0,
    };
    let mut ba = Direction {
        partial: Vec::new(),
        name: "b->a",
        trace: t0,
    };
    let tick = Duration::from_millis(2);
    loop {
        match a.recv(tick) {
            Received::Bytes(bytes) => {
                let out = ab.pass(&bytes, &damage, &mut rng, &mut stats);
                if b.send(&out).is_err() {
                    return stats;
                }
            }
            Received::Timeout => {}
            Received::Closed => return stats,
        }
        match b.recv(tick) {
            Received::Bytes(bytes) => {
                let out = ba.pass(&bytes, &damage, &mut rng, &mut stats);
                if a.send(&out).is_err() {
                    return stats;
                }
            }
            Received::Timeout => {}
            Received::Closed => return stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gmp::packet::Command;

    #[test]
    fn garbage_never_forms_a_packet() {
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..2000 {
            let g = garbage(&mut rng, 12);
            assert!(!g.is_empty() && g.len() <= 12);
            assert!(g
                .windows(4)
                .all(|w| Packet::decode([w[0], w[1], w[2], w[3]]).is_none()));
        }
    }

    #[test]
    fn a_perfect_line_changes_nothing() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut stats = RelayStats::default();
        let mut d = Direction {
            partial: Vec::new(),
            name: "test",
            trace: None,
        };
        let mut bytes = b"talk ".to_vec();
        bytes.extend(
            Packet {
                seq: true,
                ack: false,
                command: Command::NewGame,
            }
            .encode(),
        );
        bytes.push(0xff);
        // Split anywhere: the packet is still recognised across chunks.
        let mut out = d.pass(&bytes[..7], &Damage::none(), &mut rng, &mut stats);
        out.extend(d.pass(&bytes[7..], &Damage::none(), &mut rng, &mut stats));
        assert_eq!(out, bytes);
        assert_eq!(stats.packets, 1);
    }

    #[test]
    fn damage_drops_and_corrupts_whole_packets() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut stats = RelayStats::default();
        let mut d = Direction {
            partial: Vec::new(),
            name: "test",
            trace: None,
        };
        let p = Packet {
            seq: false,
            ack: true,
            command: Command::Query(9),
        }
        .encode();
        let all_bad = Damage {
            drop: 0.5,
            corrupt: 1.0,
            garbage: 0.0,
            max_garbage: 0,
        };
        let mut kept = 0;
        for _ in 0..100 {
            let out = d.pass(&p, &all_bad, &mut rng, &mut stats);
            if !out.is_empty() {
                kept += 1;
                assert_eq!(out.len(), 4);
                assert_eq!(Packet::decode([out[0], out[1], out[2], out[3]]), None);
            }
        }
        assert_eq!(stats.dropped + kept, 100);
        assert!(stats.dropped > 20 && kept > 20);
    }
}
