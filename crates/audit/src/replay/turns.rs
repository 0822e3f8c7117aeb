//! Turns: whose roll it is, a roll's dice, and what a roll hands on to be
//! judged (its play, a deferred empty roll, a hidden play, a dump).
//!
//! A player who rolls out of turn makes a `turn-order` finding, unless the
//! opponent was on the bar against a board where a dance was likely: then
//! it was a dance nobody wrote (`turn-order/omitted-dance`,
//! [`crate::rules::turns`] decides), until his next play shows he had
//! entered.

use super::recorder::{Draft, HiddenPlay, Pending, finding};
use super::replayer::Replayer;
use super::state::{EmptyRoll, GameState, frame};
use crate::catalogue::{Code, Kind};
use crate::dice::Roll;
use crate::notation::PlayNotation;
use crate::parse::{Action, ActionKind, Resignation, Written};
use crate::rules::turns::{MissingTurn, dancing_rolls};
use crate::side::Side;

impl<'a> Replayer<'_, 'a> {
    /// A roll cell: its dice and what was written after them.
    pub(super) fn roll(&mut self, action: &Action<'a>, dice: Option<Roll>, play: &Written) {
        let side = action.side;
        self.take_unanswered_double(action, dice);
        self.resolve_on_action(side, matches!(play, Written::Empty | Written::CannotMove));
        let Some(g) = self.game() else { return };
        let unknown = g.unknown;
        let first_roll = g.rolls == 0;
        let from_start = g.from_start;
        g.rolls += 1;
        self.check_turn(action, dice, unknown);
        if matches!(play, Written::Conceded) {
            // `32: Concedes`: the roller conceded instead of playing.
            if let Some(roll) = dice {
                self.tally_roll(side, roll);
            }
            self.resign(action, Resignation::Game);
            return;
        }
        let Some(roll) = dice else {
            // `00:` nothing rolled: only a resignation marker makes sense.
            if let Some(g) = self.game() {
                g.pending
                    .push(Pending::Hidden(HiddenPlay::at(action, None)));
            }
            return;
        };
        self.tally_roll(side, roll);
        // A dump's first roll may follow lost plays: judged with the dump.
        let dump = matches!(play, Written::Dump(Some(_)));
        if first_roll && from_start && roll.is_double() && !dump {
            self.opening_double(action, roll);
        }
        if !unknown {
            self.hand_on(action, roll, play, first_roll);
        }
    }

    /// A roll while a double awaits its answer: the roll takes it (after a
    /// beaver, as Jellyfish writes it; else with a finding).
    fn take_unanswered_double(&mut self, action: &Action<'_>, dice: Option<Roll>) {
        let side = action.side;
        let Some(offer) = self.game().and_then(|g| g.offer) else {
            return;
        };
        // Jellyfish writes no `Takes` after a beaver: the roll takes it.
        let beaver_taken = offer.animal && side == offer.original;
        if !beaver_taken {
            self.record(
                finding(Code::DoubleUnanswered)
                    .at(action)
                    .side(Some(offer.by))
                    .rolled(dice)
                    .message(format!(
                        "the double to {} has no answer before the next roll; taken as a take",
                        offer.offered
                    )),
            );
        }
        if let Some(g) = self.game() {
            g.cube.take(offer.owner_after_take, offer.offered);
            g.cube_turned = true;
            g.offer = None;
            if !beaver_taken {
                // Whoever rolls now: the missing answer is the one finding.
                g.next = Some(side);
            }
        }
    }

    /// Whether `action`'s player was on turn; the opponent is next.
    fn check_turn(&mut self, action: &Action<'_>, dice: Option<Roll>, unknown: bool) {
        let side = action.side;
        let expected = self.game_ref().and_then(|g| g.next);
        if let Some(expected) = expected
            && expected != side
            && !unknown
        {
            let dances = self.game_ref().and_then(|g| dances_of(g, expected));
            let draft = missing_turn(action, dances);
            let omitted = draft.finding.kind == Some(Kind::OmittedDance);
            let index = self.record(draft.rolled(dice));
            if omitted && let Some(g) = self.game() {
                g.omitted_dance = Some((index, expected));
            }
        }
        if let Some(g) = self.game() {
            g.next = Some(side.other());
        }
    }

    /// Hands a roll's play on to be judged.
    fn hand_on(&mut self, action: &Action<'a>, roll: Roll, play: &Written, first_roll: bool) {
        match play {
            Written::Moves(notation) => {
                self.judging_event = self.event_index;
                self.judge_play(action, roll, notation, None);
            }
            Written::Empty => self.defer_empty_roll(action, roll),
            Written::CannotMove => {
                self.judging_event = self.event_index;
                self.judge_play(action, roll, &PlayNotation::empty(), None);
            }
            Written::Hidden | Written::Dump(None) => {
                if let Some(g) = self.game() {
                    g.pending
                        .push(Pending::Hidden(HiddenPlay::at(action, Some(roll))));
                }
            }
            Written::Dump(Some(dump)) => self.dump(action, Some(roll), dump, first_roll),
            // Handled before: the game ends.
            Written::Conceded => {}
        }
    }

    /// A roll with nothing written: judged when the next event shows
    /// whether a position set-up follows.
    #[inline]
    fn defer_empty_roll(&mut self, action: &Action<'a>, roll: Roll) {
        let event = self.event_index;
        self.empty_roll_text = action.text;
        let kept = self.event_start.filter(|&(i, _)| i == event);
        if let Some(g) = self.game() {
            g.empty_roll = Some(EmptyRoll {
                event,
                side: action.side,
                roll,
                location: action.location,
                row: action.row,
                before: kept.map_or(g.board, |(_, board)| board),
            });
        }
    }

    /// A roll with nothing written, where [`Self::roll`] has nothing to
    /// settle before it ([`Self::plain_roll`]): counted and deferred as
    /// there, and true; else nothing changes, and false.
    #[inline]
    pub(super) fn plain_empty_roll(&mut self, action: &Action<'a>, roll: Roll) -> bool {
        let side = action.side;
        if !self.plain_roll(side, roll) {
            return false;
        }
        if let Some(g) = self.game() {
            g.rolls += 1;
            g.next = Some(side.other());
        }
        self.tally_roll(side, roll);
        self.defer_empty_roll(action, roll);
        true
    }

    /// The first roll of a game, `roll`, is a double.
    pub(super) fn opening_double(&mut self, action: &Action<'_>, roll: Roll) {
        self.record(
            finding(Code::OpeningDouble)
                .at(action)
                .rolled(Some(roll))
                .message(format!("the first roll of a game is {roll}, a double: the opening roll is never a double")),
        );
    }

    /// Judges a deferred empty roll now that the next event is not a set-up.
    #[inline]
    pub(super) fn flush_empty_roll(&mut self) {
        if self.game_ref().is_some_and(|g| g.empty_roll.is_some()) {
            self.judge_empty_roll();
        }
    }

    /// Judges the deferred empty roll.
    #[inline(never)]
    fn judge_empty_roll(&mut self) {
        let Some(empty) = self.game().and_then(|g| g.empty_roll.take()) else {
            return;
        };
        let action = Action {
            location: empty.location,
            side: empty.side,
            row: empty.row,
            text: self.empty_roll_text,
            kind: ActionKind::Take,
        };
        self.judging_event = empty.event;
        if self.plain_judgement(empty.side, empty.roll, &PlayNotation::empty()) {
            return;
        }
        self.judge_play(
            &action,
            empty.roll,
            &PlayNotation::empty(),
            Some(empty.before),
        );
    }

    /// Counts a roll in the player's dice statistics.
    #[inline]
    pub(super) fn tally_roll(&mut self, side: Side, roll: Roll) {
        if let Some(m) = self.current.as_mut() {
            let t = &mut m.summary.players[side];
            t.rolls += 1;
            if roll.is_double() {
                t.doublets += 1;
            }
            t.faces[usize::from(roll.first.pips() - 1)] += 1;
            t.faces[usize::from(roll.second.pips() - 1)] += 1;
        }
    }

    /// Turns the omitted dance of finding `index` into the lost play it
    /// was: a record error, and the position is no longer known.
    pub(super) fn lost_turn(&mut self, index: usize, line: u32) {
        if let Some(f) = self.recorder.findings.get_mut(index) {
            f.kind = None;
            f.severity = Code::TurnOrder.severity();
            f.message = format!(
                "the opponent's turn is missing while he was on the bar, and his play at line {line} moves as if he had entered then: a play was lost from the record, not a dance; the rest of this game cannot be checked"
            );
        }
        if let Some(g) = self.game() {
            g.unknown = true;
            g.ambiguity = None;
        }
    }
}

/// Of the 36 rolls, how many `skipped` would have danced with (he is
/// on the bar) in game `g`, when any.
pub(super) fn dances_of(g: &GameState, skipped: Side) -> Option<u32> {
    dancing_rolls(&frame(&g.board, skipped)).filter(|&n| n > 0)
}

/// The finding for a turn missing before `action`, whose player would
/// have danced with `dances` of the 36 rolls ([`dances_of`]): an
/// omitted dance (info), or a record error naming the dance that may
/// have been left out.
pub(super) fn missing_turn(action: &Action<'_>, dances: Option<u32>) -> Draft {
    match MissingTurn::judge(dances) {
        MissingTurn::OmittedDance { dances } => {
            let how = if dances == 36 {
                "against a closed board every roll dances, so it was a dance not written".to_owned()
            } else {
                format!(
                    "{dances} of 36 rolls dance there, so it was most likely a dance not written (a lost play would break the record later)"
                )
            };
            finding(Code::TurnOrder)
                .kind(Kind::OmittedDance)
                .at(action)
                .message(format!(
                    "the opponent's turn is missing while he was on the bar: {how}"
                ))
        }
        MissingTurn::Lost { dances } => {
            let mut message =
                "the same player acts twice in a row: the opponent's turn is missing".to_owned();
            if let Some(n) = dances {
                message.push_str(&format!(
                    " (he was on the bar, where {n} of 36 rolls dance: a dance may have been left out)"
                ));
            }
            finding(Code::TurnOrder).at(action).message(message)
        }
    }
}
