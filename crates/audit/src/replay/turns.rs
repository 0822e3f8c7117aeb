//! Turns: whose roll it is, a roll's dice, and what a roll hands on to be
//! judged (its play, a deferred empty roll, a hidden play, a dump).
//!
//! A player who rolls out of turn makes a `turn-order` finding, unless the
//! opponent was on the bar against a board where a dance was likely: then
//! it was a dance nobody wrote (`turn-order/omitted-dance`,
//! [`crate::rules::turns`] decides), until his next play shows he had
//! entered.

use super::judging::Judging;
use super::recorder::{Draft, HiddenPlay, Pending, Recorder, finding};
use super::replayer::Replayer;
use super::settle::resolve_on_action;
use super::state::{EmptyRoll, GameState, MatchState, frame};
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
        let Some((m, rec)) = self.table() else { return };
        take_unanswered_double(m, rec, action, dice);
        resolve_on_action(
            m,
            rec,
            side,
            matches!(play, Written::Empty | Written::CannotMove),
        );
        let Some(g) = m.game.as_mut() else { return };
        let unknown = g.unknown;
        let first_roll = g.rolls == 0;
        let from_start = g.from_start;
        g.rolls += 1;
        check_turn(m, rec, action, dice, unknown);
        if matches!(play, Written::Conceded) {
            // `32: Concedes`: the roller conceded instead of playing.
            if let Some(roll) = dice {
                tally_roll(m, side, roll);
            }
            self.resign(action, Resignation::Game);
            return;
        }
        let Some(roll) = dice else {
            // `00:` nothing rolled: only a resignation marker makes sense.
            if let Some(g) = m.game.as_mut() {
                g.pending
                    .push(Pending::Hidden(HiddenPlay::at(action, None)));
            }
            return;
        };
        tally_roll(m, side, roll);
        // A dump's first roll may follow lost plays: judged with the dump.
        let dump = matches!(play, Written::Dump(Some(_)));
        if first_roll && from_start && roll.is_double() && !dump {
            opening_double(m, rec, action, roll);
        }
        if !unknown {
            self.hand_on(action, roll, play, first_roll);
        }
    }

    /// Hands a roll's play on to be judged.
    fn hand_on(&mut self, action: &Action<'a>, roll: Roll, play: &Written, first_roll: bool) {
        match play {
            Written::Moves(notation) => {
                self.judging.judging_event = self.judging.event_index;
                self.judge_play(action, roll, notation, None);
            }
            Written::Empty => self.defer_empty_roll(action, roll),
            Written::CannotMove => {
                self.judging.judging_event = self.judging.event_index;
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
        let event = self.judging.event_index;
        self.empty_roll_text = action.text;
        let kept = self.judging.event_start.filter(|&(i, _)| i == event);
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
    /// settle before it ([`plain_roll`]): counted and deferred as there,
    /// and true; else nothing changes, and false.
    #[inline]
    pub(super) fn plain_empty_roll(&mut self, action: &Action<'a>, roll: Roll) -> bool {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return false;
        };
        if !plain_roll(m, &self.judging, side, roll) {
            return false;
        }
        if let Some(g) = m.game.as_mut() {
            g.rolls += 1;
            g.next = Some(side.other());
        }
        tally_roll(m, side, roll);
        self.defer_empty_roll(action, roll);
        true
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
        self.judging.judging_event = empty.event;
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
}

/// A roll of `action`'s player while a double awaits its answer in `m`'s
/// game: the roll takes it (after a beaver, as Jellyfish writes it; else
/// with a finding).
pub(super) fn take_unanswered_double(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    dice: Option<Roll>,
) {
    let side = action.side;
    let Some(offer) = m.game.as_ref().and_then(|g| g.offer) else {
        return;
    };
    // Jellyfish writes no `Takes` after a beaver: the roll takes it.
    let beaver_taken = offer.animal && side == offer.original;
    if !beaver_taken {
        m.record(
            rec,
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
    if let Some(g) = m.game.as_mut() {
        g.cube.take(offer.owner_after_take, offer.offered);
        g.cube_turned = true;
        g.offer = None;
        if !beaver_taken {
            // Whoever rolls now: the missing answer is the one finding.
            g.next = Some(side);
        }
    }
}

/// Whether `action`'s player was on turn in `m`'s game (`unknown`: its
/// position is not known); the opponent is next.
fn check_turn(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    dice: Option<Roll>,
    unknown: bool,
) {
    let side = action.side;
    let Some(g) = m.game.as_ref() else { return };
    if let Some(expected) = g.next
        && expected != side
        && !unknown
    {
        let draft = missing_turn(action, dances_of(g, expected));
        let omitted = draft.finding.kind == Some(Kind::OmittedDance);
        let index = m.record(rec, draft.rolled(dice));
        if omitted && let Some(g) = m.game.as_mut() {
            g.omitted_dance = Some((index, expected));
        }
    }
    if let Some(g) = m.game.as_mut() {
        g.next = Some(side.other());
    }
}

/// The first roll of `m`'s game, `roll` of `action`, is a double.
pub(super) fn opening_double(m: &MatchState, rec: &mut Recorder, action: &Action<'_>, roll: Roll) {
    m.record(
        rec,
        finding(Code::OpeningDouble)
            .at(action)
            .rolled(Some(roll))
            .message(format!(
                "the first roll of a game is {roll}, a double: the opening roll is never a double"
            )),
    );
}

/// Whether a roll of `side` comes where [`Replayer::roll`] has nothing to
/// settle before its play in `m`'s game: the game is on and its position
/// known, no double waits, no finding waits for what follows, the player is
/// on turn, and it is no opening double.
#[inline(always)]
pub(super) fn plain_roll(m: &MatchState, judging: &Judging, side: Side, roll: Roll) -> bool {
    let Some(g) = m.game.as_ref() else {
        return false;
    };
    judging.plain_plays()
        && g.over.is_none()
        && g.offer.is_none()
        && g.pending.is_empty()
        && !g.unknown
        && g.next != Some(side.other())
        && !(g.rolls == 0 && g.from_start && roll.is_double())
}

/// Counts a roll of `side` in his dice statistics of match `m`.
#[inline]
pub(super) fn tally_roll(m: &mut MatchState, side: Side, roll: Roll) {
    let t = &mut m.summary.players[side];
    t.rolls += 1;
    if roll.is_double() {
        t.doublets += 1;
    }
    t.faces[usize::from(roll.first.pips() - 1)] += 1;
    t.faces[usize::from(roll.second.pips() - 1)] += 1;
}

/// Turns the omitted dance of finding `index` into the lost play it
/// was (his play at line `line` shows it): a record error, and the
/// position of `m`'s game is no longer known.
pub(super) fn lost_turn(m: &mut MatchState, rec: &mut Recorder, index: usize, line: u32) {
    if let Some(f) = rec.findings.get_mut(index) {
        f.kind = None;
        f.severity = Code::TurnOrder.severity();
        f.message = format!(
            "the opponent's turn is missing while he was on the bar, and his play at line {line} moves as if he had entered then: a play was lost from the record, not a dance; the rest of this game cannot be checked"
        );
    }
    if let Some(g) = m.game.as_mut() {
        g.unknown = true;
        g.ambiguity = None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::state::Offer;
    use crate::replay::state::{action_at, open_match};

    /// The roll `first`-`second` of `side`, nothing written after it.
    fn roll_of(side: Side, first: u8, second: u8) -> (Action<'static>, Roll) {
        let roll = Roll::new(first, second).unwrap();
        let kind = ActionKind::Roll {
            dice: Some(roll),
            play: Written::Empty,
        };
        (action_at(12, side, "", kind), roll)
    }

    /// A player who rolls twice in a row, the opponent not on the bar,
    /// makes a `turn-order` finding, and the opponent is next.
    #[test]
    fn a_roll_out_of_turn_is_recorded() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().next = Some(Side::Second);
        let (action, roll) = roll_of(Side::First, 3, 1);
        check_turn(&mut m, &mut rec, &action, Some(roll), false);
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!((f.code, f.kind), (Code::TurnOrder, None));
        assert_eq!(f.dice, Some(roll));
        assert_eq!(
            f.message,
            "the same player acts twice in a row: the opponent's turn is missing"
        );
        let g = m.game.as_ref().unwrap();
        assert_eq!((g.next, g.omitted_dance), (Some(Side::Second), None));
        // In a game whose position is unknown, turns are not judged.
        check_turn(&mut m, &mut rec, &action, Some(roll), true);
        assert_eq!(rec.findings.len(), 1);
    }

    /// A roll while a double waits for its answer takes the double, with a
    /// finding about the doubler.
    #[test]
    fn a_roll_takes_an_unanswered_double() {
        let mut m = open_match(0);
        let mut rec = Recorder::new();
        m.game.as_mut().unwrap().offer = Some(Offer {
            by: Side::First,
            original: Side::First,
            offered: 2,
            on_drop: 1,
            owner_after_take: Side::Second,
            animal: false,
            links: 0,
            refused: false,
            out_of_turn: false,
        });
        let (action, roll) = roll_of(Side::First, 6, 4);
        take_unanswered_double(&mut m, &mut rec, &action, Some(roll));
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::DoubleUnanswered);
        assert_eq!(f.player.as_deref(), Some("Omar"));
        let g = m.game.as_ref().unwrap();
        assert!(g.offer.is_none() && g.cube_turned);
        assert_eq!((g.cube.value, g.cube.owner), (2, Some(Side::Second)));
        assert_eq!(g.next, Some(Side::First));
    }

    /// A roll counts in its player's dice statistics; an opening double is
    /// a finding.
    #[test]
    fn rolls_are_counted_and_an_opening_double_recorded() {
        let mut m = open_match(5);
        let mut rec = Recorder::new();
        let (action, roll) = roll_of(Side::Second, 5, 5);
        tally_roll(&mut m, Side::Second, roll);
        let t = &m.summary.players.second;
        assert_eq!((t.rolls, t.doublets, t.faces), (1, 1, [0, 0, 0, 0, 2, 0]));
        assert_eq!(m.summary.players.first.rolls, 0);
        opening_double(&m, &mut rec, &action, roll);
        assert_eq!(rec.findings[0].code, Code::OpeningDouble);
        assert_eq!(rec.findings[0].player.as_deref(), Some("Marta"));
    }

    /// An omitted dance that a later play shows was a lost play becomes a
    /// record error, and the position is no longer known.
    #[test]
    fn an_omitted_dance_can_turn_out_a_lost_play() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let (action, _) = roll_of(Side::First, 2, 1);
        m.record(
            &mut rec,
            finding(Code::TurnOrder)
                .kind(Kind::OmittedDance)
                .at(&action),
        );
        lost_turn(&mut m, &mut rec, 0, 15);
        let f = &rec.findings[0];
        assert_eq!((f.kind, f.severity), (None, Code::TurnOrder.severity()));
        assert!(f.message.contains("his play at line 15"), "{}", f.message);
        assert!(m.game.as_ref().unwrap().unknown);
    }
}
