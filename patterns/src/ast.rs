//! The parsed form of a pattern: diagram cells, edges, symmetry, value,
//! classes, attributes, labels, constraint and actions.

/// Bit of the empty value in a cell mask.
pub const M_EMPTY: u8 = 1;
/// Bit of an `O` stone (the player the pattern is matched for).
pub const M_OWN: u8 = 2;
/// Bit of an `X` stone (the opponent).
pub const M_OTHER: u8 = 4;
/// Bit of an off-board point.
pub const M_OFF: u8 = 8;
/// Every value: a cell that constrains nothing.
pub const M_ANY: u8 = 15;
/// Every on-board value.
pub const M_ON: u8 = 7;

/// One point of a pattern diagram.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cell {
    /// `.` an empty point.
    Empty,
    /// `,` an empty point that is not a vital point of the shape.
    Void,
    /// `*` the move (an empty point; also the anchor).
    Move,
    /// `O` a stone of the player the pattern is matched for.
    Own,
    /// `X` a stone of the opponent.
    Other,
    /// `o` an `O` stone or an empty point ("not X").
    OwnOrEmpty,
    /// `x` an `X` stone or an empty point ("not O").
    OtherOrEmpty,
    /// `?` any on-board point.
    Any,
    /// `!` a marginal point of an eye space (eye databases only): empty, but
    /// the attacker can play there safely, so it never becomes an eye itself.
    Margin,
}

impl Cell {
    /// The cell a diagram character stands for.
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            ',' => Cell::Void,
            '*' => Cell::Move,
            'O' => Cell::Own,
            'X' => Cell::Other,
            'o' => Cell::OwnOrEmpty,
            'x' => Cell::OtherOrEmpty,
            '?' => Cell::Any,
            '!' => Cell::Margin,
            _ => return None,
        })
    }

    /// The diagram character of the cell.
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Void => ',',
            Cell::Move => '*',
            Cell::Own => 'O',
            Cell::Other => 'X',
            Cell::OwnOrEmpty => 'o',
            Cell::OtherOrEmpty => 'x',
            Cell::Any => '?',
            Cell::Margin => '!',
        }
    }

    /// The set of board values the cell accepts (`M_*` bits).
    pub fn mask(self) -> u8 {
        match self {
            Cell::Empty | Cell::Void | Cell::Move | Cell::Margin => M_EMPTY,
            Cell::Own => M_OWN,
            Cell::Other => M_OTHER,
            Cell::OwnOrEmpty => M_EMPTY | M_OWN,
            Cell::OtherOrEmpty => M_EMPTY | M_OTHER,
            Cell::Any => M_ON,
        }
    }

    /// True for `O` and `X`.
    pub fn is_stone(self) -> bool {
        matches!(self, Cell::Own | Cell::Other)
    }

    /// True for the cells that are always empty (`.` `,` `*` `!`).
    pub fn is_empty(self) -> bool {
        self.mask() == M_EMPTY
    }
}

/// Which sides of the diagram are board edges.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Edges {
    /// The first row is the top edge of the board.
    pub top: bool,
    /// The last row is the bottom edge.
    pub bottom: bool,
    /// The first column is the left edge.
    pub left: bool,
    /// The last column is the right edge.
    pub right: bool,
}

impl Edges {
    /// True if all four sides are edges (a whole-board diagram).
    pub fn all(self) -> bool {
        self.top && self.bottom && self.left && self.right
    }
}

/// The symmetry a pattern declares (the first field of the colon line). The
/// compiler checks the claim and generates only the orientations needed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Symmetry {
    /// `8`: no symmetry, all eight orientations.
    None,
    /// `|`: unchanged by a left-right mirror.
    Vertical,
    /// `-`: unchanged by a top-bottom mirror.
    Horizontal,
    /// `\`: unchanged by a mirror in the main diagonal.
    Diagonal,
    /// `/`: unchanged by a mirror in the other diagonal.
    AntiDiagonal,
    /// `+`: both `|` and `-`.
    Cross,
    /// `X`: both diagonals.
    Saltire,
    /// `O`: all eight symmetries.
    Full,
}

impl Symmetry {
    /// The symmetry a colon-line character declares.
    pub fn from_char(c: char) -> Option<Symmetry> {
        Some(match c {
            '8' => Symmetry::None,
            '|' => Symmetry::Vertical,
            '-' => Symmetry::Horizontal,
            '\\' => Symmetry::Diagonal,
            '/' => Symmetry::AntiDiagonal,
            '+' => Symmetry::Cross,
            'X' => Symmetry::Saltire,
            'O' => Symmetry::Full,
            _ => return None,
        })
    }

    /// The character of the symmetry.
    pub fn to_char(self) -> char {
        match self {
            Symmetry::None => '8',
            Symmetry::Vertical => '|',
            Symmetry::Horizontal => '-',
            Symmetry::Diagonal => '\\',
            Symmetry::AntiDiagonal => '/',
            Symmetry::Cross => '+',
            Symmetry::Saltire => 'X',
            Symmetry::Full => 'O',
        }
    }

    /// The transforms (see [`crate::orient::Transform`]) the declared
    /// symmetry says leave the pattern unchanged, identity included.
    pub fn invariants(self) -> Vec<crate::orient::Transform> {
        use crate::orient::Transform as T;
        match self {
            Symmetry::None => vec![T::IDENTITY],
            Symmetry::Vertical => vec![T::IDENTITY, T::MIRROR_LR],
            Symmetry::Horizontal => vec![T::IDENTITY, T::MIRROR_TB],
            Symmetry::Diagonal => vec![T::IDENTITY, T::TRANSPOSE],
            Symmetry::AntiDiagonal => vec![T::IDENTITY, T::ANTI_TRANSPOSE],
            Symmetry::Cross => vec![T::IDENTITY, T::MIRROR_LR, T::MIRROR_TB, T::ROTATE_180],
            Symmetry::Saltire => vec![T::IDENTITY, T::TRANSPOSE, T::ANTI_TRANSPOSE, T::ROTATE_180],
            Symmetry::Full => T::ALL.to_vec(),
        }
    }
}

/// An argument of a helper call, action or attribute.
#[derive(Clone, PartialEq, Debug)]
pub enum Arg {
    /// A label of the constraint diagram, or `*` for the move.
    Label(char),
    /// An integer.
    Int(i64),
}

/// A constraint expression (C-like; every value is an integer, booleans
/// are 0 and 1).
#[derive(Clone, PartialEq, Debug)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// A named constant (`WIN`, `alive`, …).
    Const(String),
    /// A helper call.
    Call(String, Vec<Arg>),
    /// `!e`.
    Not(Box<Expr>),
    /// `-e`.
    Neg(Box<Expr>),
    /// A binary operation (`||`, `&&`, comparisons, `+`, `-`, `*`).
    Bin(BinOp, Box<Expr>, Box<Expr>),
}

/// Binary operators of constraint expressions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BinOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
}

impl BinOp {
    /// The Rust (and C) spelling of the operator.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "||",
            BinOp::And => "&&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
        }
    }
}

/// A call `name(args)` with the line it is on: attributes of the colon line
/// and actions (`>` lines) share this form.
#[derive(Clone, PartialEq, Debug)]
pub struct Call {
    /// The name.
    pub name: String,
    /// The arguments.
    pub args: Vec<Arg>,
    /// Line of the call.
    pub line: usize,
}

/// One pattern, as parsed (not yet checked).
#[derive(Clone, PartialEq, Debug)]
pub struct Pattern {
    /// Its name (unique in a database).
    pub name: String,
    /// The file it comes from.
    pub file: String,
    /// Line of the `Pattern` keyword.
    pub line: usize,
    /// Line of the first diagram row.
    pub diagram_line: usize,
    /// Diagram rows, edges stripped.
    pub rows: Vec<Vec<Cell>>,
    /// Which sides are board edges.
    pub edges: Edges,
    /// Declared symmetry.
    pub symmetry: Symmetry,
    /// Value (move value for move patterns, weight or count otherwise).
    pub value: f32,
    /// Classes (at least one).
    pub classes: Vec<String>,
    /// Attributes of the colon line.
    pub attrs: Vec<Call>,
    /// Line of the colon line.
    pub colon_line: usize,
    /// Labels of the constraint diagram: (label, row, column).
    pub labels: Vec<(char, usize, usize)>,
    /// Line of the first row of the constraint diagram, if there is one.
    pub label_line: Option<usize>,
    /// The constraint expression and its first line.
    pub constraint: Option<(Expr, usize)>,
    /// Actions (`>` lines).
    pub actions: Vec<Call>,
}

impl Pattern {
    /// Height of the diagram.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Width of the diagram.
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, |r| r.len())
    }

    /// Position of the `*` cell, if any.
    pub fn move_cell(&self) -> Option<(usize, usize)> {
        self.find(|c| c == Cell::Move)
    }

    /// The anchor: the `*` cell, else the first `O`, else the first `X`
    /// (reading order). `None` for a diagram with neither.
    pub fn anchor(&self) -> Option<(usize, usize)> {
        self.move_cell()
            .or_else(|| self.find(|c| c == Cell::Own))
            .or_else(|| self.find(|c| c == Cell::Other))
    }

    fn find(&self, f: impl Fn(Cell) -> bool) -> Option<(usize, usize)> {
        for (i, row) in self.rows.iter().enumerate() {
            for (j, &c) in row.iter().enumerate() {
                if f(c) {
                    return Some((i, j));
                }
            }
        }
        None
    }

    /// Position of a label (`*` is the move cell).
    pub fn label_pos(&self, label: char) -> Option<(usize, usize)> {
        if label == '*' {
            return self.move_cell();
        }
        self.labels
            .iter()
            .find(|&&(l, _, _)| l == label)
            .map(|&(_, i, j)| (i, j))
    }

    /// True if the pattern has class `class`.
    pub fn has_class(&self, class: &str) -> bool {
        self.classes.iter().any(|c| c == class)
    }

    /// The attribute named `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&Call> {
        self.attrs.iter().find(|a| a.name == name)
    }
}
