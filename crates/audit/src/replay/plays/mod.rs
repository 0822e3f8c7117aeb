//! Checker plays: each written play judged by the rules engine
//! ([`crate::rules::judge()`]) and its verdict recorded ([`verdict`]): the
//! board moves on (from the position as played, for an illegal play that
//! stands), an illegal play waits to see whether it stood, an impossible one
//! leaves the position unknown; hit marks, paths read two ways, the end of a
//! game by bearing off; and the typo analysis' reading applied.

mod verdict;

pub(super) use verdict::check_bear_off;
use verdict::{JudgedPlay, apply_reading, check_game_over, record_verdict, settle_ambiguity};

use super::judging::Judging;
use super::recorder::Recorder;
use super::replayer::Replayer;
use super::state::{GameEvent, MatchState, frame, written_play};
use super::turns::{plain_roll, tally_roll};
use crate::catalogue::Family;
use crate::dice::Roll;
use crate::finding::{Finding, LegalPlays};
use crate::location::Location;
use crate::notation::PlayNotation;
use crate::parse::Action;
use crate::position::Position;
use crate::rules::board::Mirrored;
use crate::rules::judge::{judge_dance, judge_plain, judge_plain_in};
use crate::rules::{AnyBoard, Judgement, MoveGen, PlayVerdict, judge};
use crate::side::Side;

/// Judges `action`'s play `notation` of `roll` in `m`'s game and records
/// the verdict in `rec`; `start` is the board at the start of the play's
/// event when the judgement comes later (a deferred empty roll).
pub(super) fn judge_play(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &mut Judging,
    action: &Action<'_>,
    roll: Roll,
    notation: &PlayNotation,
    start: Option<AnyBoard>,
) {
    let side = action.side;
    let findings_before = rec.findings.len();
    note_hit_marks(rec, notation);
    // An ambiguous previous play by the opponent: keep the reading this play fits.
    settle_ambiguity(m, rec, &mut judging.generator, side, roll, notation);
    settle_dump_doubt(m, rec, judging, side, roll, notation);
    let Some(g) = m.game.as_mut() else { return };
    // The player whose dance was taken as omitted, while he still has a
    // checker on the bar.
    let omitted = g
        .omitted_dance
        .filter(|&(_, s)| s == side)
        .map(|(index, _)| index);
    let board = g.board;
    // The board before the play, from the mover's side, and the verdict.
    let (before, j) = match board {
        // Backgammon boards are judged without going through `AnyBoard`;
        // a legal play with nothing more to say (the common case) only
        // moves the board on.
        AnyBoard::Backgammon(board) => {
            let before = frame_position(&board, side);
            let j = judge(&before, roll, notation, &mut judging.backgammon);
            if omitted.is_none()
                && j.verdict == PlayVerdict::Legal
                && j.alternatives.iter().all(Option::is_none)
                && !(rec.hit_marks_possible && (j.hit_marks.missing || j.hit_marks.spurious))
            {
                g.board = AnyBoard::Backgammon(frame_position(&j.result, side));
                count_play(m, side);
                check_bear_off(m, side);
                read_as_settled(m, rec, judging, side, findings_before);
                return;
            }
            (AnyBoard::Backgammon(before), j.map(AnyBoard::Backgammon))
        }
        AnyBoard::Plakoto(_) => {
            let before = frame(&board, side);
            let j = judge(&before, roll, notation, &mut judging.generator);
            (before, j)
        }
    };
    // The typo analysis starts from the board at the start of the event
    // (a deferred empty roll's own event, given as `start`).
    let event = judging.judging_event;
    let at_start = start
        .or_else(|| {
            judging
                .event_start
                .filter(|&(i, _)| i == event)
                .map(|(_, b)| b)
        })
        .unwrap_or(board);
    judging.snapshots.push((event, at_start));
    count_play(m, side);
    let play = JudgedPlay {
        action,
        roll,
        notation,
        before: &before,
        judgement: &j,
    };
    record_verdict(m, rec, &play, omitted);
    read_as_settled(m, rec, judging, side, findings_before);
}

/// A roll with a play written, when `m`'s game stands where nothing but
/// the play itself is to judge ([`plain_roll`], [`plain_judgement`]): does
/// what the roll's room and [`judge_play`] do for it, without their
/// general bookkeeping, and returns true; else changes nothing and returns
/// false.
#[inline]
pub(super) fn plain_play(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &mut Judging,
    action: &Action<'_>,
    roll: Roll,
    notation: &PlayNotation,
) -> bool {
    let side = action.side;
    if !plain_roll(m, judging, side, roll)
        || !plain_judgement(m, rec, judging, side, roll, notation)
    {
        return false;
    }
    judging.judging_event = judging.event_index;
    if let Some(g) = m.game.as_mut() {
        g.rolls += 1;
        g.next = Some(side.other());
    }
    tally_roll(m, side, roll);
    true
}

/// A play of `side` judged where [`judge_play`] has nothing to settle
/// before or after it (a backgammon board, no reading of an earlier play
/// open, no dance taken as omitted, no typo reading to apply): if it is
/// legal with nothing more to say (one reading, hit marks as the file
/// writes them), the board moves on, the play is counted and the bear-off
/// checked, as there, and true; else nothing changes, and false.
#[inline(always)]
pub(super) fn plain_judgement(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &mut Judging,
    side: Side,
    roll: Roll,
    notation: &PlayNotation,
) -> bool {
    let plain = judging.plain_plays() && judging.readings.is_empty();
    let marks_possible = rec.hit_marks_possible;
    let Some(g) = m.game.as_mut() else {
        return false;
    };
    let AnyBoard::Backgammon(position) = &mut g.board else {
        return false;
    };
    if !plain || g.ambiguity.is_some() || g.dump_doubt.is_some() || g.omitted_dance.is_some() {
        return false;
    }
    let board = *position;
    // The direct path's play on the board as kept (first player's
    // frame): the first player's in place, the second player's through
    // `Mirrored`, no flip either way. Else the full judgement.
    let direct = match side {
        Side::First => judge_plain_in(position, roll, notation),
        Side::Second => judge_plain(Mirrored(board), roll, notation).map(|p| {
            *position = p.result.0;
            p.hit_marks
        }),
    };
    // The mover's checkers off after the play.
    let mover_off = |p: &Position| match side {
        Side::First => p.our_off(),
        Side::Second => p.their_off(),
    };
    let off = match direct {
        Some(marks) => {
            if marks_possible && (marks.missing || marks.spurious) {
                *position = board;
                return false;
            }
            mover_off(position)
        }
        // Nothing written, and neither die enters: the board stays.
        None if notation.hops().is_empty()
            && match side {
                Side::First => judge_dance(&board, roll),
                Side::Second => judge_dance(&Mirrored(board), roll),
            } =>
        {
            mover_off(&board)
        }
        None => {
            let before = frame_position(&board, side);
            let j = judge(&before, roll, notation, &mut judging.backgammon);
            if j.verdict != PlayVerdict::Legal
                || j.alternatives.iter().any(Option::is_some)
                || (marks_possible && (j.hit_marks.missing || j.hit_marks.spurious))
            {
                return false;
            }
            let result = frame_position(&j.result, side);
            *position = result;
            mover_off(&result)
        }
    };
    note_hit_marks(rec, notation);
    // The play counted, and the bear-off checked as `check_bear_off`
    // checks it, on the board moved on.
    count_play(m, side);
    if off >= m.rules.variant.value.checkers() {
        check_game_over(m, side);
    }
    true
}

/// The rules engine's verdict on `notation` played with `roll` from
/// `before` (the mover's side).
fn judge_on(
    judging: &mut Judging,
    before: &AnyBoard,
    roll: Roll,
    notation: &PlayNotation,
) -> Judgement<AnyBoard> {
    match before {
        // Backgammon boards are judged without going through `AnyBoard`.
        AnyBoard::Backgammon(position) => {
            judge(position, roll, notation, &mut judging.backgammon).map(AnyBoard::Backgammon)
        }
        AnyBoard::Plakoto(_) => judge(before, roll, notation, &mut judging.generator),
    }
}

/// Notes in `rec` that the file writes hit marks, when `notation` has one.
#[inline(always)]
fn note_hit_marks(rec: &mut Recorder, notation: &PlayNotation) {
    if !rec.hit_marks_written && notation.hops().iter().any(|h| h.hit) {
        rec.hit_marks_written = true;
    }
}

/// Counts a judged play of `side` in `m`.
#[inline]
fn count_play(m: &mut MatchState, side: Side) {
    m.summary.plays += 1;
    m.summary.players[side].plays += 1;
}

/// The opponent's `Illegal play` dump also moved `side`'s checkers: if his
/// play cannot be made from the dump but can from where his checkers stood
/// before it, `m`'s game goes on from there (the dump's finding, in `rec`,
/// is the one finding: it says so).
fn settle_dump_doubt(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &mut Judging,
    side: Side,
    roll: Roll,
    notation: &PlayNotation,
) {
    let Some(g) = m.game.as_mut() else { return };
    let Some((kept, index, _)) = g.dump_doubt.filter(|&(_, _, s)| s == side) else {
        return;
    };
    g.dump_doubt = None;
    let board = g.board;
    let impossible = |j: &Judgement<AnyBoard>| matches!(j.verdict, PlayVerdict::Impossible { .. });
    if !impossible(&judge_on(judging, &frame(&board, side), roll, notation))
        || impossible(&judge_on(judging, &frame(&kept, side), roll, notation))
    {
        return;
    }
    g.board = kept;
    let note = format!(
        "; {name}'s next play moves his checkers from where they stood before it, so the game goes on with them there",
        name = m.name(side)
    );
    if let Some(f) = rec.findings.get_mut(index) {
        f.message.push_str(&note);
    }
}

/// After judging the play of event `judging_event`: when the analysis
/// settled how to read it, annotate its finding and, for a probable
/// transcription error, continue from the legal play the record meant.
#[inline]
fn read_as_settled(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &Judging,
    side: Side,
    findings_before: usize,
) {
    if !judging.readings.is_empty() {
        apply_found_reading(m, rec, judging, side, findings_before);
    }
}

/// Applies the reading of the event being judged, if the analysis settled
/// one ([`apply_reading`]).
#[inline(never)]
fn apply_found_reading(
    m: &mut MatchState,
    rec: &mut Recorder,
    judging: &Judging,
    side: Side,
    findings_before: usize,
) {
    let event = judging.judging_event;
    if let Some(reading) = judging.readings.iter().find(|r| r.event == event) {
        apply_reading(m, rec, reading, side, findings_before);
    }
}

/// Gives the checker-play findings of a game once it is settled (from
/// index `findings` of `rec`) the play written in their cell, found among
/// the game's `events`, and the legal plays of their roll: worked out once,
/// for the findings that are kept (the hit marks' at the end of the file,
/// when they are kept).
pub(super) fn describe_plays(
    rec: &mut Recorder,
    generator: &mut MoveGen<Position>,
    events: &[GameEvent<'_>],
    findings: usize,
) {
    for f in rec.findings.iter_mut().skip(findings) {
        if f.entry().family == Family::Play {
            f.written = written_at(events, f.location).map(Box::new);
        }
    }
    add_legal_plays(rec, generator, findings);
}

/// Gives each checker-play finding of `rec` from index `from` the legal
/// plays of its roll.
pub(super) fn add_legal_plays(rec: &mut Recorder, generator: &mut MoveGen<Position>, from: usize) {
    for f in rec.findings.iter_mut().skip(from) {
        // A blunder is a legal play: its finding names the best one.
        if f.code == crate::catalogue::Code::Blunder {
            continue;
        }
        // The typo analysis's replays left how well each play fits.
        let fits = f.legal.take().map(|l| l.fits).unwrap_or_default();
        let legal = legal_plays_of(f, generator, &fits);
        f.legal = legal.map(Box::new);
    }
}

/// The replayer's dispatches: each lends its match state, recorder and
/// judging machinery to the function of the same name.
impl Replayer<'_, '_> {
    /// [`judge_play`] in the match being replayed.
    pub(super) fn judge_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
        start: Option<AnyBoard>,
    ) {
        if let Some((m, rec, judging)) = self.judge_table() {
            judge_play(m, rec, judging, action, roll, notation, start);
        }
    }

    /// [`plain_play`] in the match being replayed.
    #[inline(always)]
    pub(super) fn plain_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
    ) -> bool {
        self.judge_table()
            .is_some_and(|(m, rec, judging)| plain_play(m, rec, judging, action, roll, notation))
    }

    /// [`plain_judgement`] in the match being replayed.
    #[inline(always)]
    pub(super) fn plain_judgement(
        &mut self,
        side: Side,
        roll: Roll,
        notation: &PlayNotation,
    ) -> bool {
        self.judge_table()
            .is_some_and(|(m, rec, judging)| plain_judgement(m, rec, judging, side, roll, notation))
    }

    /// [`describe_plays`] for the findings of the current game.
    pub(super) fn describe_plays(&mut self, events: &[GameEvent<'_>], findings: usize) {
        describe_plays(
            &mut self.recorder,
            &mut self.judging.backgammon,
            events,
            findings,
        );
    }

    /// [`add_legal_plays`] for the findings from index `from`.
    pub(super) fn add_legal_plays(&mut self, from: usize) {
        add_legal_plays(&mut self.recorder, &mut self.judging.backgammon, from);
    }
}

/// The legal plays of the roll of a finding about a checker play in a known
/// position, ranked by how well the rest of the game replays after each
/// (`fits`), then by their distance to the play as written.
fn legal_plays_of(
    finding: &Finding,
    generator: &mut MoveGen<Position>,
    fits: &[(String, usize)],
) -> Option<LegalPlays> {
    if finding.entry().family != Family::Play {
        return None;
    }
    let (Some(before), Some(roll)) = (&finding.before, finding.dice) else {
        return None;
    };
    let plays = generator.generate(before, roll);
    Some(LegalPlays::fitted(
        plays.iter().map(|p| p.play.to_string()),
        finding.written.as_deref(),
        fits,
    ))
}

/// The play written at `location`, when a roll with a play is there.
fn written_at(events: &[GameEvent<'_>], location: Location) -> Option<PlayNotation> {
    events.iter().find_map(|e| match e {
        GameEvent::Action(action) if action.location == location => written_play(&action.kind),
        _ => None,
    })
}

/// A backgammon board seen from `side`.
fn frame_position(board: &Position, side: Side) -> Position {
    match side {
        Side::First => *board,
        Side::Second => board.flip(),
    }
}

#[cfg(test)]
mod tests;
