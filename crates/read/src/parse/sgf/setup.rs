//! Set-up nodes (`PL`, `DI`, `AE`/`AB`/`AW`, `CV`, `CP`): staged, then given
//! as one position set-up and one roll, or as the play of a roll.

use super::*;

/// Checkers placed by `AE`/`AB`/`AW`, by letter index (`a`..`x`, `y` = bar).
#[derive(Clone, Debug)]
pub(super) struct BoardEdit {
    white: [u8; 25],
    black: [u8; 25],
    /// Bit `i` set: letter `i` was cleared by `AE`.
    cleared: u32,
}

impl BoardEdit {
    const ALL_POINTS: u32 = (1 << 24) - 1;

    fn new() -> Self {
        BoardEdit {
            white: [0; 25],
            black: [0; 25],
            cleared: 0,
        }
    }

    /// The board in White's frame, or why it cannot be given.
    fn dump(&self) -> Result<BoardDump, String> {
        if self.cleared & Self::ALL_POINTS != Self::ALL_POINTS {
            return Err(
                "a board edit that does not clear every point first (`AE[a:y]`): \
                        the position it changes is not known to the reader"
                    .into(),
            );
        }
        let mut points = [0i8; 26];
        for index in 0..24 {
            let (w, b) = (self.white[index], self.black[index]);
            if w > 0 && b > 0 {
                return Err(format!(
                    "White's point {} holds checkers of both players",
                    index + 1
                ));
            }
            points[index + 1] = clamp(i16::from(w) - i16::from(b));
        }
        points[25] = clamp(i16::from(self.white[24]));
        points[0] = clamp(-i16::from(self.black[24]));
        Ok(BoardDump {
            points,
            positive: Side::First,
            cube: None,
            next_dice: None,
            scores: None,
        })
    }
}

fn clamp(n: i16) -> i8 {
    i8::try_from(n.clamp(i16::from(i8::MIN), i16::from(i8::MAX))).unwrap_or(0)
}

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    /// Adds a set-up node to the pending run.
    pub(super) fn stage_setup(&mut self, props: &[Prop<'a>], player: Option<Side>) {
        let Some(side) = self.game.as_ref().map(|g| player.unwrap_or(g.on_roll())) else {
            return;
        };
        let setup: Vec<&Prop<'a>> = props.iter().filter(|p| !p.key.is("C")).collect();
        let (Some(first), Some(last)) = (setup.first(), setup.last()) else {
            return;
        };
        let location = first.location;
        let text = self.slice(first.start, last.end);
        let mut has_dice = false;
        for prop in setup {
            let key = prop.key;
            let prop_text = self.prop_text(prop);
            let raw = self.first_value(prop).map_or("", |v| v.raw);
            if key.is("DI") {
                let Some(roll) = value::parse_dice(&value::unescape(raw)) else {
                    self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad dice: expected two digits from 1 to 6, like `DI[52]`".into(),
                        Some(side),
                    );
                    continue;
                };
                if self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.pending.dice.is_some() || g.pending.board.is_some())
                {
                    self.flush_pending();
                }
                if let Some(game) = self.game.as_mut() {
                    game.pending.dice = Some(Staged {
                        what: roll,
                        side,
                        location,
                        text,
                    });
                }
                has_dice = true;
                if let Some(game) = self.game.as_mut() {
                    game.pending.dice_last = true;
                }
            } else if key.is_any(&["AE", "AB", "AW"]) {
                self.edit_board(prop, side, location, text);
            } else if key.is("CV") {
                match value::parse_number(&value::unescape(raw)) {
                    Some(cube) if cube > 0 => {
                        if let Some(game) = self.game.as_mut() {
                            game.pending.cube_value = Some(cube);
                            game.pending.cube_at.get_or_insert((location, text));
                        }
                    }
                    _ => self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad cube value: expected a number like `CV[2]`".into(),
                        None,
                    ),
                }
            } else if key.is("CP") {
                match value::parse_cube_owner(&value::unescape(raw)) {
                    Some(owner) => {
                        if let Some(game) = self.game.as_mut() {
                            game.pending.cube_owner = Some(owner);
                            game.pending.cube_at.get_or_insert((location, text));
                        }
                    }
                    None => self.problem(
                        prop.location,
                        ProblemKind::UnparsableCell,
                        prop_text,
                        "bad cube owner: expected `CP[c]`, `CP[w]` or `CP[b]`".into(),
                        None,
                    ),
                }
            }
        }
        if let Some(game) = self.game.as_mut() {
            game.pending.dice_last = has_dice;
        }
    }

    /// Applies one `AE`/`AB`/`AW` property to the pending board.
    pub(super) fn edit_board(
        &mut self,
        prop: &Prop<'a>,
        side: Side,
        location: Location,
        text: &'a str,
    ) {
        // A board edit for the other player than the pending roll's is not
        // that roll's play.
        if self.game.as_ref().is_some_and(|g| {
            g.pending.board.is_none() && g.pending.dice.as_ref().is_some_and(|d| d.side != side)
        }) {
            self.flush_pending();
        }
        if let Some(game) = self.game.as_mut()
            && game.pending.board.is_none()
        {
            game.pending.play = game.pending.dice.is_some() && game.pending.dice_last;
        }
        let mut bad = None;
        {
            let values = self.values.get(prop.values.clone()).unwrap_or(&[]);
            let Some(game) = self.game.as_mut() else {
                return;
            };
            let board = &mut game
                .pending
                .board
                .get_or_insert_with(|| Staged {
                    what: BoardEdit::new(),
                    side,
                    location,
                    text,
                })
                .what;
            for v in values {
                let Some((low, high)) = value::parse_point_range(&value::unescape(v.raw)) else {
                    bad.get_or_insert(*v);
                    continue;
                };
                // `z` (off) is not on the board: the counts off follow from it.
                for letter in low..=high.min(24) {
                    let i = usize::from(letter);
                    if prop.key.is("AE") {
                        board.white[i] = 0;
                        board.black[i] = 0;
                        board.cleared |= 1 << letter;
                    } else if prop.key.is("AW") {
                        board.white[i] = board.white[i].saturating_add(1);
                    } else {
                        board.black[i] = board.black[i].saturating_add(1);
                    }
                }
            }
        }
        if let Some(v) = bad {
            let raw = v.raw;
            self.problem(
                v.location,
                ProblemKind::UnparsableCell,
                raw,
                format!(
                    "bad point in `{}`: expected a letter `a` to `z` or a range like `a:y`",
                    excerpt(prop.ident)
                ),
                Some(side),
            );
        }
    }

    /// Turns the pending set-up run into events.
    pub(super) fn flush_pending(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pending = std::mem::take(&mut game.pending);
        let cube = match (pending.cube_value, pending.cube_owner) {
            (None, None) => None,
            (value, owner) => Some((value.unwrap_or(1), owner.flatten())),
        };
        let mut dice = pending.dice;
        match pending.board {
            Some(board) => match board.what.dump() {
                Ok(mut dump) => {
                    dump.cube = cube;
                    let dump = Box::new(dump);
                    match dice.take_if(|_| pending.play) {
                        Some(roll) => self.roll(roll, Written::Dump(Some(dump))),
                        None => self.visitor.action(&Action {
                            location: board.location,
                            side: board.side,
                            row: None,
                            text: board.text,
                            kind: ActionKind::SetPosition(dump),
                        }),
                    }
                }
                Err(message) => self.problem(
                    board.location,
                    ProblemKind::Unsupported,
                    board.text,
                    message,
                    Some(board.side),
                ),
            },
            None => {
                if let (Some(_), Some((location, text))) = (cube, pending.cube_at) {
                    self.problem(
                        location,
                        ProblemKind::Skipped,
                        text,
                        "a cube set-up without a board position: the cube it sets is not read"
                            .into(),
                        None,
                    );
                }
            }
        }
        if let Some(roll) = dice {
            self.roll(roll, Written::Empty);
        }
        self.comments(pending.comments);
    }

    /// A roll from a `DI` node.
    pub(super) fn roll(&mut self, roll: Staged<'a, Roll>, play: Written) {
        if let Some(game) = self.game.as_mut() {
            game.last_roller = Some(roll.side);
            game.turn = None;
            game.offer = None;
        }
        self.visitor.action(&Action {
            location: roll.location,
            side: roll.side,
            row: None,
            text: roll.text,
            kind: ActionKind::Roll {
                dice: Some(roll.what),
                play,
            },
        });
    }
}
