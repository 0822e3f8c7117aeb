//! The move numbers of a game written without row numbers (SGF, `.xg`,
//! a `.mat` file whose rows are not numbered): the rows the same game takes
//! when exported as a `.mat` file, as GNU Backgammon lays it out.
//!
//! A row holds the first player's action in its left cell and the second
//! player's in its right cell. A game the second player starts has an empty
//! left cell in row 1. A double takes the doubler's cell and the answer the
//! opponent's next cell: `Doubles => 2` on the left and `Takes` on the right
//! of one row, or `Doubles => 2` on the right and `Takes` on the left of the
//! next. A position set-up takes no cell and has no move number.

use super::ActionKind;
use crate::side::Side;

/// Counts the rows of one game, action by action.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rows {
    /// The current row (0 before the first action).
    row: u32,
    /// Which cells of the current row are taken, left then right.
    taken: [bool; 2],
}

impl Rows {
    /// A counter for a new game.
    #[must_use]
    pub fn new() -> Rows {
        Rows::default()
    }

    /// The row of the next action, by `side`, of kind `kind`; `None` for an
    /// action that takes no cell (a position set-up).
    pub fn next(&mut self, side: Side, kind: &ActionKind) -> Option<u32> {
        if matches!(kind, ActionKind::SetPosition(_)) {
            return None;
        }
        let new_row = match side {
            // The left cell opens a row unless the row is still empty.
            Side::First => self.row == 0 || self.taken[0] || self.taken[1],
            Side::Second => self.row == 0 || self.taken[1],
        };
        if new_row {
            self.row = self.row.saturating_add(1);
            self.taken = [false; 2];
        }
        self.taken[side.index()] = true;
        Some(self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Written;

    fn roll() -> ActionKind {
        ActionKind::Roll {
            dice: None,
            play: Written::Empty,
        }
    }

    fn count(actions: &[(Side, ActionKind)]) -> Vec<Option<u32>> {
        let mut rows = Rows::new();
        actions.iter().map(|(s, k)| rows.next(*s, k)).collect()
    }

    #[test]
    fn rows_as_a_mat_export_lays_them_out() {
        use Side::{First as L, Second as R};
        // Game 1 of gs-0001: the right player starts; the right player
        // doubles in row 9 and the left one drops in row 10.
        let mut game = vec![(R, roll())];
        for _ in 0..8 {
            game.push((L, roll()));
            game.push((R, roll()));
        }
        game.pop();
        game.push((R, ActionKind::Double(Some(2))));
        game.push((L, ActionKind::Drop));
        game.push((
            R,
            ActionKind::Win {
                points: Some(1),
                and_match: false,
                resigned: false,
            },
        ));
        let rows = count(&game);
        assert_eq!(rows[0], Some(1));
        assert_eq!(rows[1..3], [Some(2), Some(2)]);
        assert_eq!(
            rows[rows.len() - 4..],
            [Some(9), Some(9), Some(10), Some(10)]
        );
        // The left player doubles: the take shares the row.
        let rows = count(&[
            (L, roll()),
            (R, roll()),
            (L, ActionKind::Double(Some(2))),
            (R, ActionKind::Take),
            (L, roll()),
        ]);
        assert_eq!(rows, [Some(1), Some(1), Some(2), Some(2), Some(3)]);
    }
}
