//! The vocabulary the compiler knows: classes, constraint helpers and their
//! argument kinds, named constants, actions and colon-line attributes.
//!
//! Every helper here must exist with the same name in the engine's
//! `patterns::helpers` module (`fn name(cx: &mut Context, p: Pos, …) -> i32`),
//! every action as a variant of `patterns::ActionKind`; a mismatch is a
//! compile error of the generated code, so the two cannot drift apart.

/// Pattern classes.
pub const CLASSES: &[(&str, &str)] = &[
    ("shape", "good or bad shape (the value says which)"),
    ("hane", "a hane"),
    ("extend", "an extension along a side or out of contact"),
    ("block", "blocking the opponent's way"),
    ("cut", "a move that cuts"),
    ("connect", "a move that connects"),
    ("edge", "a move on the first or second line"),
    ("attack", "a move that attacks a string"),
    ("defence", "a move that defends a string"),
    ("eye", "a move that makes or takes an eye"),
    ("invade", "an invasion"),
    ("reduce", "a reduction"),
    (
        "connection",
        "the labelled O strings are connected (dragon amalgamation)",
    ),
    (
        "disconnection",
        "the `*` point cuts the labelled O strings apart",
    ),
    (
        "eyespace",
        "an eye space with its eye values (eyes databases)",
    ),
    ("fuseki", "a whole-board opening move (fuseki databases)"),
    ("joseki", "a corner opening move (joseki databases)"),
];

/// What a helper argument must be in the diagram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArgKind {
    /// An `O` or `X` cell.
    Stone,
    /// An empty cell (`.` `,` `*` `!`).
    Empty,
    /// Any labelled cell.
    Point,
}

impl ArgKind {
    /// How the kind is named in error messages.
    pub fn describe(self) -> &'static str {
        match self {
            ArgKind::Stone => "a stone (O or X)",
            ArgKind::Empty => "an empty point",
            ArgKind::Point => "a point",
        }
    }
}

/// Constraint helpers: name, argument kinds, meaning.
pub const HELPERS: &[(&str, &[ArgKind], &str)] = &[
    ("lib", &[ArgKind::Stone], "liberties of the string"),
    ("size", &[ArgKind::Stone], "stones in the string"),
    (
        "attack",
        &[ArgKind::Stone],
        "result code of a tactical attack on the string (0: cannot be captured)",
    ),
    (
        "defend",
        &[ArgKind::Stone],
        "result code of a tactical defence of the string (0: cannot be saved)",
    ),
    (
        "status",
        &[ArgKind::Stone],
        "status of the dragon of the stone: alive, critical, dead or unknown",
    ),
    (
        "olib",
        &[ArgKind::Empty],
        "liberties of an O stone played at the point (0 if illegal)",
    ),
    (
        "xlib",
        &[ArgKind::Empty],
        "liberties of an X stone played at the point (0 if illegal)",
    ),
    (
        "safe_omove",
        &[ArgKind::Empty],
        "1 if an O stone at the point is legal and cannot be captured",
    ),
    (
        "safe_xmove",
        &[ArgKind::Empty],
        "1 if an X stone at the point is legal and cannot be captured",
    ),
    (
        "ko",
        &[ArgKind::Empty],
        "1 if an O move at the point captures one stone in a ko shape",
    ),
    (
        "oplay_attack",
        &[ArgKind::Empty, ArgKind::Point],
        "after O plays at the first point, result code of an X attack on the second",
    ),
    (
        "xplay_attack",
        &[ArgKind::Empty, ArgKind::Point],
        "after X plays at the first point, result code of an O attack on the second",
    ),
    (
        "oplay_defend",
        &[ArgKind::Empty, ArgKind::Point],
        "after O plays at the first point, result code of an O defence of the second",
    ),
    (
        "xplay_defend",
        &[ArgKind::Empty, ArgKind::Point],
        "after X plays at the first point, result code of an X defence of the second",
    ),
    (
        "edge",
        &[ArgKind::Point],
        "distance of the point to the nearest edge (0 on the first line)",
    ),
    (
        "same_string",
        &[ArgKind::Stone, ArgKind::Stone],
        "1 if both stones belong to one string",
    ),
    (
        "same_dragon",
        &[ArgKind::Stone, ArgKind::Stone],
        "1 if both stones belong to one dragon",
    ),
];

/// Named constants of constraint expressions and the engine constant each
/// compiles to (in the helpers module).
pub const CONSTANTS: &[(&str, &str)] = &[
    ("WIN", "WIN"),
    ("KO_A", "KO_A"),
    ("KO_B", "KO_B"),
    ("alive", "ALIVE"),
    ("critical", "CRITICAL"),
    ("dead", "DEAD"),
    ("unknown", "UNKNOWN"),
];

/// Actions: name, engine `ActionKind` variant, argument kinds, meaning.
pub const ACTIONS: &[(&str, &str, &[ArgKind], &str)] = &[
    (
        "antisuji",
        "Antisuji",
        &[ArgKind::Empty],
        "never play at the point",
    ),
    (
        "amalgamate",
        "Amalgamate",
        &[ArgKind::Stone, ArgKind::Stone],
        "the two O strings belong to one dragon",
    ),
    (
        "cutpoint",
        "CutPoint",
        &[ArgKind::Empty],
        "the point is a cutting point of the O strings around it",
    ),
    (
        "inhibit",
        "Inhibit",
        &[ArgKind::Empty],
        "no connection of O strings may pass through the point (X cuts nearby)",
    ),
    (
        "connect",
        "Connect",
        &[ArgKind::Stone, ArgKind::Stone],
        "the move connects the two strings",
    ),
    (
        "cut",
        "Cut",
        &[ArgKind::Stone, ArgKind::Stone],
        "the move cuts the two strings apart",
    ),
];

/// Attributes of the colon line: name, meaning. Their arguments are checked
/// by the database kind that uses them.
pub const ATTRIBUTES: &[(&str, &str)] = &[
    (
        "eyes",
        "eyes(min,max): eyes of an eye space with the attacker / the defender moving first",
    ),
    (
        "attack",
        "attack(a,...): the attacker's vital points of an eye space",
    ),
    (
        "defend",
        "defend(a,...): the defender's vital points of an eye space",
    ),
    (
        "count",
        "count(chosen,seen): how often the move was chosen and how often it was available in the game records",
    ),
];

/// Look up a helper.
pub fn helper(name: &str) -> Option<&'static [ArgKind]> {
    HELPERS.iter().find(|h| h.0 == name).map(|h| h.1)
}

/// Look up an action: its engine variant and argument kinds.
pub fn action(name: &str) -> Option<(&'static str, &'static [ArgKind])> {
    ACTIONS.iter().find(|a| a.0 == name).map(|a| (a.1, a.2))
}

/// Index of a class in [`CLASSES`] (its bit in class masks).
pub fn class_bit(name: &str) -> Option<usize> {
    CLASSES.iter().position(|c| c.0 == name)
}
