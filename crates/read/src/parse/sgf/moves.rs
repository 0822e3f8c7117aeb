//! Move nodes (`W[..]`, `B[..]`) and the end of a game tree and of the
//! input.

use super::analysis::{NodeAnalysis, NodeMove};
use super::*;

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    pub(super) fn play_node(&mut self, props: &[Prop<'a>], is_root: bool) {
        let mut mover: Option<&Prop<'a>> = None;
        let mut has_setup = false;
        let mut player = None;
        let mut comments = Vec::new();
        let mut analysis = NodeAnalysis::default();
        for prop in props {
            let key = prop.key;
            if key.is("A") {
                analysis.moves = Some(prop);
            } else if key.is("DA") {
                analysis.cube = Some(prop);
            } else if key.is("LU") {
                analysis.luck = Some(prop);
            } else if key.is("GW") {
                analysis.good_for_white = Some(prop);
            } else if key.is("GB") {
                analysis.good_for_black = Some(prop);
            } else if key.is("W") || key.is("B") {
                if mover.is_none() {
                    mover = Some(prop);
                } else {
                    let text = self.prop_text(prop);
                    self.problem(
                        prop.location,
                        ProblemKind::Skipped,
                        text,
                        "a second move in one node: ignored".into(),
                        Some(if key.is("W") {
                            Side::First
                        } else {
                            Side::Second
                        }),
                    );
                }
            } else if key.is_any(&["AE", "AB", "AW", "DI"])
                || (!is_root && key.is_any(&["CV", "CP"]))
            {
                has_setup = true;
            } else if key.is("PL") {
                match self
                    .first_value(prop)
                    .and_then(|v| value::parse_player(v.raw))
                {
                    Some(side) => player = Some(side),
                    None => {
                        let text = self.prop_text(prop);
                        self.problem(
                            prop.location,
                            ProblemKind::UnparsableCell,
                            text,
                            "bad player: expected `PL[W]` or `PL[B]`".into(),
                            None,
                        );
                    }
                }
            } else if key.is("C")
                && !is_root
                && let Some(v) = self.first_value(prop)
            {
                comments.push((prop.location, v.raw));
            }
        }
        if let Some(game) = self.game.as_mut()
            && player.is_some()
        {
            game.turn = player;
        }
        if let Some(prop) = mover {
            self.flush_pending();
            if has_setup {
                self.problem(
                    prop.location,
                    ProblemKind::Skipped,
                    "",
                    "set-up properties in the same node as a move: ignored".into(),
                    None,
                );
            }
            if analysis.any() && !is_root {
                let side = if prop.key.is("W") {
                    Side::First
                } else {
                    Side::Second
                };
                analysis.at = prop.location;
                let kind = self.node_move(prop, side);
                self.analysis_before(side, kind, &analysis);
                let rolled = self.play_move(prop);
                if rolled && kind == NodeMove::Roll {
                    self.analysis_after(side, &analysis);
                }
            } else {
                self.play_move(prop);
            }
            self.comments(comments);
        } else if has_setup {
            if props.iter().any(|p| p.key.is_any(ANALYSIS_KEYS)) {
                // The luck of a `DI` roll is not counted (as GNU Backgammon
                // does not), and its text is not the set-up's.
                let setup: Vec<Prop<'a>> = props
                    .iter()
                    .filter(|p| !p.key.is_any(ANALYSIS_KEYS))
                    .cloned()
                    .collect();
                self.stage_setup(&setup, player);
            } else {
                self.stage_setup(props, player);
            }
            if let Some(game) = self.game.as_mut() {
                game.pending.comments.extend(comments);
            }
        } else if let Some(game) = self.game.as_mut()
            && (game.pending.dice.is_some()
                || game.pending.board.is_some()
                || game.pending.cube_at.is_some())
        {
            game.pending.comments.extend(comments);
        } else {
            self.comments(comments);
        }
    }

    pub(super) fn comments(&mut self, comments: Vec<(Location, &'a str)>) {
        for (location, text) in comments {
            self.visitor.comment(&Comment { location, text });
        }
    }

    /// What the move of a node is, for its analysis: from its first
    /// characters (the move itself is read by [`Reader::play_move`]).
    fn node_move(&self, prop: &Prop<'a>, side: Side) -> NodeMove {
        let Some(v) = self.first_value(prop) else {
            return NodeMove::Other;
        };
        let value = v.raw.trim();
        let offer = self.game.as_ref().and_then(|g| g.offer);
        let word = |w: &str| value.eq_ignore_ascii_case(w);
        if value.len() >= 2 && value.as_bytes()[..2].iter().all(u8::is_ascii_digit) {
            NodeMove::Roll
        } else if word("double") {
            if offer.is_some_and(|(by, _)| by == side.other()) {
                NodeMove::Beaver
            } else {
                NodeMove::Double
            }
        } else if word("take") {
            if offer.is_some_and(|(by, animals)| animals > 0 && by == side.other()) {
                NodeMove::Other
            } else {
                NodeMove::Take
            }
        } else if word("drop") {
            NodeMove::Drop
        } else {
            NodeMove::Other
        }
    }

    /// Gives the node's move as an action; whether it was a roll given.
    pub(super) fn play_move(&mut self, prop: &Prop<'a>) -> bool {
        let side = if prop.key.is("W") {
            Side::First
        } else {
            Side::Second
        };
        let text = self.prop_text(prop);
        let Some(v) = self.first_value(prop) else {
            // reported as a property without a value
            return false;
        };
        let parsed = value::parse_move(&value::unescape(v.raw), side);
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        let mut rolled = false;
        let kind = match parsed {
            Err(expected) => {
                self.problem(
                    prop.location,
                    ProblemKind::UnparsableCell,
                    text,
                    format!("bad move: expected {expected}"),
                    Some(side),
                );
                return false;
            }
            Ok(Move::Roll(dice, play)) => {
                rolled = true;
                game.last_roller = Some(side);
                game.turn = None;
                game.offer = None;
                ActionKind::Roll {
                    dice: Some(dice),
                    play: if play.is_empty() {
                        Written::Empty
                    } else {
                        Written::Moves(play)
                    },
                }
            }
            Ok(Move::Double) => {
                game.turn = None;
                match game.offer {
                    Some((by, animals)) if by == side.other() => {
                        game.offer = Some((side, animals.saturating_add(1)));
                        if animals == 0 {
                            ActionKind::Beaver(None)
                        } else {
                            ActionKind::Raccoon(None)
                        }
                    }
                    _ => {
                        game.offer = Some((side, 0));
                        ActionKind::Double(None)
                    }
                }
            }
            // Taking a beaver or raccoon is implied by it (a `.mat` writes no
            // `Takes` after `Beavers => 4`): GNU Backgammon's `take` there is
            // not an action of its own.
            Ok(Move::Take)
                if game
                    .offer
                    .is_some_and(|(by, animals)| animals > 0 && by == side.other()) =>
            {
                game.offer = None;
                return false;
            }
            Ok(Move::Take) => {
                game.offer = None;
                ActionKind::Take
            }
            Ok(Move::Drop) => {
                game.offer = None;
                ActionKind::Drop
            }
            Ok(Move::Resign) => ActionKind::Resign(Resignation::Game),
            Ok(Move::ResignAnswer) => return false,
        };
        self.visitor.action(&Action {
            location: prop.location,
            side,
            row: None,
            text,
            kind,
        });
        rolled
    }

    /// The current game tree closed; `end` is the offset after its `)`.
    pub(super) fn end_tree(&mut self, end: usize) {
        self.node_open = false;
        self.valueless = None;
        let Some(tree) = self.tree.take() else {
            return;
        };
        match tree.state {
            TreeState::Root => self.problem(
                tree.open,
                ProblemKind::UnparsableCell,
                self.slice(tree.open.byte, tree.open.byte + 1),
                "an empty game tree: expected a node (`;`) after `(`".into(),
                None,
            ),
            TreeState::Skipped => {}
            TreeState::Game => {
                self.flush_pending();
                let game = self.game.take();
                if let Some((
                    location,
                    text,
                    Outcome::Win {
                        winner,
                        points,
                        resigned,
                    },
                )) = game.and_then(|g| g.result)
                {
                    self.visitor.action(&Action {
                        location,
                        side: winner,
                        row: None,
                        text,
                        kind: ActionKind::Win {
                            points,
                            and_match: false,
                            resigned,
                        },
                    });
                }
                if let Some(location) = tree.first_variation {
                    let n = tree.variations;
                    self.problem(
                        location,
                        ProblemKind::Skipped,
                        self.slice(location.byte, location.byte + 1),
                        format!(
                            "{n} variation{} skipped: only the main line is read",
                            if n == 1 { "" } else { "s" }
                        ),
                        None,
                    );
                }
                let last = self.lines.at(end);
                self.visitor.end_game(last);
            }
        }
    }

    /// The input ended.
    pub(super) fn finish(&mut self) {
        self.check_valueless();
        let len = self.text.len();
        if self.depth > 0 {
            if self.depth == self.main_depth {
                self.end_node();
            }
            if self.tree_state() != Some(TreeState::Skipped) {
                let location = self.lines.at(len);
                self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    "",
                    "game tree not closed: `)` missing at the end of the file".into(),
                    None,
                );
            }
            self.depth = 0;
            self.main_depth = 0;
            self.end_tree(len);
        }
        if self.length.is_some() {
            let last = self.lines.at(len);
            self.visitor.end_match(last);
        } else {
            self.held.clear();
            self.unreadable("no backgammon game (`GM[6]`) in the SGF collection");
        }
    }
}
