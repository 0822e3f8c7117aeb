//! A position as a text board, for diagnostics and `bgaudit show`.
//!
//! The board is drawn from the mover's side, the way GNU Backgammon draws it
//! for the player at the bottom: the mover's checkers are `X`, his points
//! 1 to 12 run along the bottom from right to left and 13 to 24 along the
//! top from left to right; the opponent's checkers are `O`. A stack of more
//! than five checkers shows its count in its fifth row. The mover's checkers
//! on the bar sit in the top half of the bar column (where they enter), the
//! opponent's in the bottom half. A panel on the right names the players
//! with their score, pip count, borne-off and bar counts, and gives the
//! cube; below the board come the GNU Backgammon `PositionID:MatchID` and
//! the XGID.
//!
//! ```text
//!  +13-14-15-16-17-18------19-20-21-22-23-24-+   O Omar: score 3, pips 167, off 0
//!  | X           O    |   | O              X |
//!  | X           O    |   | O              X |
//!  | X           O    |   | O                |
//!  | X                |   | O                |
//!  | X                |   | O                |
//!  |                  |BAR|                  |   cube 1, centred; 7-point match
//!  | O                |   | X                |
//!  | O                |   | X                |
//!  | O           X    |   | X                |
//!  | O           X    |   | X              O |
//!  | O           X    |   | X              O |
//!  +12-11-10--9--8--7-------6--5--4--3--2--1-+   X Marta: score 0, pips 167, off 0; to play 52
//!  PositionID:MatchID 4HPwATDgc/ABMA:cInqAAAAAAAA
//!  XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:3:0:0:7:10
//! ```
//!
//! Everything drawn comes from the position and the match situation the
//! replay recorded; nothing is judged here.

use crate::dice::Roll;
use crate::escape::{Terminal, terminal};
use crate::finding::Context;
use crate::ids::gnubg::{MAX_MATCH_VALUE, MatchId, gnubg_id};
use crate::ids::xgid::Xgid;
use crate::position::Position;
use crate::side::{ByPlayer, Side};

/// Rows drawn per half board; taller stacks show their count in the last.
const ROWS: u8 = 5;

/// What is drawn around a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<'a> {
    /// The position, from the mover's side (the mover is `X`).
    pub position: &'a Position,
    /// The mover, when known.
    pub mover: Option<Side>,
    /// The players' names (empty when unknown).
    pub names: ByPlayer<&'a str>,
    /// Cube, scores and match length, when known.
    pub context: Option<&'a Context>,
    /// The roll being played, if any.
    pub dice: Option<Roll>,
    /// The position is the one after the mover's action (the panel says
    /// so instead of "on roll").
    pub after: bool,
}

impl Board<'_> {
    /// The board's lines, without line terminators or trailing blanks.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        self.draw(false)
    }

    fn draw(&self, mover_on_top: bool) -> Vec<String> {
        let turned = if mover_on_top {
            Some(self.position.flip())
        } else {
            None
        };
        let p = turned.as_ref().unwrap_or(self.position);
        let mut lines = Vec::with_capacity(15);
        let top_points: [usize; 12] = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
        let bottom_points: [usize; 12] = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
        lines.push(format!(
            " {}   {}",
            border(&top_points),
            self.player_panel(mover_on_top, mover_on_top)
        ));
        for row in 1..=ROWS {
            let bar = stack_cell(i32::from(p.our_bar()), row);
            lines.push(half_row(p, &top_points, row, &bar));
        }
        lines.push(format!(
            " |                  |BAR|                  |   {}",
            self.cube_panel(mover_on_top)
        ));
        for row in (1..=ROWS).rev() {
            let bar = stack_cell(-i32::from(p.their_bar()), row);
            lines.push(half_row(p, &bottom_points, row, &bar));
        }
        lines.push(format!(
            " {}   {}",
            border(&bottom_points),
            self.player_panel(!mover_on_top, mover_on_top)
        ));
        let (gnubg, xgid) = ids(self.position, self.mover, self.context, self.dice);
        lines.push(format!(" PositionID:MatchID {gnubg}"));
        lines.push(format!(" {xgid}"));
        for line in &mut lines {
            line.truncate(line.trim_end().len());
        }
        lines
    }

    /// The board's lines for `room` columns: as [`Board::lines`] when they
    /// fit (or no room is given); else the panels (players, cube) come
    /// under the board instead of beside it, wrapped to the room.
    #[must_use]
    pub fn lines_within(&self, room: Option<usize>) -> Vec<String> {
        self.fit(self.lines(), room)
    }

    /// The board's lines with the mover at the top when `mover_on_top` (for
    /// a sequence of boards that keeps one player at the bottom, as GNU
    /// Backgammon does): the player at the bottom is `X` and the one at
    /// the top `O`, whoever is on roll; the IDs are the mover's as ever.
    /// For `room` columns, as [`Board::lines_within`].
    #[must_use]
    pub fn lines_turned_within(&self, room: Option<usize>, mover_on_top: bool) -> Vec<String> {
        self.fit(self.draw(mover_on_top), room)
    }

    fn fit(&self, lines: Vec<String>, room: Option<usize>) -> Vec<String> {
        let mut lines = lines;
        let room_or_any = room.unwrap_or(usize::MAX);
        if lines.iter().all(|l| l.chars().count() <= room_or_any) {
            return lines;
        }
        // The panels start after the board (its border is 45 characters).
        let board_width = 1 + border(&[0; 12]).chars().count();
        let mut panels = Vec::new();
        for index in [0, 1 + usize::from(ROWS), 2 + 2 * usize::from(ROWS)] {
            if let Some(line) = lines.get_mut(index) {
                let cut = line
                    .char_indices()
                    .nth(board_width)
                    .map_or(line.len(), |(at, _)| at);
                let panel = line[cut..].trim().to_owned();
                line.truncate(cut);
                line.truncate(line.trim_end().len());
                let room = room.unwrap_or(usize::MAX).saturating_sub(3).max(20);
                for (i, part) in crate::report::wrap(&panel, room).into_iter().enumerate() {
                    panels.push(format!("{}{part}", if i == 0 { " " } else { "   " }));
                }
            }
        }
        let ids = lines.split_off(3 + 2 * usize::from(ROWS));
        lines.extend(panels);
        lines.extend(ids);
        lines
    }

    /// The name of `side` as written, or `X`/`O` when unknown.
    fn name(&self, mover: bool) -> String {
        let side = self.mover.map(|m| if mover { m } else { m.other() });
        side.map(|s| self.names[s].trim())
            .filter(|n| !n.is_empty())
            .map_or_else(String::new, |n| format!(" {}", Terminal(n)))
    }

    /// `X Marta: score 0, pips 167, off 0; to play 52`.
    /// `mover_on_top`: the board is turned, the mover `O` at the top.
    fn player_panel(&self, mover: bool, mover_on_top: bool) -> String {
        let p = self.position;
        let letter = if mover != mover_on_top { "X" } else { "O" };
        let (pips, off, bar) = if mover {
            (p.our_pips(), p.our_off(), p.our_bar())
        } else {
            (p.their_pips(), p.their_off(), p.their_bar())
        };
        let mut text = format!("{letter}{}:", self.name(mover));
        if let (Some(context), Some(m)) = (self.context, self.mover) {
            let side = if mover { m } else { m.other() };
            text.push_str(&format!(" score {},", context.scores[side]));
        }
        text.push_str(&format!(" pips {pips}, off {off}"));
        if bar > 0 {
            text.push_str(&format!(", bar {bar}"));
        }
        if mover {
            match (self.after, self.dice) {
                (true, _) => text.push_str("; after the action"),
                (false, Some(roll)) => text.push_str(&format!("; to play {roll}")),
                (false, None) => text.push_str("; on roll"),
            }
        }
        text
    }

    /// `cube 2, owned by Omar; 7-point match, Crawford game`.
    fn cube_panel(&self, mover_on_top: bool) -> String {
        match self.context {
            Some(context) => describe_cube(context, |side| {
                let name = self.names[side].trim();
                if name.is_empty() {
                    match self.mover {
                        Some(m) if (m == side) != mover_on_top => "X".to_owned(),
                        Some(_) => "O".to_owned(),
                        None => side.to_string(),
                    }
                } else {
                    terminal(name).into_owned()
                }
            }),
            None => String::new(),
        }
    }
}

/// `cube 2, owned by NAME; 7-point match` (the cube is off in the Crawford
/// game). `name` names a side.
#[must_use]
pub fn describe_cube(context: &Context, name: impl Fn(Side) -> String) -> String {
    format!(
        "cube {}; {}",
        cube_state(context, name),
        match_kind(context)
    )
}

/// `2, owned by NAME`, `1, centred` or `off (Crawford game)`.
#[must_use]
pub fn cube_state(context: &Context, name: impl Fn(Side) -> String) -> String {
    if context.crawford {
        "off (Crawford game)".to_owned()
    } else {
        match context.owner {
            Some(owner) => format!("{}, owned by {}", context.cube, name(owner)),
            None => format!("{}, centred", context.cube),
        }
    }
}

/// `7-point match`, `7-point match, Crawford game` or `money game`.
#[must_use]
pub fn match_kind(context: &Context) -> String {
    if context.length == 0 {
        "money game".to_owned()
    } else if context.crawford {
        format!("{}-point match, Crawford game", context.length)
    } else {
        format!("{}-point match", context.length)
    }
}

/// The GNU Backgammon match ID of a situation, with `mover` on roll and,
/// when given, `dice` rolled. The Jacoby flag is off (the replay's default in
/// money play; it has no effect in a match). Values beyond the ID's 15 bits
/// are cut to its largest value.
#[must_use]
pub fn match_id(mover: Side, context: Option<&Context>, dice: Option<Roll>) -> MatchId {
    let narrow = |n: u32| {
        u16::try_from(n)
            .unwrap_or(MAX_MATCH_VALUE)
            .min(MAX_MATCH_VALUE)
    };
    let mut id = match context {
        Some(c) => MatchId::new(
            narrow(c.length),
            ByPlayer::new(narrow(c.scores.first), narrow(c.scores.second)),
            mover,
        ),
        None => MatchId::new(0, ByPlayer::new(0, 0), mover),
    };
    if let Some(c) = context {
        id.cube_exponent = u8::try_from(c.cube.max(1).ilog2()).unwrap_or(15).min(15);
        id.cube_owner = c.owner;
        id.crawford = c.crawford && c.length > 0;
    }
    id.jacoby = false;
    id.dice = dice;
    id
}

/// The GNU Backgammon `PositionID:MatchID` and the XGID of `position` (from
/// the mover's side). The mover is taken from `context`, else `mover`, else
/// the first player.
#[must_use]
pub fn ids(
    position: &Position,
    mover: Option<Side>,
    context: Option<&Context>,
    dice: Option<Roll>,
) -> (String, Xgid) {
    let mover = context.map(|c| c.mover).or(mover).unwrap_or(Side::First);
    let id = match_id(mover, context, dice);
    (gnubg_id(position, &id), Xgid::from_match_id(position, &id))
}

/// `+13-14-15-16-17-18------19-20-21-22-23-24-+`.
fn border(points: &[usize; 12]) -> String {
    let mut line = String::from("+");
    for (i, point) in points.iter().enumerate() {
        if i == 6 {
            line.push_str("-----");
        }
        line.push_str(&format!("{point:->2}-"));
    }
    line.push('+');
    line
}

/// One row of a half board: six points, the bar cell, six points.
fn half_row(position: &Position, points: &[usize; 12], row: u8, bar: &str) -> String {
    let mut line = String::from(" |");
    for (i, &point) in points.iter().enumerate() {
        if i == 6 {
            line.push('|');
            line.push_str(bar);
            line.push('|');
        }
        let count = position.points().get(point).copied().unwrap_or(0);
        line.push_str(&stack_cell(i32::from(count), row));
    }
    line.push('|');
    line
}

/// The three characters of a stack of `count` checkers (positive: the
/// mover's `X`, negative: the opponent's `O`) at `row` from its edge.
fn stack_cell(count: i32, row: u8) -> String {
    let n = count.unsigned_abs();
    let letter = if count > 0 { 'X' } else { 'O' };
    let row = u32::from(row);
    if n > u32::from(ROWS) && row == u32::from(ROWS) {
        format!("{n:>2} ")
    } else if n >= row {
        format!(" {letter} ")
    } else {
        "   ".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos;
    use crate::position::Variant;

    fn context(mover: Side) -> Context {
        Context {
            mover,
            cube: 1,
            owner: None,
            scores: ByPlayer::new(0, 3),
            length: 7,
            crawford: false,
        }
    }

    #[test]
    fn the_starting_position_is_drawn_like_gnubg() {
        let start = Position::starting(Variant::Backgammon);
        let c = context(Side::First);
        let board = Board {
            position: &start,
            mover: Some(Side::First),
            names: ByPlayer::new("Marta", "Omar"),
            context: Some(&c),
            dice: Roll::new(5, 2),
            after: false,
        };
        let lines = board.lines();
        assert_eq!(
            lines[0],
            " +13-14-15-16-17-18------19-20-21-22-23-24-+   O Omar: score 3, pips 167, off 0"
        );
        assert_eq!(lines[1], " | X           O    |   | O              X |");
        assert_eq!(lines[5], " | X                |   | O                |");
        assert_eq!(
            lines[6],
            " |                  |BAR|                  |   cube 1, centred; 7-point match"
        );
        assert_eq!(lines[11], " | O           X    |   | X              O |");
        assert_eq!(
            lines[12],
            " +12-11-10--9--8--7-------6--5--4--3--2--1-+   X Marta: score 0, pips 167, off 0; \
             to play 52"
        );
        let id = match_id(Side::First, Some(&c), Roll::new(5, 2));
        assert_eq!(
            lines[13],
            format!(" PositionID:MatchID 4HPwATDgc/ABMA:{id}")
        );
        assert!(lines[14].starts_with(" XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:3:0:0:7:10"));
        assert!(lines.iter().all(|l| l.len() == l.trim_end().len()));
    }

    #[test]
    fn tall_stacks_show_their_count_and_bars_their_checkers() {
        let position = pos!(us 25:1, 6:6, 5:8; them 0:2, 19:10, 24:3);
        let board = Board {
            position: &position,
            mover: None,
            names: ByPlayer::new("", ""),
            context: None,
            dice: None,
            after: false,
        };
        let lines = board.lines();
        // Top half: the mover's bar checker, the opponent's 10 on our 19.
        assert_eq!(lines[1], " |                  | X | O              O |");
        assert_eq!(lines[5], " |                  |   |10                |");
        // Bottom half, drawn from the bottom edge up: 6 on the 6, 8 on the 5.
        assert_eq!(lines[11], " |                  | O | X  X             |");
        assert_eq!(lines[7], " |                  |   | 6  8             |");
        assert!(
            lines[0].ends_with("O: pips 113, off 0, bar 2"),
            "{}",
            lines[0]
        );
        assert!(
            lines[12].ends_with("X: pips 101, off 0, bar 1; on roll"),
            "{}",
            lines[12]
        );
    }

    #[test]
    fn ids_follow_the_mover_cube_and_score() {
        let start = Position::starting(Variant::Backgammon);
        let mut c = context(Side::Second);
        c.cube = 4;
        c.owner = Some(Side::First);
        let (gnubg, xgid) = ids(&start, None, Some(&c), Roll::new(3, 1));
        let id: MatchId = gnubg
            .split(':')
            .nth(1)
            .and_then(|m| m.parse().ok())
            .unwrap();
        assert_eq!(id.cube_value(), 4);
        assert_eq!(id.cube_owner, Some(Side::First));
        assert_eq!(id.on_roll, Side::Second);
        assert_eq!(id.score, ByPlayer::new(0, 3));
        assert_eq!(id.dice, Roll::new(3, 1));
        // XG's uppercase player is the second seat, on roll here; the cube
        // belongs to the lowercase player.
        assert_eq!(
            xgid.to_string(),
            "XGID=-b----E-C---eE---c-e----B-:2:-1:1:31:3:0:0:7:10"
        );
    }

    #[test]
    fn a_narrow_board_has_its_panels_under_it_and_names_escaped() {
        let start = Position::starting(Variant::Backgammon);
        let c = context(Side::First);
        let board = Board {
            position: &start,
            mover: Some(Side::First),
            names: ByPlayer::new("Ann\u{1b}]0;t\u{7}", "Bo\u{202e}b"),
            context: Some(&c),
            dice: Roll::new(5, 2),
            after: false,
        };
        assert_eq!(board.lines_within(Some(200)), board.lines());
        assert_eq!(board.lines_within(None), board.lines());
        let wide = board.lines();
        assert!(wide[0].ends_with("O Bo\\u{202e}b: score 3, pips 167, off 0"));
        let narrow = board.lines_within(Some(56));
        assert!(
            narrow.iter().all(|l| l.chars().count() <= 56),
            "{narrow:#?}"
        );
        assert_eq!(narrow[0], " +13-14-15-16-17-18------19-20-21-22-23-24-+");
        assert_eq!(narrow[6], " |                  |BAR|                  |");
        assert_eq!(narrow[13], " O Bo\\u{202e}b: score 3, pips 167, off 0");
        assert_eq!(narrow[14], " cube 1, centred; 7-point match");
        assert!(
            narrow[15].starts_with(" X Ann\\x1b]0;t\\x07: score 0,"),
            "{narrow:#?}"
        );
        assert!(narrow.last().is_some_and(|l| l.starts_with(" XGID=")));
        assert!(
            narrow
                .iter()
                .flat_map(|l| l.chars())
                .all(|c| !crate::escape::is_unsafe_for_terminal(c))
        );
    }
}
