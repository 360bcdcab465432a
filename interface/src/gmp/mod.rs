//! The Go Modem Protocol (`--mode gmp` and `--mode sgmp`): play a game with
//! a GMP driver (CGoban 1) or another GMP program (GNU Go) over stdin/stdout
//! or TCP.
//!
//! [`packet`] is the four-byte message, [`link`] the sequence-bit layer that
//! acknowledges, detects duplicates and retransmits, [`line`] the byte
//! stream; this module is the game driver on top: it starts or accepts
//! NEWGAME, asks and answers QUERY, and exchanges MOVEs with the engine's
//! replies until both players have passed. docs/gmp.md tells the whole story.
//!
//! In `gmp` mode the program learns the game from the other side: after
//! NEWGAME it asks the rules, board size, handicap and the other side's
//! colour, and takes the answers over its own options. In `sgmp` mode (the
//! simplified protocol of computer tournaments) it asks nothing: the options
//! say the game, and it only answers the other side's queries.

pub mod line;
pub mod link;
pub mod packet;
pub mod relay;

use crate::cli::{Mode, Options};
use crate::session::Session;
use engine::{Color, Engine, GenMode, Pos, Scoring};
use line::{Line, Received};
use link::{Event, Link, Timing};
use packet::{query, Command};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Largest board GMP can carry: a move is 1 + a point index below 512.
pub const MAX_GMP_BOARD: usize = 22;

/// How a GMP session plays.
#[derive(Clone, Debug)]
pub struct GmpConfig {
    /// The simplified protocol (`sgmp`): send no queries.
    pub simple: bool,
    /// The engine's colour (black sends NEWGAME).
    pub color: Color,
    /// Board size.
    pub boardsize: usize,
    /// Fixed handicap stones (0 for none).
    pub handicap: usize,
    /// Komi from the command line; otherwise 5.5 for an even game (7.5 under
    /// Chinese rules) and 0.5 with handicap, as GMP does not carry komi.
    pub komi: Option<f32>,
    /// Chinese (area) rules instead of Japanese.
    pub chinese: bool,
    /// No informational messages on stderr.
    pub quiet: bool,
    /// Link timeouts.
    pub timing: Timing,
    /// After the game ends, how long a silent line is kept open before the
    /// program leaves (it leaves at once when the other side closes).
    pub linger: Duration,
    /// Silence after NEWGAME after which black moves even without the other
    /// side's OK (for drivers that ask nothing and say nothing).
    pub settle: Duration,
}

impl GmpConfig {
    /// The configuration the command-line options give.
    pub fn from_options(opts: &Options) -> GmpConfig {
        GmpConfig {
            simple: opts.mode() == Mode::Sgmp,
            color: opts.color,
            boardsize: opts.boardsize as usize,
            handicap: opts.handicap,
            komi: opts.komi,
            chinese: opts.chinese_rules,
            quiet: opts.quiet,
            timing: Timing::default(),
            linger: Duration::from_secs(2),
            settle: Duration::from_secs(2),
        }
    }
}

/// How a GMP session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Both players passed.
    pub finished: bool,
    /// The moves of the last game, in order.
    pub moves: Vec<(Color, Pos)>,
    /// The score of the finished game ("B+3.5"), if it finished.
    pub result: Option<String>,
    /// Line counters.
    pub stats: link::Stats,
}

/// Run `tesuji --mode gmp|sgmp`: the line the options choose (stdin/stdout,
/// `--gmp-listen`, `--gmp-connect`), then the game.
pub fn run(session: Session, opts: &Options) -> Result<(), String> {
    let config = GmpConfig::from_options(opts);
    let line = if let Some(addr) = &opts.gmp_listen {
        Line::listen(addr, opts.quiet)?
    } else if let Some(addr) = &opts.gmp_connect {
        Line::connect(addr)?
    } else {
        Line::stdio()
    };
    let outcome = play(session, config, line)?;
    if !outcome.finished {
        return Err("the connection closed before the game ended".to_string());
    }
    Ok(())
}

/// Play over `line` until the game is over and the line falls silent or
/// closes. Messages go to stderr; stdout may be the line.
pub fn play(session: Session, config: GmpConfig, line: Line) -> Result<Outcome, String> {
    if config.boardsize > MAX_GMP_BOARD {
        return Err(format!(
            "GMP carries boards up to {MAX_GMP_BOARD}x{MAX_GMP_BOARD}, not {}",
            config.boardsize
        ));
    }
    let mut d = Driver::new(session, config, line);
    d.run()?;
    let result = d.finished().then(|| d.session.engine.final_score());
    Ok(Outcome {
        finished: d.finished(),
        moves: d.session.engine.game.moves().collect(),
        result,
        stats: d.link.stats(),
    })
}

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// No NEWGAME exchanged yet.
    Start,
    /// NEWGAME exchanged; queries under way.
    Setup,
    /// Moves.
    Play,
    /// Both passed.
    Over,
}

/// The game settings, as the options give them and the answers change them.
#[derive(Clone, Copy, Debug)]
struct Settings {
    color: Color,
    size: usize,
    handicap: usize,
    chinese: bool,
}

struct Driver {
    session: Session,
    config: GmpConfig,
    line: Line,
    link: Link,
    phase: Phase,
    settings: Settings,
    /// Our queries still to ask, and the one asked.
    queries: VecDeque<u16>,
    asked: Option<u16>,
    /// We have started asking (later queries need no go-ahead).
    querying: bool,
    /// The other side has finished what it started (it said OK, or moved):
    /// we may start something (queries, black's first move).
    floor: bool,
    /// The game settings are settled: always in sgmp (the options say them),
    /// in gmp once the other side has answered our queries. Until then we
    /// answer "unknown" to questions about them, so that a driver that asks
    /// first (CGoban) does not take our defaults for a disagreement.
    settled: bool,
    /// When the last valid packet came in.
    last_heard: Instant,
    closed: bool,
}

impl Driver {
    fn new(session: Session, config: GmpConfig, line: Line) -> Driver {
        let now = Instant::now();
        let mut link = Link::new(config.timing, now);
        link.set_trace(std::env::var_os("TESUJI_GMP_TRACE").is_some(), now);
        let settled = config.simple;
        let settings = Settings {
            color: config.color,
            size: config.boardsize,
            handicap: config.handicap,
            chinese: config.chinese,
        };
        Driver {
            session,
            link,
            config,
            line,
            phase: Phase::Start,
            settings,
            queries: VecDeque::new(),
            asked: None,
            querying: false,
            floor: false,
            settled,
            last_heard: now,
            closed: false,
        }
    }

    fn finished(&self) -> bool {
        self.phase == Phase::Over
    }

    fn info(&self, msg: &str) {
        if !self.config.quiet {
            eprintln!("tesuji: {msg}");
        }
    }

    fn run(&mut self) -> Result<(), String> {
        if self.settings.color == Color::Black {
            self.link.send(Command::NewGame);
        }
        loop {
            let now = Instant::now();
            self.act(now)?;
            self.link.poll(now);
            let out = self.link.take_output();
            if self.line.send(&out).is_err() {
                self.closed = true;
            }
            if self.closed {
                return Ok(());
            }
            if self.phase == Phase::Over
                && now.duration_since(self.last_heard) >= self.config.linger
            {
                return Ok(());
            }
            let wait = self.wait_time(now);
            match self.line.recv(wait) {
                Received::Bytes(bytes) => {
                    let now = Instant::now();
                    let before = self.link.stats().received;
                    let events = self.link.receive(&bytes, now);
                    // Only packets count as hearing from the other side:
                    // noise and nudges do not keep a finished game open.
                    if self.link.stats().received != before {
                        self.last_heard = now;
                    }
                    for e in events {
                        self.handle(e)?;
                    }
                }
                Received::Timeout => {}
                Received::Closed => {
                    let mut events = Vec::new();
                    self.link.flush_talk(&mut events);
                    for e in events {
                        self.handle(e)?;
                    }
                    return Ok(());
                }
            }
        }
    }

    /// How long to wait for input before the next timer.
    fn wait_time(&self, now: Instant) -> Duration {
        let mut wait = Duration::from_millis(500);
        if let Some(t) = self.link.next_deadline() {
            wait = wait.min(t.saturating_duration_since(now));
        }
        wait.max(Duration::from_millis(1))
    }

    /// Start what is ours to start: queries, and our move.
    fn act(&mut self, now: Instant) -> Result<(), String> {
        if !self.link.is_idle() {
            return Ok(());
        }
        let quiet_for = now.duration_since(self.last_heard);
        // A driver that asks nothing and says nothing gives the floor by
        // silence.
        if !self.floor && self.phase != Phase::Start && quiet_for >= self.config.settle {
            self.floor = true;
        }
        match self.phase {
            Phase::Start | Phase::Over => {}
            Phase::Setup => {
                if self.asked.is_none() && (self.querying || self.floor) {
                    if let Some(q) = self.queries.pop_front() {
                        self.link.send(Command::Query(q));
                        self.asked = Some(q);
                        self.querying = true;
                    }
                }
            }
            Phase::Play => {
                let game = &self.session.engine.game;
                if self.floor && game.to_move() == self.settings.color {
                    self.our_move();
                }
            }
        }
        Ok(())
    }

    fn our_move(&mut self) {
        // Acknowledge what we heard before thinking.
        let out = self.link.take_output();
        if self.line.send(&out).is_err() {
            self.closed = true;
            return;
        }
        let color = self.settings.color;
        let mv = self.session.engine.genmove(color, GenMode::Normal);
        self.session.game_changed();
        let size = self.settings.size;
        self.info(&format!("{} plays {}", color.name(), mv.name(size)));
        self.link.send(Command::Move {
            white: color == Color::White,
            point: gmp_point(mv, size),
        });
        self.floor = false;
        self.check_over();
    }

    fn handle(&mut self, event: Event) -> Result<(), String> {
        match event {
            Event::Talk(text) => eprintln!("gmp talk: {text}"),
            Event::Acked { command, explicit } => {
                if explicit {
                    self.floor = true;
                }
                if command == Command::NewGame && self.phase == Phase::Start {
                    self.start_game();
                }
            }
            Event::Denied(command) => match command {
                Command::Query(_) => {
                    // Refused: the same as "unknown".
                    self.asked = None;
                    self.after_answer();
                }
                Command::NewGame => return Err("the other side refused a new game".into()),
                Command::Move { .. } => {
                    return Err(format!("the other side refused our move ({command})"))
                }
                _ => self.info(&format!("the other side refused {command}")),
            },
            Event::Command(command) => self.on_command(command)?,
        }
        Ok(())
    }

    /// NEWGAME has been exchanged: set up the board and, in full GMP, plan
    /// the queries.
    fn start_game(&mut self) {
        self.reset_game();
        self.asked = None;
        self.querying = false;
        self.settled = self.config.simple;
        if self.config.simple {
            self.queries.clear();
            self.phase = Phase::Play;
        } else {
            self.queries = [
                query::RULES,
                query::BOARD_SIZE,
                query::HANDICAP,
                query::COLOR,
            ]
            .into_iter()
            .collect();
            self.phase = Phase::Setup;
        }
    }

    fn on_command(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::Ok | Command::Deny => {}
            Command::NewGame => {
                self.info("new game");
                self.start_game();
                self.floor = false;
                if self.phase == Phase::Setup {
                    // Our first query acknowledges the NEWGAME.
                    self.querying = true;
                } else {
                    self.link.reply(Command::Ok);
                }
            }
            Command::Query(q) => {
                let a = self.answer(q);
                self.link.send(Command::Answer(a));
                self.floor = false;
            }
            Command::Answer(a) => match self.asked.take() {
                Some(q) => {
                    self.adopt(q, a);
                    self.after_answer();
                }
                None => self.link.reply(Command::Ok),
            },
            Command::Move { white, point } => self.their_move(white, point),
            Command::Undo(n) => {
                let n = n as usize;
                if n > self.session.engine.game.move_count() {
                    self.link.reply(Command::Deny);
                } else {
                    for _ in 0..n {
                        self.session.engine.game.undo();
                    }
                    self.session.game_changed();
                    self.info(&format!("took back {n} move(s)"));
                    self.link.reply(Command::Ok);
                    self.phase = Phase::Play;
                    self.floor = true;
                }
            }
            Command::Extended(_) => self.link.reply(Command::Deny),
        }
        Ok(())
    }

    /// After an answer (or a refused query): ask the next, or close our
    /// questions with OK and play.
    fn after_answer(&mut self) {
        if self.queries.is_empty() {
            self.link.reply(Command::Ok);
            self.floor = true;
            self.settled = true;
            if self.phase == Phase::Setup {
                self.reset_game();
                self.phase = Phase::Play;
            }
        }
    }

    fn their_move(&mut self, white: bool, point: u16) {
        let color = if white { Color::White } else { Color::Black };
        if self.phase == Phase::Setup {
            // The other side moved before we finished asking: play on with
            // what we know.
            self.queries.clear();
            self.asked = None;
            self.settled = true;
            self.reset_game();
            self.phase = Phase::Play;
        }
        let size = self.settings.size;
        if self.phase == Phase::Over && point == 0 {
            // A pass after the game ended changes nothing.
            self.link.reply(Command::Ok);
            return;
        }
        if color == self.settings.color && self.phase != Phase::Start {
            self.info(&format!(
                "the other side played our colour ({color:?}): refused"
            ));
            self.link.reply(Command::Deny);
            return;
        }
        let Some(mv) = pos_of(point, size) else {
            self.info(&format!(
                "move {point} is off the {size}x{size} board: refused"
            ));
            self.link.reply(Command::Deny);
            return;
        };
        match self.session.engine.game.play(color, mv) {
            Ok(()) => {
                self.session.game_changed();
                self.link.reply(Command::Ok);
                self.info(&format!("{} plays {}", color.name(), mv.name(size)));
                if self.phase == Phase::Start || self.phase == Phase::Over {
                    self.phase = Phase::Play;
                }
                self.floor = true;
                self.check_over();
            }
            Err(e) => {
                self.info(&format!("illegal move {} ({e:?}): refused", mv.name(size)));
                self.link.reply(Command::Deny);
            }
        }
    }

    fn check_over(&mut self) {
        if self.phase == Phase::Play && self.session.engine.game.trailing_passes() >= 2 {
            self.phase = Phase::Over;
            let result = self.session.engine.final_score();
            eprintln!("tesuji: game over: {result}");
        }
    }

    /// Our answer to query `q`.
    fn answer(&self, q: u16) -> u16 {
        let game = &self.session.engine.game;
        let setting = matches!(
            q,
            query::RULES | query::HANDICAP | query::BOARD_SIZE | query::COLOR
        );
        if setting && !self.settled {
            return 0;
        }
        match q {
            query::GAME => query::GAME_GO,
            query::RULES => {
                if game.rules().scoring == Scoring::Area {
                    query::RULES_CHINESE
                } else {
                    query::RULES_JAPANESE
                }
            }
            query::HANDICAP => self.settings.handicap.max(1) as u16,
            query::BOARD_SIZE => self.settings.size as u16,
            query::COLOR => {
                if self.settings.color == Color::White {
                    query::COLOR_WHITE
                } else {
                    query::COLOR_BLACK
                }
            }
            _ => 0,
        }
    }

    /// Take over the other side's answer `a` to our query `q` (0 is
    /// "unknown" and changes nothing).
    fn adopt(&mut self, q: u16, a: u16) {
        if a == 0 {
            return;
        }
        match q {
            query::RULES => self.settings.chinese = a == query::RULES_CHINESE,
            query::BOARD_SIZE => {
                let size = a as usize;
                if !(2..=MAX_GMP_BOARD).contains(&size) {
                    self.info(&format!("ignoring board size {size} from the other side"));
                } else if size != self.settings.size {
                    self.info(&format!("board size {size} (from the other side)"));
                    self.settings.size = size;
                }
            }
            query::HANDICAP => {
                let n = if a == 1 { 0 } else { a as usize };
                if n != self.settings.handicap {
                    self.info(&format!("handicap {n} (from the other side)"));
                    self.settings.handicap = n;
                }
            }
            query::COLOR => {
                let theirs = if a == query::COLOR_WHITE {
                    Color::White
                } else {
                    Color::Black
                };
                if theirs == self.settings.color {
                    self.settings.color = theirs.opponent();
                    self.info(&format!(
                        "the other side plays {}: tesuji takes {}",
                        theirs.name(),
                        theirs.opponent().name()
                    ));
                }
            }
            _ => {}
        }
    }

    /// A fresh game with the current settings.
    fn reset_game(&mut self) {
        let s = self.settings;
        let engine = &mut self.session.engine;
        if engine.game.size() != s.size {
            let config = engine.config;
            let seed = engine.seed();
            *engine = Engine::new(s.size, seed);
            engine.config = config;
        }
        let mut rules = engine.game.rules();
        rules.scoring = if s.chinese {
            Scoring::Area
        } else {
            Scoring::Territory
        };
        engine.game.set_rules(rules);
        engine.game.clear();
        let mut handicap = s.handicap;
        if handicap > 0 && engine.game.fixed_handicap(handicap).is_err() {
            eprintln!(
                "tesuji: a handicap of {handicap} is not possible on {0}x{0}; playing without",
                s.size
            );
            handicap = 0;
            self.settings.handicap = 0;
        }
        let komi = self.config.komi.unwrap_or(if handicap > 0 {
            0.5
        } else if s.chinese {
            7.5
        } else {
            5.5
        });
        engine.game.set_komi(komi);
        let name = Some(format!("tesuji {}", env!("CARGO_PKG_VERSION")));
        if s.color == Color::Black {
            self.session.black_name = name;
            self.session.white_name = None;
        } else {
            self.session.white_name = name;
            self.session.black_name = None;
        }
        self.session.game_changed();
    }
}

/// The GMP point number of `mv` on a board of `size`: 0 for a pass, else 1 +
/// the index counted row by row from the lower left corner.
pub fn gmp_point(mv: Pos, size: usize) -> u16 {
    if mv.is_pass() {
        return 0;
    }
    let row_from_bottom = size - 1 - mv.row();
    (1 + row_from_bottom * size + mv.col()) as u16
}

/// The move of GMP point number `point` on a board of `size` (`None` if off
/// the board).
pub fn pos_of(point: u16, size: usize) -> Option<Pos> {
    if point == 0 {
        return Some(Pos::PASS);
    }
    let index = point as usize - 1;
    if index >= size * size {
        return None;
    }
    let (row_from_bottom, col) = (index / size, index % size);
    Some(Pos::new(size - 1 - row_from_bottom, col))
}
