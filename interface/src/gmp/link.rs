//! The GMP link layer: sequence bits, acknowledgements, duplicates and
//! retransmission. It does no I/O: bytes go in through [`Link::receive`], come
//! out of [`Link::take_output`], and time is passed in, so that tests can run
//! it on a virtual clock and a lossy line.
//!
//! Each side keeps one sequence bit for the commands it sends and remembers
//! the bit of the last command it received. A new command flips the sender's
//! bit; every packet also carries, as its acknowledgement bit, the last bit
//! its sender received. So:
//!
//! - a command whose sequence bit equals the last one received is a
//!   duplicate: the other side did not hear our reply, and we send it again;
//! - OK (or DENY) whose acknowledgement bit equals the bit of our command
//!   outstanding acknowledges it; any other OK is stale and ignored;
//! - a new command from the other side whose acknowledgement bit equals our
//!   outstanding command's bit acknowledges it too (the other side answered
//!   with a command of its own, as with ANSWER to a QUERY);
//! - a command not acknowledged within the timeout is sent again, with the
//!   same sequence bit, the wait doubling up to a maximum.
//!
//! Only one command is outstanding at a time; further commands wait in a
//! queue. While nothing is outstanding and the line stays silent, the link
//! sends a single noise byte (0xFF, which any GMP reader drops) now and then,
//! and each retransmission is followed by one: some programs (GNU Go among
//! them) look at their retransmission timer only when a byte arrives, and
//! ignore duplicates while they wait, so without it a lost packet of theirs
//! would never be sent again.

use super::packet::{Command, Decoder, Item, Packet};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// The byte sent to wake a silent peer: outside a packet, a byte of 128 or
/// more is noise to every GMP reader.
pub const NUDGE_BYTE: u8 = 0xff;

/// Bytes in the one long nudge of a silence (see [`Timing::burst_after`]).
/// GNU Go counts one tick of its retransmission timer per read of up to four
/// bytes, and resends after more than 20 ticks in its simplified mode (more
/// than one in full GMP): 21 reads of four bytes make it resend once.
pub const NUDGE_BURST: usize = 84;

/// Timeouts of the link.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Wait before the first retransmission of an unacknowledged command.
    pub resend: Duration,
    /// Longest wait between retransmissions (the wait doubles up to this).
    pub resend_max: Duration,
    /// Silence after which a nudge byte is sent (`None`: never).
    pub nudge: Option<Duration>,
    /// Longest wait between nudges (the wait doubles up to this).
    pub nudge_max: Duration,
    /// Silence after which the next nudge is one burst of [`NUDGE_BURST`]
    /// bytes instead of one byte (once per silence; `None`: never).
    pub burst_after: Option<Duration>,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            resend: Duration::from_secs(2),
            resend_max: Duration::from_secs(8),
            nudge: Some(Duration::from_millis(1500)),
            nudge_max: Duration::from_secs(30),
            burst_after: Some(Duration::from_secs(20)),
        }
    }
}

/// What the link reports to the game driver.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A new command from the other side. The driver must answer it: with
    /// [`Link::reply`] (OK or DENY), or with a command of its own through
    /// [`Link::send`] (ANSWER to a QUERY), which acknowledges it implicitly.
    Command(Command),
    /// Our command was acknowledged: `explicit` if by OK, otherwise by a new
    /// command of the other side.
    Acked {
        /// The command acknowledged.
        command: Command,
        /// True if the acknowledgement was an OK packet.
        explicit: bool,
    },
    /// Our command was refused with DENY.
    Denied(Command),
    /// A line of talk text from the other side.
    Talk(String),
}

/// Counters of what happened on the line (for logs and tests).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Valid packets received.
    pub received: u64,
    /// Packets sent, retransmissions included.
    pub sent: u64,
    /// Retransmissions of our commands.
    pub resent: u64,
    /// Duplicate commands received (and answered again).
    pub duplicates: u64,
    /// Stale OK or DENY packets ignored.
    pub stale: u64,
    /// Packets dropped for a bad checksum.
    pub bad_checksums: u64,
    /// Noise bytes dropped.
    pub noise: u64,
    /// Nudge bytes sent.
    pub nudges: u64,
}

#[derive(Clone, Copy, Debug)]
struct Outstanding {
    packet: Packet,
    due: Instant,
    wait: Duration,
}

/// One end of a GMP connection.
#[derive(Debug)]
pub struct Link {
    timing: Timing,
    /// Sequence bit of the last command we sent.
    my_seq: bool,
    /// Sequence bit of the last command received.
    his_seq: bool,
    /// Whether any command has been received (before that `his_seq` means
    /// nothing, and the first command is new whatever its bit).
    heard: bool,
    outstanding: Option<Outstanding>,
    queue: VecDeque<Command>,
    /// How we answered the last command received, if with OK or DENY.
    last_reply: Option<Command>,
    decoder: Decoder,
    items: Vec<Item>,
    talk: Vec<u8>,
    out: Vec<u8>,
    next_nudge: Option<Instant>,
    nudge_wait: Duration,
    /// When the line last carried a packet (or we last sent one).
    silent_since: Instant,
    /// Whether this silence has had its long nudge.
    burst_sent: bool,
    stats: Stats,
    /// Print every packet in and out on stderr, with the time since start.
    trace: Option<Instant>,
}

impl Link {
    /// A link at the start of a connection, at time `now`.
    pub fn new(timing: Timing, now: Instant) -> Link {
        let nudge_wait = timing.nudge.unwrap_or(Duration::ZERO);
        Link {
            timing,
            my_seq: false,
            his_seq: false,
            heard: false,
            outstanding: None,
            queue: VecDeque::new(),
            last_reply: None,
            decoder: Decoder::new(),
            items: Vec::new(),
            talk: Vec::new(),
            out: Vec::new(),
            next_nudge: timing.nudge.map(|d| now + d),
            nudge_wait,
            silent_since: now,
            burst_sent: false,
            stats: Stats::default(),
            trace: None,
        }
    }

    /// Print every packet sent and received on stderr (`TESUJI_GMP_TRACE`).
    pub fn set_trace(&mut self, on: bool, now: Instant) {
        self.trace = on.then_some(now);
    }

    fn log(&self, what: &str, p: &Packet) {
        if let Some(t0) = self.trace {
            eprintln!(
                "gmp {:8.3} {what} [seq {} ack {}] {}",
                t0.elapsed().as_secs_f64(),
                p.seq as u8,
                p.ack as u8,
                p.command
            );
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// True when no command of ours is outstanding or queued.
    pub fn is_idle(&self) -> bool {
        self.outstanding.is_none() && self.queue.is_empty()
    }

    /// The command of ours waiting for its acknowledgement, if any.
    pub fn outstanding(&self) -> Option<Command> {
        self.outstanding.map(|o| o.packet.command)
    }

    /// Bytes to write to the line (taken: the buffer is left empty).
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// Queue a command (anything but OK and DENY, which are replies). It goes
    /// out at the next [`Link::poll`] once no other command is outstanding,
    /// and acknowledges implicitly the last command received.
    pub fn send(&mut self, command: Command) {
        debug_assert!(!command.is_reply(), "OK and DENY are sent with reply()");
        self.queue.push_back(command);
    }

    /// Answer the last command received with OK or DENY.
    pub fn reply(&mut self, command: Command) {
        debug_assert!(command.is_reply(), "only OK and DENY are replies");
        self.last_reply = Some(command);
        self.emit_reply(command);
    }

    fn emit_reply(&mut self, command: Command) {
        let p = Packet {
            seq: self.my_seq,
            ack: self.his_seq,
            command,
        };
        self.emit(p);
    }

    fn emit(&mut self, p: Packet) {
        self.log("->", &p);
        self.out.extend_from_slice(&p.encode());
        self.stats.sent += 1;
    }

    /// Timers and the queue: send the next queued command if none is
    /// outstanding, retransmit an outstanding one that is due, nudge a silent
    /// line. Call after handling events and whenever time passes.
    pub fn poll(&mut self, now: Instant) {
        if self.outstanding.is_none() {
            if let Some(command) = self.queue.pop_front() {
                self.my_seq = !self.my_seq;
                let packet = Packet {
                    seq: self.my_seq,
                    ack: self.his_seq,
                    command,
                };
                self.emit(packet);
                self.outstanding = Some(Outstanding {
                    packet,
                    due: now + self.timing.resend,
                    wait: self.timing.resend,
                });
            }
        }
        if let Some(o) = &mut self.outstanding {
            if now >= o.due {
                // Same sequence bit; the acknowledgement bit says what we
                // have heard since.
                o.packet.ack = self.his_seq;
                o.wait = (o.wait * 2).min(self.timing.resend_max);
                o.due = now + o.wait;
                let p = o.packet;
                self.emit(p);
                // GNU Go takes no notice of a duplicate while it waits for
                // an acknowledgement of its own, but a noise byte makes it
                // look at its timer and resend: if our command was heard and
                // its answer lost, that answer comes again.
                self.out.push(NUDGE_BYTE);
                self.stats.resent += 1;
            }
            // Our retransmissions wake the other side: no nudge needed.
            self.push_nudge(now);
        } else if let (Some(due), Some(_)) = (self.next_nudge, self.timing.nudge) {
            if now >= due {
                if let Some(t0) = self.trace {
                    eprintln!("gmp {:8.3} -> nudge", t0.elapsed().as_secs_f64());
                }
                let long = self
                    .timing
                    .burst_after
                    .is_some_and(|b| !self.burst_sent && now >= self.silent_since + b);
                if long {
                    self.out
                        .extend(std::iter::repeat_n(NUDGE_BYTE, NUDGE_BURST));
                    self.burst_sent = true;
                } else {
                    self.out.push(NUDGE_BYTE);
                }
                self.stats.nudges += 1;
                self.nudge_wait = (self.nudge_wait * 2).min(self.timing.nudge_max);
                self.next_nudge = Some(now + self.nudge_wait);
            }
        }
    }

    fn push_nudge(&mut self, now: Instant) {
        self.silent_since = now;
        self.burst_sent = false;
        if let Some(d) = self.timing.nudge {
            self.nudge_wait = d;
            self.next_nudge = Some(now + d);
        }
    }

    /// The next moment at which [`Link::poll`] has something to do, if any.
    pub fn next_deadline(&self) -> Option<Instant> {
        if !self.queue.is_empty() && self.outstanding.is_none() {
            return Some(Instant::now());
        }
        match &self.outstanding {
            Some(o) => Some(o.due),
            None => self.next_nudge,
        }
    }

    /// Bytes from the line, received at `now`: what they mean for the driver.
    pub fn receive(&mut self, bytes: &[u8], now: Instant) -> Vec<Event> {
        let mut events = Vec::new();
        self.items.clear();
        self.decoder.feed(bytes, &mut self.items);
        let items = std::mem::take(&mut self.items);
        for item in &items {
            match *item {
                Item::Packet(p) => {
                    self.log("<-", &p);
                    self.stats.received += 1;
                    if self.outstanding.is_none() {
                        self.push_nudge(now);
                    }
                    self.on_packet(p, &mut events);
                }
                Item::Talk(c) => {
                    if c == b'\n' || c == b'\r' {
                        self.flush_talk(&mut events);
                    } else {
                        self.talk.push(c);
                        if self.talk.len() >= 200 {
                            self.flush_talk(&mut events);
                        }
                    }
                }
                Item::BadChecksum => {
                    if let Some(t0) = self.trace {
                        eprintln!("gmp {:8.3} <- bad checksum", t0.elapsed().as_secs_f64());
                    }
                    self.stats.bad_checksums += 1
                }
                Item::Noise(_) => self.stats.noise += 1,
            }
        }
        self.items = items;
        events
    }

    /// Talk text received but not yet ended by a newline, as an event.
    pub fn flush_talk(&mut self, events: &mut Vec<Event>) {
        if !self.talk.is_empty() {
            let line = String::from_utf8_lossy(&self.talk).into_owned();
            self.talk.clear();
            events.push(Event::Talk(line));
        }
    }

    fn on_packet(&mut self, p: Packet, events: &mut Vec<Event>) {
        if p.command.is_reply() {
            match self.outstanding {
                Some(o) if p.ack == o.packet.seq => {
                    self.outstanding = None;
                    events.push(match p.command {
                        Command::Ok => Event::Acked {
                            command: o.packet.command,
                            explicit: true,
                        },
                        _ => Event::Denied(o.packet.command),
                    });
                }
                _ => self.stats.stale += 1,
            }
            return;
        }
        if self.heard && p.seq == self.his_seq {
            // The other side sent this command again: our answer to it was
            // lost. Answer again: with our outstanding command if there is
            // one (it carries the acknowledgement, and an OK after it would
            // look stale: GNU Go calls that a sequence error), else with the
            // same OK or DENY.
            self.stats.duplicates += 1;
            // Its acknowledgement bit is fresh all the same: it may show
            // that our outstanding command was heard.
            if let Some(o) = self.outstanding {
                if p.ack == o.packet.seq {
                    self.outstanding = None;
                    events.push(Event::Acked {
                        command: o.packet.command,
                        explicit: false,
                    });
                }
            }
            match (&mut self.outstanding, self.last_reply) {
                (Some(o), _) => {
                    o.packet.ack = self.his_seq;
                    let packet = o.packet;
                    self.emit(packet);
                    self.stats.resent += 1;
                }
                (None, Some(reply)) => self.emit_reply(reply),
                (None, None) => self.emit_reply(Command::Ok),
            }
            return;
        }
        // A new command. If it shows that our outstanding command was heard,
        // that command is acknowledged.
        if let Some(o) = self.outstanding {
            if p.ack == o.packet.seq {
                self.outstanding = None;
                events.push(Event::Acked {
                    command: o.packet.command,
                    explicit: false,
                });
            }
        }
        self.heard = true;
        self.his_seq = p.seq;
        self.last_reply = None;
        events.push(Event::Command(p.command));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> Instant {
        Instant::now()
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn quiet() -> Timing {
        Timing {
            resend: ms(100),
            resend_max: ms(400),
            nudge: None,
            nudge_max: ms(1000),
            burst_after: None,
        }
    }

    fn packets(bytes: &[u8]) -> Vec<Packet> {
        let mut items = Vec::new();
        Decoder::new().feed(bytes, &mut items);
        items
            .into_iter()
            .filter_map(|i| match i {
                Item::Packet(p) => Some(p),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn first_command_has_sequence_bit_one() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        a.send(Command::NewGame);
        a.poll(now);
        assert_eq!(a.take_output(), vec![0x01, 0xa1, 0xa0, 0x80]);
        assert_eq!(a.outstanding(), Some(Command::NewGame));
    }

    #[test]
    fn ok_acknowledges_and_the_next_command_flips_the_bit() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::NewGame);
        a.poll(now);
        let ev = b.receive(&a.take_output(), now);
        assert_eq!(ev, vec![Event::Command(Command::NewGame)]);
        b.reply(Command::Ok);
        let ev = a.receive(&b.take_output(), now);
        assert_eq!(
            ev,
            vec![Event::Acked {
                command: Command::NewGame,
                explicit: true
            }]
        );
        assert!(a.is_idle());
        a.send(Command::Query(9));
        a.poll(now);
        let out = a.take_output();
        let p = packets(&out)[0];
        assert!(!p.seq, "second command flips the bit to 0");
        assert!(!p.ack, "b has sent no command yet");
        assert_eq!(
            b.receive(&out, now),
            vec![Event::Command(Command::Query(9))]
        );
    }

    #[test]
    fn a_command_in_answer_acknowledges_implicitly() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::Query(11));
        a.poll(now);
        b.receive(&a.take_output(), now);
        b.send(Command::Answer(2));
        b.poll(now);
        let ev = a.receive(&b.take_output(), now);
        assert_eq!(
            ev,
            vec![
                Event::Acked {
                    command: Command::Query(11),
                    explicit: false
                },
                Event::Command(Command::Answer(2)),
            ]
        );
        a.reply(Command::Ok);
        let ev = b.receive(&a.take_output(), now);
        assert_eq!(
            ev,
            vec![Event::Acked {
                command: Command::Answer(2),
                explicit: true
            }]
        );
    }

    #[test]
    fn an_unacknowledged_command_is_resent_with_backoff() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        a.send(Command::Move {
            white: false,
            point: 41,
        });
        a.poll(now);
        let first = a.take_output();
        a.poll(now + ms(50));
        assert!(a.take_output().is_empty(), "not yet due");
        let mut again = first.clone();
        again.push(NUDGE_BYTE);
        a.poll(now + ms(100));
        assert_eq!(a.take_output(), again, "same packet, same bit, and a nudge");
        a.poll(now + ms(250));
        assert!(a.take_output().is_empty(), "wait doubled to 200 ms");
        a.poll(now + ms(300));
        assert_eq!(a.take_output(), again);
        assert_eq!(a.stats().resent, 2);
    }

    #[test]
    fn a_duplicate_command_is_answered_again_and_reported_once() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::Move {
            white: false,
            point: 41,
        });
        a.poll(now);
        let mv = a.take_output();
        assert_eq!(b.receive(&mv, now).len(), 1);
        b.reply(Command::Ok);
        let _lost = b.take_output();
        // a resends; b must not report the move again, but OK it again.
        a.poll(now + ms(100));
        let again = a.take_output();
        assert_eq!(again[..4], mv[..]);
        assert!(b.receive(&again, now).is_empty());
        assert_eq!(b.stats().duplicates, 1);
        let ev = a.receive(&b.take_output(), now);
        assert_eq!(
            ev,
            vec![Event::Acked {
                command: Command::Move {
                    white: false,
                    point: 41
                },
                explicit: true
            }]
        );
    }

    #[test]
    fn a_duplicate_query_gets_the_same_answer_again() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::Query(9));
        a.poll(now);
        let q = a.take_output();
        b.receive(&q, now);
        b.send(Command::Answer(19));
        b.poll(now);
        let answer = b.take_output();
        // The answer is lost; a asks again (same bit).
        a.poll(now + ms(100));
        assert_eq!(a.take_output()[..4], q[..]);
        assert!(b.receive(&q, now).is_empty());
        assert_eq!(b.take_output(), answer);
    }

    #[test]
    fn a_stale_ok_is_ignored() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::NewGame);
        a.poll(now);
        b.receive(&a.take_output(), now);
        b.reply(Command::Ok);
        let ok1 = b.take_output();
        a.receive(&ok1, now);
        a.send(Command::Query(7));
        a.poll(now);
        // The first OK arrives again (e.g. echoed by a bad line): it must not
        // acknowledge the query.
        assert!(a.receive(&ok1, now).is_empty());
        assert_eq!(a.outstanding(), Some(Command::Query(7)));
        assert_eq!(a.stats().stale, 1);
    }

    #[test]
    fn deny_refuses_the_outstanding_command() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::Undo(1));
        a.poll(now);
        b.receive(&a.take_output(), now);
        b.reply(Command::Deny);
        assert_eq!(
            a.receive(&b.take_output(), now),
            vec![Event::Denied(Command::Undo(1))]
        );
        assert!(a.is_idle());
    }

    #[test]
    fn commands_queue_behind_the_outstanding_one() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut b = Link::new(quiet(), now);
        a.send(Command::Query(7));
        a.send(Command::Query(9));
        a.poll(now);
        let out = a.take_output();
        assert_eq!(packets(&out).len(), 1);
        b.receive(&out, now);
        b.reply(Command::Ok);
        a.receive(&b.take_output(), now);
        a.poll(now);
        let out = a.take_output();
        assert_eq!(packets(&out)[0].command, Command::Query(9));
    }

    #[test]
    fn talk_is_collected_into_lines() {
        let now = t0();
        let mut a = Link::new(quiet(), now);
        let mut bytes = b"good ".to_vec();
        bytes.extend(
            Packet {
                seq: true,
                ack: false,
                command: Command::NewGame,
            }
            .encode(),
        );
        bytes.extend(b"game\n");
        let ev = a.receive(&bytes, now);
        assert_eq!(
            ev,
            vec![
                Event::Command(Command::NewGame),
                Event::Talk("good game".to_string())
            ]
        );
    }

    #[test]
    fn a_silent_line_is_nudged_with_backoff() {
        let now = t0();
        let timing = Timing {
            nudge: Some(ms(100)),
            nudge_max: ms(300),
            ..quiet()
        };
        let mut a = Link::new(timing, now);
        a.poll(now + ms(99));
        assert!(a.take_output().is_empty());
        a.poll(now + ms(100));
        assert_eq!(a.take_output(), vec![NUDGE_BYTE]);
        a.poll(now + ms(250));
        assert!(a.take_output().is_empty(), "next nudge after 200 ms");
        a.poll(now + ms(300));
        assert_eq!(a.take_output(), vec![NUDGE_BYTE]);
        // A nudge is noise to the other side.
        let mut b = Link::new(quiet(), now);
        assert!(b.receive(&[NUDGE_BYTE], now).is_empty());
        assert_eq!(b.stats().noise, 1);
    }

    #[test]
    fn a_long_silence_gets_one_long_nudge() {
        let now = t0();
        let timing = Timing {
            nudge: Some(ms(100)),
            nudge_max: ms(200),
            burst_after: Some(ms(500)),
            ..quiet()
        };
        let mut a = Link::new(timing, now);
        let mut sizes = Vec::new();
        for t in (0..=1200).step_by(10) {
            a.poll(now + ms(t));
            let out = a.take_output();
            if !out.is_empty() {
                assert!(out.iter().all(|&b| b == NUDGE_BYTE));
                sizes.push(out.len());
            }
        }
        // 100, 300, 500 (the long one), 700, 900, 1100.
        assert_eq!(sizes, vec![1, 1, NUDGE_BURST, 1, 1, 1]);
        // A packet from the other side starts a new silence.
        let mut b = Link::new(quiet(), now);
        b.send(Command::NewGame);
        b.poll(now + ms(1200));
        a.receive(&b.take_output(), now + ms(1200));
        a.take_output();
        for t in (1210..=2000).step_by(10) {
            a.poll(now + ms(t));
            let out = a.take_output();
            assert!(
                out.len() <= 1 || t >= 1700,
                "burst only after 500 ms of silence"
            );
        }
        let mut b = Link::new(quiet(), now);
        assert!(b.receive(&[NUDGE_BYTE], now).is_empty());
        assert_eq!(b.stats().noise, 1);
    }

    /// Two links over a line that loses, corrupts and pads packets with
    /// garbage, driven by a virtual clock: every command arrives exactly once
    /// and in order.
    #[test]
    fn commands_survive_a_lossy_noisy_line() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let start = t0();
        let timing = Timing {
            resend: ms(50),
            resend_max: ms(200),
            nudge: Some(ms(80)),
            nudge_max: ms(200),
            burst_after: Some(ms(400)),
        };
        let mut a = Link::new(timing, start);
        let mut b = Link::new(timing, start);
        let mut rng = SmallRng::seed_from_u64(7);
        let sent: Vec<Command> = (1..=60)
            .map(|i| Command::Move {
                white: i % 2 == 0,
                point: i,
            })
            .collect();
        let mut next = 0;
        let mut got_b = Vec::new();
        let mut got_a = Vec::new();
        let mut now = start;
        // Damage one direction's bytes: drop whole chunks, flip checksum bits,
        // put noise in front.
        let damage = |bytes: Vec<u8>, rng: &mut SmallRng| -> Vec<u8> {
            if bytes.is_empty() {
                return bytes;
            }
            let roll: f64 = rng.gen();
            let mut out: Vec<u8> = Vec::new();
            if rng.gen_bool(0.3) {
                for _ in 0..rng.gen_range(1..6) {
                    out.push(rng.gen_range(0x80..=0xfe));
                }
            }
            if roll < 0.15 {
                return out; // lost
            }
            let mut bytes = bytes;
            if roll < 0.25 && bytes.len() >= 4 {
                bytes[1] ^= 0x10; // corrupted checksum
            }
            out.extend(bytes);
            out
        };
        for _ in 0..20_000 {
            now += ms(5);
            // a sends its moves one after another, b answers each with OK;
            // b also sends a move of its own after every fifth, to mix
            // implicit and explicit acknowledgements.
            if a.is_idle() && next < sent.len() {
                a.send(sent[next]);
                next += 1;
            }
            a.poll(now);
            b.poll(now);
            let ab = damage(a.take_output(), &mut rng);
            let ba = damage(b.take_output(), &mut rng);
            for ev in b.receive(&ab, now) {
                if let Event::Command(c) = ev {
                    got_b.push(c);
                    if got_b.len() % 5 == 0 {
                        b.send(Command::Answer(got_b.len() as u16));
                    } else {
                        b.reply(Command::Ok);
                    }
                }
            }
            for ev in a.receive(&ba, now) {
                if let Event::Command(c) = ev {
                    got_a.push(c);
                    a.reply(Command::Ok);
                }
            }
            if got_b.len() == sent.len() && a.is_idle() && b.is_idle() {
                break;
            }
        }
        assert_eq!(got_b, sent, "every move once, in order");
        assert_eq!(
            got_a,
            (1..=12).map(|i| Command::Answer(i * 5)).collect::<Vec<_>>()
        );
        assert!(a.stats().resent > 0 && b.stats().bad_checksums + a.stats().bad_checksums > 0);
    }
}
