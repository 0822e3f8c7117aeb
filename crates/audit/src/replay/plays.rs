//! Checker plays: each written play judged by the rules engine
//! ([`crate::rules::judge`]) and its verdict recorded: the board moves on
//! (from the position as played, for an illegal play that stands), an
//! illegal play waits to see whether it stood, an impossible one leaves the
//! position unknown; hit marks, paths read two ways, the end of a game by
//! bearing off; and the typo analysis' reading applied.

use super::recorder::{Pending, Sequel, finding};
use super::replayer::Replayer;
use super::state::{Ambiguity, Ending, GameEvent, MatchState, frame};
use crate::catalogue::{Code, Family, Kind};
use crate::dice::Roll;
use crate::finding::{Finding, LegalPlays};
use crate::location::Location;
use crate::notation::{Hop, PlayNotation, PointName};
use crate::parse::{Action, ActionKind, Written};
use crate::position::Position;
use crate::rules::board::Mirrored;
use crate::rules::judge::{judge_dance, judge_plain, judge_plain_in};
use crate::rules::outcome::{points, win_kind};
use crate::rules::plakoto::{PlakotoEnd, game_end};
use crate::rules::{
    AnyBoard, Board as _, IllegalKind, ImpossibleKind, Judgement, MoveGen, PlayVerdict, judge,
};
use crate::side::Side;

impl Replayer<'_, '_> {
    /// Judges `action`'s play `notation` of `roll` and records the verdict;
    /// `start` is the board at the start of the play's event when the
    /// judgement comes later (a deferred empty roll).
    pub(super) fn judge_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
        start: Option<AnyBoard>,
    ) {
        let side = action.side;
        let findings_before = self.recorder.findings.len();
        if !self.recorder.hit_marks_written && notation.hops().iter().any(|h| h.hit) {
            self.recorder.hit_marks_written = true;
        }
        // An ambiguous previous play by the opponent: keep the reading this play fits.
        self.settle_ambiguity(side, roll, notation);
        self.settle_dump_doubt(side, roll, notation);
        let Some(g) = self.game() else { return };
        // The player whose dance was taken as omitted, while he still has a
        // checker on the bar.
        let omitted = g
            .omitted_dance
            .filter(|&(_, s)| s == side)
            .map(|(index, _)| index);
        let board = g.board;
        let j = match board {
            // Backgammon boards are judged without going through `AnyBoard`;
            // a legal play with nothing more to say (the common case) only
            // moves the board on.
            AnyBoard::Backgammon(board) => {
                let before = frame_position(&board, side);
                let j = judge(&before, roll, notation, &mut self.backgammon);
                if omitted.is_none()
                    && j.verdict == PlayVerdict::Legal
                    && j.alternatives.iter().all(Option::is_none)
                    && !(self.recorder.hit_marks_possible
                        && (j.hit_marks.missing || j.hit_marks.spurious))
                {
                    if let Some(g) = self.game() {
                        g.board = AnyBoard::Backgammon(frame_position(&j.result, side));
                    }
                    self.count_play(side);
                    self.check_bear_off(side);
                    self.apply_reading(side, findings_before);
                    return;
                }
                j.map(AnyBoard::Backgammon)
            }
            AnyBoard::Plakoto(_) => {
                judge(&frame(&board, side), roll, notation, &mut self.generator)
            }
        };
        // The typo analysis starts from the board at the start of the event
        // (a deferred empty roll's own event, given as `start`).
        let event = self.judging_event;
        let at_start = start
            .or_else(|| {
                self.event_start
                    .filter(|&(i, _)| i == event)
                    .map(|(_, b)| b)
            })
            .unwrap_or(board);
        self.snapshots.push((event, at_start));
        let before = frame(&board, side);
        self.count_play(side);
        if let Some(index) = omitted
            && self.settle_omitted_dance(index, &j, action)
        {
            return;
        }
        if !matches!(j.verdict, PlayVerdict::Legal) && self.rows_lost(action) {
            return;
        }
        match j.verdict {
            PlayVerdict::Legal => self.legal_play(action, roll, notation, &before, &j),
            PlayVerdict::Illegal(IllegalKind::NoPlay)
                if self.extend_no_play_run(side, action.row) => {}
            PlayVerdict::Illegal(kind) => {
                self.illegal_play(action, roll, notation, &before, &j, kind);
            }
            PlayVerdict::Impossible { kind, hop } => {
                let hop = notation.hops().get(hop).copied().unwrap_or_default();
                self.impossible_play(action, roll, &before, kind, hop);
            }
        }
        self.apply_reading(side, findings_before);
    }

    /// A roll with a play written, when the game stands where nothing but
    /// the play itself is to judge ([`Self::plain_roll`],
    /// [`Self::plain_judgement`]): does what [`Self::roll`] and
    /// [`Self::judge_play`] do for it, without their general bookkeeping,
    /// and returns true; else changes nothing and returns false.
    #[inline]
    pub(super) fn plain_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
    ) -> bool {
        let side = action.side;
        if !self.plain_roll(side, roll) || !self.plain_judgement(side, roll, notation) {
            return false;
        }
        self.judging_event = self.event_index;
        if let Some(g) = self.game() {
            g.rolls += 1;
            g.next = Some(side.other());
        }
        self.tally_roll(side, roll);
        true
    }

    /// Whether a roll of `side` comes where [`Self::roll`] has nothing to
    /// settle before its play: the game is on and its position known, no
    /// double waits, no finding waits for what follows, the player is on
    /// turn, and it is no opening double.
    #[inline(always)]
    pub(super) fn plain_roll(&self, side: Side, roll: Roll) -> bool {
        let Some(g) = self.game_ref() else {
            return false;
        };
        self.plain_plays()
            && g.over.is_none()
            && g.offer.is_none()
            && g.pending.is_empty()
            && !g.unknown
            && g.next != Some(side.other())
            && !(g.rolls == 0 && g.from_start && roll.is_double())
    }

    /// A play of `side` judged where [`Self::judge_play`] has nothing to
    /// settle before or after it (a backgammon board, no reading of an
    /// earlier play open, no dance taken as omitted, no typo reading to
    /// apply): if it is legal with nothing more to say (one reading, hit
    /// marks as the file writes them), the board moves on, the play is
    /// counted and the bear-off checked, as there, and true; else nothing
    /// changes, and false.
    #[inline(always)]
    pub(super) fn plain_judgement(
        &mut self,
        side: Side,
        roll: Roll,
        notation: &PlayNotation,
    ) -> bool {
        let plain = self.plain_plays() && self.readings.is_empty();
        let marks_possible = self.recorder.hit_marks_possible;
        let Some(g) = self.game() else {
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
                let j = judge(&before, roll, notation, &mut self.backgammon);
                if j.verdict != PlayVerdict::Legal
                    || j.alternatives.iter().any(Option::is_some)
                    || (marks_possible && (j.hit_marks.missing || j.hit_marks.spurious))
                {
                    return false;
                }
                let result = frame_position(&j.result, side);
                if let Some(g) = self.game() {
                    g.board = AnyBoard::Backgammon(result);
                }
                mover_off(&result)
            }
        };
        if !self.recorder.hit_marks_written && notation.hops().iter().any(|h| h.hit) {
            self.recorder.hit_marks_written = true;
        }
        // The play counted, and the bear-off checked as `check_bear_off`
        // checks it, on the board moved on.
        let Some(m) = self.current.as_mut() else {
            return true;
        };
        m.summary.plays += 1;
        m.summary.players[side].plays += 1;
        if off >= m.rules.variant.value.checkers() {
            check_game_over(m, side);
        }
        true
    }

    /// The rules engine's verdict on `notation` played with `roll` from
    /// `before` (the mover's side).
    fn judge_on(
        &mut self,
        before: &AnyBoard,
        roll: Roll,
        notation: &PlayNotation,
    ) -> Judgement<AnyBoard> {
        match before {
            // Backgammon boards are judged without going through `AnyBoard`.
            AnyBoard::Backgammon(position) => {
                judge(position, roll, notation, &mut self.backgammon).map(AnyBoard::Backgammon)
            }
            AnyBoard::Plakoto(_) => judge(before, roll, notation, &mut self.generator),
        }
    }

    /// Counts a judged play.
    fn count_play(&mut self, side: Side) {
        if let Some(m) = self.current.as_mut() {
            m.summary.plays += 1;
            m.summary.players[side].plays += 1;
        }
    }

    /// A play that breaks the rules after the record's row numbers jumped
    /// in this game: the rows skipped were lost, not the play wrong. The
    /// jump's `numbering` finding becomes a `lost-plays` one, and the rest
    /// of the game is not judged (true).
    fn rows_lost(&mut self, action: &Action<'_>) -> bool {
        let Some(gap) = self.game_ref().and_then(|g| g.row_gap) else {
            return false;
        };
        if let Some(f) = self.recorder.findings.get_mut(gap.finding) {
            f.code = Code::LostPlays;
            f.kind = None;
            f.severity = Code::LostPlays.severity();
            f.message = format!(
                "{}, and the play at line {} cannot follow from the position without them: plays were lost from the record; the rest of this game cannot be checked",
                rows_missing(gap.before, gap.written),
                action.location.line
            );
        }
        if let Some(g) = self.game() {
            g.unknown = true;
            g.ambiguity = None;
            g.row_gap = None;
        }
        // Hit marks judged from the jump to this play were judged on a
        // position without the lost rows.
        self.recorder
            .hit_mark_findings
            .retain(|(f, _)| f.location.line < gap.line);
        true
    }

    /// The play of a player whose missing turn was taken as a dance (finding
    /// `index`): if he plays as if he had entered, his missing turn was a
    /// play lost from the record (true: nothing more to judge); once all his
    /// checkers are in, the dance is no longer in doubt.
    fn settle_omitted_dance(
        &mut self,
        index: usize,
        j: &Judgement<AnyBoard>,
        action: &Action<'_>,
    ) -> bool {
        if matches!(
            j.verdict,
            PlayVerdict::Illegal(IllegalKind::BarFirst) | PlayVerdict::Impossible { .. }
        ) {
            self.lost_turn(index, action.location.line);
            return true;
        }
        if !j.result.on_bar()
            && let Some(g) = self.game()
        {
            g.omitted_dance = None;
        }
        false
    }

    /// A legal play: the board moves on; a path read two ways waits for the
    /// next play; hit marks are checked.
    fn legal_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
        before: &AnyBoard,
        j: &Judgement<AnyBoard>,
    ) {
        let side = action.side;
        let after = frame(&j.result, side);
        // Almost always none: no vector then.
        let alternatives: Vec<AnyBoard> = if j.alternatives.iter().all(Option::is_none) {
            Vec::new()
        } else {
            j.alternatives
                .iter()
                .flatten()
                .map(|p| frame(p, side))
                .collect()
        };
        if let Some(g) = self.game() {
            g.board = after;
            // A new ambiguous play replaces readings still open.
            if !alternatives.is_empty() {
                g.ambiguity = Some(Ambiguity {
                    side,
                    boards: std::iter::once(after).chain(alternatives).collect(),
                    location: action.location,
                    row: action.row,
                    text: action.text.to_owned(),
                    before: *before,
                    dice: roll,
                });
            }
        }
        // Kept only in files that write hit marks at all.
        if self.recorder.hit_marks_possible && (j.hit_marks.missing || j.hit_marks.spurious) {
            let message = match (j.hit_marks.missing, j.hit_marks.spurious) {
                (true, true) => "hit marks `*` are on the wrong moves",
                (true, false) => "a hit happened but no `*` marks it",
                _ => "a `*` marks a hit that did not happen",
            };
            let f = self.complete(
                finding(Code::HitMark)
                    .at(action)
                    .rolled(Some(roll))
                    .before_board(before)
                    .message(message),
            );
            self.recorder.hit_mark_findings.push((f, *notation));
        }
        self.check_bear_off(side);
    }

    /// An illegal play: recorded, and the game goes on from the position
    /// as played; whether it stood is settled by what follows.
    fn illegal_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        notation: &PlayNotation,
        before: &AnyBoard,
        j: &Judgement<AnyBoard>,
        kind: IllegalKind,
    ) {
        let side = action.side;
        let index = self.record(
            finding(Code::IllegalPlay)
                .kind(illegal_kind(kind))
                .at(action)
                .rolled(Some(roll))
                .before_board(before)
                .message(illegal_message(kind, roll, j, notation)),
        );
        let after = frame(&j.result, side);
        if let Some(g) = self.game() {
            g.board = after;
            if kind == IllegalKind::NoPlay {
                g.pending.push(Pending::NoPlay {
                    side,
                    finding: index,
                    rolls: 1,
                    first_row: action.row,
                });
                g.last_no_play = Some((action.location, side));
            } else {
                g.pending.push(Pending::Illegal {
                    side,
                    finding: index,
                });
            }
        }
        self.check_bear_off(side);
    }

    /// An impossible play: the record is wrong, and the position unknown
    /// from here on.
    fn impossible_play(
        &mut self,
        action: &Action<'_>,
        roll: Roll,
        before: &AnyBoard,
        kind: ImpossibleKind,
        hop: Hop,
    ) {
        let side = action.side;
        let mut message = impossible_message(kind, hop);
        let lost = self
            .game_ref()
            .and_then(|g| g.last_no_play)
            .filter(|(_, s)| *s != side);
        if let Some((location, opponent)) = lost {
            // A run of rolls left unplayed counts as one.
            let rolls = self.game_ref().map_or(1, |g| {
                g.pending
                    .iter()
                    .find_map(|p| match p {
                        Pending::NoPlay { side, rolls, .. } if *side == opponent => Some(*rolls),
                        _ => None,
                    })
                    .unwrap_or(1)
            });
            let name = self.name(opponent);
            message.push_str(&if rolls > 1 {
                format!(
                    "; {name}'s {rolls} rolls from line {} were recorded with no play although plays existed: those plays were probably lost",
                    location.line
                )
            } else {
                format!(
                    "; {name}'s roll at line {} was recorded with no play although plays existed: that play was probably lost",
                    location.line
                )
            });
        }
        self.settle_no_play_as_error();
        self.record(
            finding(Code::ImpossiblePlay)
                .kind(impossible_kind(kind))
                .at(action)
                .rolled(Some(roll))
                .before_board(before)
                .message(message),
        );
        if let Some(g) = self.game() {
            g.unknown = true;
            g.ambiguity = None;
        }
    }

    /// Chooses between readings of the opponent's last play by this play.
    /// Before `side`'s play: keeps the readings of an earlier ambiguous play
    /// that this play fits. The opponent's real play decides between them; a
    /// dance, or the player's own next play, carries them on.
    fn settle_ambiguity(&mut self, side: Side, roll: Roll, notation: &PlayNotation) {
        let Some(g) = self.game() else { return };
        let Some(mut amb) = g.ambiguity.take() else {
            return;
        };
        let mut consistent: Vec<(AnyBoard, AnyBoard)> = Vec::new();
        for board in &amb.boards {
            let j = judge(&frame(board, side), roll, notation, &mut self.generator);
            if j.is_legal() {
                consistent.push((*board, frame(&j.result, side)));
            }
        }
        if let Some(&(first, _)) = consistent.first()
            && let Some(g) = self.game()
        {
            g.board = first;
        }
        if consistent.len() < 2 {
            return;
        }
        if side == amb.side || notation.is_empty() {
            // Not decided yet: carry every reading past this play.
            amb.boards = consistent.iter().map(|&(_, after)| after).collect();
            if let Some(g) = self.game() {
                g.ambiguity = Some(amb);
            }
            return;
        }
        self.record(
            finding(Code::AmbiguousPath)
                .located(amb.location)
                .side(Some(amb.side))
                .row(amb.row)
                .text(amb.text)
                .rolled(Some(amb.dice))
                .before_board(&amb.before)
                .message("the move can be read with or without a hit on the way and the next play fits both; the reading without the hit was taken"),
        );
    }

    /// The opponent's `Illegal play` dump also moved `side`'s checkers: if
    /// his play cannot be made from the dump but can from where his checkers
    /// stood before it, the game goes on from there (the dump's finding is
    /// the one finding: it says so).
    fn settle_dump_doubt(&mut self, side: Side, roll: Roll, notation: &PlayNotation) {
        let Some(g) = self.game() else { return };
        let Some((kept, index, _)) = g.dump_doubt.filter(|&(_, _, s)| s == side) else {
            return;
        };
        g.dump_doubt = None;
        let board = g.board;
        let impossible =
            |j: &Judgement<AnyBoard>| matches!(j.verdict, PlayVerdict::Impossible { .. });
        if !impossible(&self.judge_on(&frame(&board, side), roll, notation))
            || impossible(&self.judge_on(&frame(&kept, side), roll, notation))
        {
            return;
        }
        if let Some(g) = self.game() {
            g.board = kept;
        }
        let note = format!(
            "; {name}'s next play moves his checkers from where they stood before it, so the game goes on with them there",
            name = self.name(side)
        );
        if let Some(f) = self.recorder.findings.get_mut(index) {
            f.message.push_str(&note);
        }
    }

    /// [`check_bear_off`] in the match being replayed.
    #[inline(always)]
    pub(super) fn check_bear_off(&mut self, side: Side) {
        if let Some(m) = self.current.as_mut() {
            check_bear_off(m, side);
        }
    }

    /// Gives the checker-play findings of a game once it is settled (from
    /// index `findings`) the play written in their cell, found among the
    /// game's `events`, and the legal plays of their roll: worked out once,
    /// for the findings that are kept (the hit marks' at the end of the
    /// file, when they are kept).
    pub(super) fn describe_plays(&mut self, events: &[GameEvent<'_>], findings: usize) {
        for f in self.recorder.findings.iter_mut().skip(findings) {
            if f.entry().family == Family::Play {
                f.written = written_at(events, f.location).map(Box::new);
            }
        }
        self.add_legal_plays(findings);
    }

    /// Gives each checker-play finding from index `from` the legal plays of
    /// its roll.
    pub(super) fn add_legal_plays(&mut self, from: usize) {
        for i in from..self.recorder.findings.len() {
            // A blunder is a legal play: its finding names the best one.
            if self.recorder.findings[i].code == crate::catalogue::Code::Blunder {
                continue;
            }
            // The typo analysis's replays left how well each play fits.
            let fits = self.recorder.findings[i]
                .legal
                .take()
                .map(|l| l.fits)
                .unwrap_or_default();
            let legal = legal_plays_of(&self.recorder.findings[i], &mut self.backgammon, &fits);
            self.recorder.findings[i].legal = legal.map(Box::new);
        }
    }

    /// After judging the play of event `judging_event`: when the analysis
    /// settled how to read it, annotate its finding and, for a probable
    /// transcription error, continue from the legal play the record meant.
    #[inline]
    fn apply_reading(&mut self, side: Side, findings_before: usize) {
        if !self.readings.is_empty() {
            self.apply_found_reading(side, findings_before);
        }
    }

    /// Applies the reading of the event being judged, if the analysis
    /// settled one.
    #[inline(never)]
    fn apply_found_reading(&mut self, side: Side, findings_before: usize) {
        let event = self.judging_event;
        let Some(reading) = self.readings.iter().find(|r| r.event == event).cloned() else {
            return;
        };
        let played = self.recorder.findings[findings_before..]
            .iter()
            .position(|f| matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay))
            .map(|i| findings_before + i);
        if let Some(index) = played {
            let f = &mut self.recorder.findings[index];
            f.likely_typo = reading.typo;
            f.suggestion.clone_from(&reading.suggestion);
            f.message.push_str(&reading.note);
            if !reading.fits.is_empty() {
                // Kept for the legal plays listed at the game's end.
                f.legal = Some(Box::new(LegalPlays {
                    fits: reading.fits.clone(),
                    ..LegalPlays::default()
                }));
            }
            if reading.result.is_some() {
                // Not a play that stood: the record is wrong, not the player.
                self.settle_stood(index, Sequel::Misread);
            }
        }
        let Some(result) = reading.result else { return };
        if let Some(g) = self.game() {
            g.board = result;
            g.unknown = false;
            g.ambiguity = None;
            g.pending.retain(|p| match p {
                Pending::Illegal { finding, .. } | Pending::NoPlay { finding, .. } => {
                    *finding < findings_before
                }
                Pending::Hidden { .. } => true,
            });
            if g.last_no_play.is_some_and(|(_, s)| s == side) {
                g.last_no_play = None;
            }
            if matches!(g.over, Some(Ending::BearOff { .. })) {
                g.over = None;
            }
        }
        self.check_bear_off(side);
    }
}

/// After a play by `side` in `m`'s game: the game is over if he has borne
/// off every checker.
#[inline(always)]
pub(super) fn check_bear_off(m: &mut MatchState, side: Side) {
    let checkers = m.rules.variant.value.checkers();
    let Some(g) = m.game.as_ref() else { return };
    if let AnyBoard::Backgammon(board) = &g.board {
        // Cheap test first: has the mover borne off every checker?
        let off = match side {
            Side::First => board.our_off(),
            Side::Second => board.their_off(),
        };
        if off < checkers {
            return;
        }
    }
    check_game_over(m, side);
}

/// The end of `m`'s game by `side`'s play, once the cheap test of
/// [`check_bear_off`] did not rule it out.
#[inline(never)]
fn check_game_over(m: &mut MatchState, side: Side) {
    let Some(g) = m.game.as_mut() else { return };
    if g.over.is_some() {
        return;
    }
    let scoring = m.rules.scoring();
    match frame(&g.board, side) {
        AnyBoard::Backgammon(mine) => {
            if mine.we_are_off() {
                let kind = win_kind(&mine);
                let value = points(kind, g.cube.value, g.cube_turned, &scoring);
                g.over = Some(Ending::BearOff {
                    winner: side,
                    points: value,
                });
            }
        }
        AnyBoard::Plakoto(mine) => {
            // Plakoto also ends by the mother checker; a draw cannot be
            // written in a transcript, so the game goes on to its result line.
            let (winner, win) = match game_end(&mine) {
                Some(PlakotoEnd::WeWin(win)) => (side, win),
                Some(PlakotoEnd::TheyWin(win)) => (side.other(), win),
                Some(PlakotoEnd::Draw) | None => return,
            };
            g.over = Some(Ending::BearOff {
                winner,
                points: g.cube.value.saturating_mul(win.multiplier()),
            });
        }
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
        GameEvent::Action(action) if action.location == location => match &action.kind {
            ActionKind::Roll {
                play: Written::Moves(notation),
                ..
            } => Some(*notation).filter(|n| !n.is_empty()),
            _ => None,
        },
        _ => None,
    })
}

/// The finding kind of an illegal play.
const fn illegal_kind(kind: IllegalKind) -> Kind {
    match kind {
        IllegalKind::WrongDice => Kind::WrongDice,
        IllegalKind::UnderPlayed => Kind::UnderPlayed,
        IllegalKind::SmallerDie => Kind::SmallerDie,
        IllegalKind::BarFirst => Kind::BarFirst,
        IllegalKind::BearOffEarly => Kind::BearOffEarly,
        IllegalKind::BearOffLower => Kind::BearOffLower,
        IllegalKind::BlockedPath => Kind::BlockedPath,
        IllegalKind::NoPlay => Kind::NoPlay,
        IllegalKind::PlayWhenNone => Kind::PlayWhenNone,
        IllegalKind::PinnedChecker => Kind::PinnedChecker,
        IllegalKind::OntoPinnedPoint => Kind::OntoPinnedPoint,
        IllegalKind::BearOffPinned => Kind::BearOffPinned,
    }
}

/// The finding kind of an impossible play.
const fn impossible_kind(kind: ImpossibleKind) -> Kind {
    match kind {
        ImpossibleKind::NoChecker => Kind::NoChecker,
        ImpossibleKind::OntoMadePoint => Kind::OntoMadePoint,
        ImpossibleKind::Backward => Kind::Backward,
    }
}

fn illegal_message(
    kind: IllegalKind,
    roll: Roll,
    j: &Judgement<AnyBoard>,
    notation: &PlayNotation,
) -> String {
    let used = j.dice_used;
    let max = j.max_dice.unwrap_or(0);
    let count = j.legal_count.unwrap_or(0);
    match kind {
        IllegalKind::WrongDice if j.legal_count == Some(0) => format!(
            "`{notation}` cannot be made with {roll}, and {roll} could not be played at all"
        ),
        IllegalKind::WrongDice => format!("`{notation}` cannot be made with {roll}"),
        IllegalKind::UnderPlayed => format!(
            "plays {used} of the dice when {max} can be played ({count} legal play{})",
            if count == 1 { "" } else { "s" }
        ),
        IllegalKind::SmallerDie => format!(
            "plays only the {}; the {} can be played and, when only one die can, the larger must be",
            roll.low(),
            roll.high()
        ),
        IllegalKind::BarFirst => "moves another checker while one is still on the bar".into(),
        IllegalKind::BearOffEarly => {
            "bears off while a checker is still outside the home board".into()
        }
        IllegalKind::BearOffLower => {
            "bears off from a lower point with a higher die while a higher point is occupied".into()
        }
        IllegalKind::BlockedPath => "a checker moves through a blocked intermediate point".into(),
        IllegalKind::NoPlay => format!(
            "nothing is played although {count} legal play{} existed",
            if count == 1 { "" } else { "s" }
        ),
        IllegalKind::PlayWhenNone => {
            format!("a play is written although {roll} could not be played at all")
        }
        IllegalKind::PinnedChecker => "moves a pinned checker".into(),
        IllegalKind::OntoPinnedPoint => {
            "lands on a point where an opposing checker pins one of the mover's".into()
        }
        IllegalKind::BearOffPinned => {
            "bears off while one of the mover's checkers is pinned".into()
        }
    }
}

fn impossible_message(kind: ImpossibleKind, hop: Hop) -> String {
    let point = |p: u8| PointName(p).to_string();
    let mut message = match kind {
        ImpossibleKind::NoChecker if hop.from == 25 => {
            format!("`{hop}` enters from the bar, but the player has no checker there")
        }
        ImpossibleKind::NoChecker => format!(
            "`{hop}` moves a checker from the {} point, where the player has none",
            point(hop.from)
        ),
        ImpossibleKind::OntoMadePoint => format!(
            "`{hop}` lands on the {} point, held by two or more opposing checkers",
            point(hop.to)
        ),
        ImpossibleKind::Backward => format!("`{hop}` moves a checker backwards"),
    };
    message.push_str(
        ": the record cannot be right as written, and the rest of this game cannot be checked",
    );
    message
}

/// How the row numbers jump from `before` to `written` (0: the game's
/// first row is `written`), and which rows that leaves out.
fn rows_missing(before: u32, written: u32) -> String {
    match (before, written) {
        (0, 2) => "the game's rows start at 2: row 1 is missing".to_owned(),
        (0, _) => format!("the game's rows start at {written}: the first rows are missing"),
        _ if written == before + 2 => {
            format!(
                "the rows jump from {before} to {written}: row {} is missing",
                before + 1
            )
        }
        _ => format!(
            "the rows jump from {before} to {written}: rows {} to {} are missing",
            before + 1,
            written - 1
        ),
    }
}

/// A backgammon board seen from `side`.
fn frame_position(board: &Position, side: Side) -> Position {
    match side {
        Side::First => *board,
        Side::Second => board.flip(),
    }
}
