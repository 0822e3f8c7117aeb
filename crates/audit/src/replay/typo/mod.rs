//! Typo or real error? When a play is illegal or impossible, the rest of the
//! game decides how to read it.
//!
//! A game is replayed from its buffered events. For its first illegal or
//! impossible play not yet settled, the legal plays of that roll closest to
//! the notation as written are tried in turn: the rest of the game is
//! replayed as if the record had said that play. If the play as written is
//! followed by no further problem, the record follows it: it stands (a real
//! error, not a typo). If it is followed by further problems and one of the
//! legal plays makes the whole rest of the game replay cleanly, the record
//! most probably mistyped (or lost) that play: the finding says so, names the
//! play, and the game goes on from it, so that one slip of the pen gives one
//! finding instead of a cascade. Then the next unsettled play, and so on.
//!
//! An illegal play may also be a legal play of another roll: the dice, not
//! the play, were misread ([`dice`]). That reading competes with the plays
//! tried for the written dice, by one rule: the reading under which the
//! rest of the game goes wrong latest wins, then the one with fewest
//! problems, then the one that changes least of the record (one die is one
//! change, as one digit of a play is), and of equals the dice reading, which
//! keeps the board the record itself goes on from.
//!
//! Records from servers that enforce the rules hold no illegal play made at
//! the table: their findings say so ([`server`]).

mod dice;
mod distance;
mod server;

use super::recorder::{Sequel, stood};
use super::replayer::Replayer;
use super::state::{GameEvent, GameStart, MatchState, PlayReading, frame};
use crate::catalogue::{Code, Kind};
use crate::dice::Roll;
use crate::finding::{Finding, Severity};
use crate::notation::PlayNotation;
use crate::parse::{ActionKind, Written};
use crate::replay::TraceStep;
use crate::rules::{AnyBoard, Play};
use crate::side::Side;
use dice::DiceReading;
use distance::{distance, one_slip};

/// Plays settled per game at most (each costs a few trial replays).
const MAX_ROOTS: usize = 4;
/// Legal plays tried per settled play at most, the closest by notation first.
const MAX_CANDIDATES: usize = 24;
/// Rolls that must follow a play, replaying cleanly, before the record is
/// said to have meant another play: fewer prove nothing.
const MIN_EVIDENCE: usize = 2;
/// Actions the analysis of a game may replay, per action of the game: the
/// replays of a game (one for each play settled, one for each reading
/// tried) stop there, so that a game of thousands of illegal rows costs
/// time linear in its length.
const REPLAYS_PER_ACTION: usize = 4;
/// Actions the analysis of any game may replay: far more than a game of
/// usual length needs (four plays settled, each with its 24 closest legal
/// plays and its dice readings, in a game of a hundred actions).
const REPLAY_FLOOR: usize = 16_384;
/// What reading one die otherwise costs, against a play reading's distance
/// to the notation (one changed digit costs 1).
const DIE_COST: usize = 1;

/// A trial replay's outcome after the settled play.
struct Trial {
    /// Warnings and errors after the play (and illegal plays of any
    /// severity, but for a roll left unplayed before a resignation).
    problems: Vec<Finding>,
    /// Rolls after the play in the game.
    rolls: usize,
    /// Rolls after the play before the first problem (all of them when
    /// there is none).
    clean_rolls: usize,
}

/// A roll whose play is being settled.
struct Played {
    side: Side,
    /// The board before it, from the mover's side.
    mover: AnyBoard,
    roll: Roll,
    /// The play as written (empty when nothing was).
    written: PlayNotation,
    /// The game's opening roll (the first roll of a game from the start).
    opening: bool,
}

/// Another roll for the play as written, and how the game went after it.
struct DiceCandidate {
    reading: DiceReading,
    trial: Trial,
}

/// A legal play tried for a roll, and how the game went after it.
struct Candidate {
    /// Its distance to the notation as written.
    distance: usize,
    play: Play,
    /// The board after it, from the mover's side.
    result: AnyBoard,
    trial: Trial,
}

/// What goes wrong after a play read as written.
struct AsWritten {
    /// Warnings and errors after it.
    problems: Vec<Finding>,
    /// Where the first of them is (at once for an impossible play).
    first: usize,
    /// Where the play is.
    after: usize,
    /// The play is impossible: the rest of the game cannot be checked.
    impossible: bool,
    /// In a record without lines (`.xg`), the move of each action by
    /// where it is, to name where a later problem is; empty otherwise.
    moves: std::collections::HashMap<usize, u32>,
}

impl AsWritten {
    /// Where finding `f` is: `line 45`; in a record without lines, `move
    /// 12` (`a later move` when its move is not known).
    fn place(&self, f: &Finding) -> String {
        if f.location.line > 0 {
            return format!("line {}", f.location.line);
        }
        match self.moves.get(&f.location.byte) {
            Some(row) => format!("move {row}"),
            None => "a later move".to_owned(),
        }
    }

    /// "the opponent's `51: 25/20 7/6` at line 45 is an impossible play".
    fn describe_first(&self, findings: &[Finding]) -> String {
        match findings.first() {
            Some(f) => {
                let what = match f.kind {
                    Some(kind) => format!("{} ({kind})", f.code),
                    None => f.code.to_string(),
                };
                let who = f
                    .player
                    .as_deref()
                    .map(|p| format!("{p}'s "))
                    .unwrap_or_default();
                let at = self.place(f);
                if f.text.is_empty() {
                    format!("{at} gives {what}")
                } else {
                    format!("{who}`{}` at {at} gives {what}", f.text)
                }
            }
            None => "nothing else goes wrong".into(),
        }
    }

    /// A reading with fewer problems than the play as written and none of
    /// its own: it removes what went wrong without adding anything.
    fn fewer(&self, trial: &Trial) -> bool {
        !self.impossible
            && trial.problems.len() < self.problems.len()
            && trial
                .problems
                .iter()
                .all(|p| self.problems.iter().any(|w| key(w) == key(p)))
    }

    /// Whether `trial`'s reading is convincing: clean to the end of the
    /// game; or, as the only legal play, going wrong later than the play as
    /// written does, or only where the play as written also goes wrong (the
    /// later problems are separate ones).
    fn convinced_by(&self, trial: &Trial, single: bool, min_clean: usize) -> bool {
        match trial.problems.first() {
            None => trial.rolls >= min_clean,
            Some(first) => {
                single
                    && ((trial.clean_rolls >= min_clean && first.location.byte > self.first)
                        || self.fewer(trial))
            }
        }
    }

    /// A reading that adds no problem to those of the play as written.
    fn adds_nothing(&self, trial: &Trial) -> bool {
        trial
            .problems
            .iter()
            .all(|p| self.problems.iter().any(|w| key(w) == key(p)))
    }

    /// The reading of a play whose dice the record most probably misread:
    /// the play as written, with the roll of `best`.
    fn misdiced(&self, event: usize, played: &Played, best: DiceCandidate) -> PlayReading {
        let DiceCandidate { reading, trial } = best;
        let rest = match trial.problems.first() {
            None if trial.rolls == 0 => "nothing follows it in the game".to_string(),
            None => format!("the {} roll(s) after it replay cleanly", trial.rolls),
            Some(f) => format!(
                "the {} roll(s) after it replay cleanly up to {}",
                trial.clean_rolls,
                self.place(f)
            ),
        };
        let opening = if played.opening {
            " (at the opening each player rolls one die, and a die misread there is common)"
        } else {
            ""
        };
        let note = format!(
            "; probable transcription error: `{}` is the play of {}, one die away from the {} written{opening}, and {rest}; as written with {} it cannot be made",
            played.written, reading.roll, played.roll, played.roll
        );
        PlayReading {
            event,
            result: Some(frame(&reading.result, played.side)),
            suggestion: Some(format!("{}: {}", reading.roll, played.written)),
            dice: Some(reading.roll),
            typo: Some(true),
            note,
            lost: false,
            fits: Vec::new(),
        }
    }

    /// The reading of a play the record most probably mistyped (or lost):
    /// `best`, with the note that says so.
    fn misread(&self, event: usize, played: &Played, best: Candidate) -> PlayReading {
        let Candidate {
            play,
            result,
            trial,
            ..
        } = best;
        let shown = if play.steps().is_empty() {
            "no play".to_string()
        } else {
            format!("`{play}`")
        };
        let as_written_note = if self.impossible {
            "the rest of the game cannot be checked".to_string()
        } else {
            // What goes wrong as written that the reading removes.
            let mut removed: Vec<Finding> = self
                .problems
                .iter()
                .filter(|w| !trial.problems.iter().any(|p| key(p) == key(w)))
                .cloned()
                .collect();
            removed.sort_by_key(|f| f.location.byte);
            self.describe_first(if removed.is_empty() {
                &self.problems
            } else {
                &removed
            })
        };
        let clean = match trial.problems.first() {
            None => format!("the {} roll(s) after it replay cleanly", trial.rolls),
            Some(f) => format!(
                "the {} roll(s) after it replay cleanly up to {}",
                trial.clean_rolls,
                self.place(f)
            ),
        };
        let note = if played.written.is_empty() {
            format!(
                "; the play was probably lost from the record: with {shown} {clean}; as written, {as_written_note}"
            )
        } else {
            format!(
                "; probable transcription error: {shown} is legal and {clean}; as written, {as_written_note}"
            )
        };
        PlayReading {
            event,
            result: Some(frame(&result, played.side)),
            suggestion: Some(play.to_string()),
            dice: None,
            typo: Some(true),
            note,
            lost: false,
            fits: Vec::new(),
        }
    }
}

/// What identifies a problem when two readings are compared.
fn key(f: &Finding) -> (Code, Option<Kind>, usize) {
    (f.code, f.kind, f.location.byte)
}

/// What counts against a reading of the rest of the game: warnings and
/// errors, and illegal plays of any severity, but for a roll left unplayed
/// before a resignation (a note whichever way the play before it is read).
fn is_problem(f: &Finding, after: usize) -> bool {
    f.location.byte > after
        && (f.severity >= Severity::Warning
            || (f.code == Code::IllegalPlay && f.kind != Some(Kind::NoPlay)))
}

impl<'a> Replayer<'_, 'a> {
    /// Replays the buffered game, settling its illegal plays.
    pub(super) fn run_game(&mut self) {
        if self.events.is_empty() && self.game_start.is_none() && self.game_ref().is_none() {
            // No game open (a game header or the match's end after the
            // game was closed): nothing to replay or settle.
            self.judging.readings.clear();
            self.judging.begin_replay();
            self.analyses.clear();
            return;
        }
        let mut events = std::mem::take(&mut self.events);
        let first = self
            .game_start
            .as_ref()
            .map_or(self.recorder.findings.len(), |start| start.findings);
        let first_step = self
            .game_start
            .as_ref()
            .map_or(self.trace.len(), |start| start.trace);
        self.settle_game(&events);
        let first = first.min(self.recorder.findings.len());
        self.settle_lost(first, &events);
        self.mark_misread_dice(&events, first);
        self.mark_server_record(first);
        let first_step = first_step.min(self.trace.len());
        number_actions(
            &mut self.recorder.findings[first..],
            &mut self.trace[first_step..],
            &events,
        );
        self.describe_plays(&events, first);
        self.tally_game_skill();
        // Keep the buffer's capacity for the next game.
        events.clear();
        self.events = events;
    }

    /// The rolls the analysis found lost from the record (findings from
    /// index `first`) were no violation of the player's: whatever followed
    /// them, nothing stood.
    fn settle_lost(&mut self, first: usize, events: &[GameEvent<'a>]) {
        for reading in self.judging.readings.iter().filter(|r| r.lost) {
            let Some(at) = events.get(reading.event).map(GameEvent::location) else {
                continue;
            };
            for f in self.recorder.findings[first..]
                .iter_mut()
                .filter(|f| f.location == at && f.code == Code::IllegalPlay)
            {
                f.stood = stood(Sequel::Misread);
            }
        }
    }

    fn settle_game(&mut self, events: &[GameEvent<'a>]) {
        self.judging.readings.clear();
        let Some(start) = self.game_start.take() else {
            self.tracing = self.options.trace;
            self.process(events);
            self.tracing = false;
            return;
        };
        let mut settled: Vec<usize> = Vec::new();
        self.replay_budget = events
            .len()
            .saturating_mul(REPLAYS_PER_ACTION)
            .max(REPLAY_FLOOR);
        loop {
            if settled.is_empty() {
                // The replay stands at the start of the game until it is
                // first replayed: the match state is replayed in place.
                self.tracing = self.options.trace;
                self.process(events);
                self.tracing = false;
            } else {
                // Replayed again from the game's start, with the readings
                // settled so far; when the budget is spent, the game as
                // written with those readings, for the last time (traced:
                // its trace is the game's).
                let spent = !self.charge(events.len());
                let trial = MatchState::restored(&start.state, self.current.as_mut());
                self.current = self.replay_game(trial, &start, events, self.options.trace);
                if spent {
                    break;
                }
            }
            if settled.len() >= MAX_ROOTS {
                break;
            }
            let Some((event, finding)) = self.next_root(&start, events, &settled) else {
                break;
            };
            settled.push(event);
            let reading = self.settle(&start, events, event, &finding);
            self.judging.readings.push(reading);
        }
        self.spare_start = Some(start);
    }

    /// Gives the findings of the current game (from finding `first`) whose
    /// dice the analysis read as misread the roll meant; an opening double
    /// on the same cell was the same slip.
    fn mark_misread_dice(&mut self, events: &[GameEvent<'a>], first: usize) {
        for reading in &self.judging.readings {
            let Some(roll) = reading.dice else { continue };
            let Some(location) = events.get(reading.event).map(GameEvent::location) else {
                continue;
            };
            for f in self.recorder.findings[first..]
                .iter_mut()
                .filter(|f| f.location == location)
            {
                match f.code {
                    Code::IllegalPlay => f.meant_dice = Some(roll),
                    Code::OpeningDouble => {
                        f.meant_dice = Some(roll);
                        f.likely_typo = Some(true);
                        f.suggestion.clone_from(&reading.suggestion);
                        f.message.push_str(&format!(
                            "; probable transcription error: one die was misread, the play written is the opening play of {roll}"
                        ));
                    }
                    _ => {}
                }
            }
        }
    }

    /// Takes `actions` from the game's replay budget; `false` (and nothing
    /// taken) when it does not hold them.
    fn charge(&mut self, actions: usize) -> bool {
        if actions > self.replay_budget {
            return false;
        }
        self.replay_budget -= actions;
        #[cfg(test)]
        tests::REPLAYED.with(|replayed| replayed.set(replayed.get() + actions));
        true
    }

    /// Replays the game's `events` from `trial`, the match state as the
    /// game starts (`MatchState::restored(&start.state, ..)`: a clone of
    /// the game's start, with the names of the state replayed last moved
    /// into it, not copied; a game is settled before its match is closed,
    /// so that state is there), the findings, hit-mark findings
    /// and trace first rewound to where the game starts (`start`); the
    /// positions traced when `tracing`. Returns the state the replay
    /// leaves (none only if `events` closed the match, which they never
    /// do: a game is replayed before its match is closed).
    pub(super) fn replay_game(
        &mut self,
        trial: MatchState,
        start: &GameStart,
        events: &[GameEvent<'a>],
        tracing: bool,
    ) -> Option<MatchState> {
        self.recorder.findings.truncate(start.findings);
        self.recorder.hit_mark_findings.truncate(start.hit_marks);
        self.trace.truncate(start.trace);
        self.current = Some(trial);
        self.tracing = tracing;
        self.process(events);
        self.tracing = false;
        self.current.take()
    }

    /// The first illegal or impossible play of this replay not yet settled.
    fn next_root(
        &self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        settled: &[usize],
    ) -> Option<(usize, Finding)> {
        self.recorder.findings[start.findings..]
            .iter()
            .filter(|f| {
                f.severity == Severity::Error
                    && matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay)
            })
            .filter_map(|f| {
                let event = events.iter().position(|e| e.location() == f.location)?;
                (!settled.contains(&event)).then(|| (event, f.clone()))
            })
            .min_by_key(|(event, _)| *event)
    }

    /// Decides how to read the play of `event`, whose finding is `finding`,
    /// with how well the rest of the game replays after each legal play
    /// tried in its place.
    fn settle(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        finding: &Finding,
    ) -> PlayReading {
        let mut fits = Vec::new();
        let reading = self.settle_fitting(start, events, event, finding, &mut fits);
        PlayReading { fits, ..reading }
    }

    /// [`Self::settle`], the legal plays tried and the problems after each
    /// pushed to `fits`.
    fn settle_fitting(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        finding: &Finding,
        fits: &mut Vec<(String, usize)>,
    ) -> PlayReading {
        let mut as_written = self.as_written(start, finding);
        if finding.location.line == 0 {
            as_written.moves = moves_of(events);
        }
        // Rolls left unplayed, after which the opponent's play cannot be
        // made as recorded: the plays were lost from the record.
        let lost_before = (finding.kind == Some(Kind::NoPlay))
            .then(|| as_written.problems.iter().min_by_key(|f| f.location.byte))
            .flatten()
            .filter(|f| {
                f.code == Code::ImpossiblePlay && f.side.is_some() && f.side != finding.side
            })
            .cloned();
        let stands = PlayReading::stands(event);
        let played = self.played_at(start, events, event);
        // Another roll for the play as written: only an illegal play (an
        // impossible one is impossible with any dice).
        let dice = match &played {
            Some(played) if finding.code == Code::IllegalPlay => {
                self.dice_candidate(start, events, event, played, &as_written)
            }
            _ => None,
        };
        if !as_written.impossible
            && as_written
                .problems
                .iter()
                .all(|f| f.severity < Severity::Warning)
        {
            // The record follows the play as written: it was played so. With
            // a roll one die away it is legal: the dice were misread.
            // Otherwise it stands (the finding's `likely_typo` says so; the
            // message needs no note).
            if let (Some(played), Some(dice)) = (&played, dice)
                && as_written.adds_nothing(&dice.trial)
            {
                return as_written.misdiced(event, played, dice);
            }
            // A real error only when no play one slip of the pen away fits
            // the rest as well: a hop left out of `24/22 13/10` is as likely
            // as a checker left unmoved.
            if let Some(played) = &played
                && let Some(rival) = self.rival(start, events, event, played, &as_written)
            {
                return PlayReading {
                    typo: None,
                    note: format!(
                        "; cannot tell a transcription error from a real one: the rest of the game replays as cleanly after `{rival}`, one slip of the pen away from `{}`, as after the play as written",
                        played.written
                    ),
                    ..stands
                };
            }
            return PlayReading {
                typo: Some(false),
                ..stands
            };
        }
        let Some(played) = played else {
            return stands;
        };
        let candidates = self.candidates(&played);
        // With one legal play there is nothing to choose, so no fit by
        // chance: one clean roll after it (the one that went wrong as
        // written) is evidence enough, and a later problem can be a separate
        // one. Choosing among several needs the whole rest of the game clean:
        // a reading that fits for a while and then fails is a guess.
        let single = candidates.len() == 1;
        let min_clean = if single { 1 } else { MIN_EVIDENCE };
        let best = self.best_reading(
            start,
            events,
            event,
            &played,
            candidates,
            as_written.after,
            Some(fits),
        );
        let convinced = best
            .as_ref()
            .is_some_and(|b| as_written.convinced_by(&b.trial, single, min_clean));
        if let Some(dice) = dice
            && as_written.adds_nothing(&dice.trial)
        {
            // The dice reading against the best play reading: it wins when
            // it ranks as well (ties go to it), or when no play reading is
            // convincing.
            let first = best
                .as_ref()
                .is_none_or(|b| rank(&dice.trial, DIE_COST) <= rank(&b.trial, b.distance));
            if first || !convinced {
                return as_written.misdiced(event, &played, dice);
            }
        }
        match best {
            Some(best) if convinced => as_written.misread(event, &played, best),
            Some(_) if lost_before.is_some() => {
                let Some(later) = lost_before else {
                    return stands;
                };
                let who = later
                    .player
                    .as_deref()
                    .map(|p| format!("{p}'s "))
                    .unwrap_or_default();
                PlayReading {
                    note: format!(
                        "; {who}`{}` at line {} then moves as if the roll(s) left unplayed had been played: the play(s) were probably lost from the record (no one legal play makes the rest of the game consistent)",
                        later.text, later.location.line
                    ),
                    lost: true,
                    ..stands
                }
            }
            Some(best) if !as_written.impossible => {
                // The record follows the play as written for a while, and no
                // legal play makes it go wrong later: it stood, and what goes
                // wrong later is a separate matter.
                let first = best
                    .trial
                    .problems
                    .first()
                    .map_or(usize::MAX, |f| f.location.byte);
                let clean_as_written = rolls_after(events, event, as_written.first);
                if clean_as_written >= MIN_EVIDENCE
                    && first <= as_written.first
                    && !as_written.fewer(&best.trial)
                {
                    PlayReading {
                        typo: Some(false),
                        ..stands
                    }
                } else {
                    stands
                }
            }
            _ => stands,
        }
    }

    /// A legal play one slip of the pen away from the play of `event` as
    /// written (see [`one_slip`]) after which the rest of the game replays
    /// as cleanly as after the play as written, if there is one.
    fn rival(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        played: &Played,
        as_written: &AsWritten,
    ) -> Option<Play> {
        let rivals: Vec<(usize, Play, AnyBoard)> = self
            .candidates(played)
            .into_iter()
            .filter(|(_, play, _)| one_slip(&played.written, play))
            .collect();
        if rivals.is_empty() {
            return None;
        }
        let best =
            self.best_reading(start, events, event, played, rivals, as_written.after, None)?;
        (best.trial.problems.len() <= as_written.problems.len()
            && as_written.adds_nothing(&best.trial))
        .then_some(best.play)
    }

    /// The roll one die away under which the play of `event` as written is
    /// legal, with what follows it.
    fn dice_candidate(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        played: &Played,
        as_written: &AsWritten,
    ) -> Option<DiceCandidate> {
        let readings =
            self.dice_readings(&played.mover, played.roll, &played.written, played.opening);
        if readings.is_empty() {
            return None;
        }
        let as_played = crate::rules::judge(
            &played.mover,
            played.roll,
            &played.written,
            &mut self.judging.generator,
        )
        .result;
        let mut best: Option<DiceCandidate> = None;
        for reading in readings {
            let trial = if reading.result == as_played {
                // The board the record went on from: what follows is what
                // follows the play as written.
                let mut problems = as_written.problems.clone();
                problems.sort_by_key(|f| f.location.byte);
                let first = problems.first().map_or(usize::MAX, |f| f.location.byte);
                Trial {
                    problems,
                    rolls: rolls_after(events, event, usize::MAX),
                    clean_rolls: rolls_after(events, event, first),
                }
            } else {
                // Another board (a hit on the way): replay the rest from it.
                let result = frame(&reading.result, played.side);
                let Some(trial) = self.trial(start, events, event, result, as_written.after) else {
                    // The budget is spent: the readings tried decide.
                    break;
                };
                trial
            };
            // The rest of the game decides first; of equals, the likeliest
            // roll (they come likeliest first).
            if best
                .as_ref()
                .is_none_or(|b| rank(&trial, 0) < rank(&b.trial, 0))
            {
                best = Some(DiceCandidate { reading, trial });
            }
        }
        best
    }

    /// What goes wrong after the play of `finding` read as written.
    fn as_written(&self, start: &GameStart, finding: &Finding) -> AsWritten {
        let after = finding.location.byte;
        let impossible = finding.code == Code::ImpossiblePlay;
        let problems: Vec<Finding> = self.recorder.findings[start.findings..]
            .iter()
            .filter(|f| is_problem(f, after))
            .cloned()
            .collect();
        // Where reading the play as written first goes wrong: at once for an
        // impossible play (the rest cannot be checked).
        let first = if impossible {
            after
        } else {
            problems
                .iter()
                .map(|f| f.location.byte)
                .min()
                .unwrap_or(usize::MAX)
        };
        AsWritten {
            problems,
            first,
            after,
            impossible,
            moves: std::collections::HashMap::new(),
        }
    }

    /// The roll of `event`, when the position before it is known.
    fn played_at(
        &self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
    ) -> Option<Played> {
        let board = self
            .judging
            .snapshots
            .iter()
            .find(|&&(i, _)| i == event)
            .map(|&(_, board)| board);
        let (Some(board), Some(GameEvent::Action(action))) = (board, events.get(event)) else {
            return None;
        };
        let ActionKind::Roll {
            dice: Some(roll),
            play,
        } = &action.kind
        else {
            return None;
        };
        let from_start = start.state.game.is_some();
        let rolled_before = events[..event].iter().any(
            |e| matches!(e, GameEvent::Action(a) if matches!(a.kind, ActionKind::Roll { .. })),
        );
        Some(Played {
            side: action.side,
            mover: frame(&board, action.side),
            roll: *roll,
            written: match play {
                Written::Moves(n) => *n,
                _ => PlayNotation::empty(),
            },
            opening: from_start && !rolled_before,
        })
    }

    /// The legal plays of the roll to try, the closest to the notation as
    /// written first, with their distance to it.
    fn candidates(&mut self, played: &Played) -> Vec<(usize, Play, AnyBoard)> {
        let mut candidates: Vec<(usize, Play, AnyBoard)> = self
            .judging
            .generator
            .generate(&played.mover, played.roll)
            .iter()
            .map(|p| (distance(&played.written, &p.play), p.play, p.result))
            .collect();
        candidates.sort_by_key(|(d, play, _)| (*d, play.to_string()));
        candidates.truncate(MAX_CANDIDATES);
        candidates
    }

    /// Replays the game under each candidate reading of the play of `event`
    /// and keeps the best: the one that goes wrong latest, then has fewest
    /// problems, then is closest to what was written. With `fits`, every
    /// candidate is tried (the budget allowing) and the problems after each
    /// pushed there, for the legal plays a report lists.
    #[allow(clippy::too_many_arguments)]
    fn best_reading(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        played: &Played,
        candidates: Vec<(usize, Play, AnyBoard)>,
        after: usize,
        mut fits: Option<&mut Vec<(String, usize)>>,
    ) -> Option<Candidate> {
        let mut best: Option<Candidate> = None;
        for (distance, play, result) in candidates {
            let Some(trial) = self.trial(start, events, event, frame(&result, played.side), after)
            else {
                // The budget is spent: the readings tried decide.
                break;
            };
            if let Some(fits) = fits.as_deref_mut() {
                fits.push((play.to_string(), trial.problems.len()));
            }
            let better = match &best {
                None => true,
                Some(b) => rank(&trial, distance) < rank(&b.trial, b.distance),
            };
            if better {
                let clean = trial.problems.is_empty();
                best = Some(Candidate {
                    distance,
                    play,
                    result,
                    trial,
                });
                // Candidates come closest first: none later can do better
                // (but for how well each fits, when that is asked).
                if clean && fits.is_none() {
                    break;
                }
            }
        }
        best
    }

    /// Replays the game with the play of `event` read as `result` (first
    /// player's frame) and reports what follows it.
    fn trial(
        &mut self,
        start: &GameStart,
        events: &[GameEvent<'a>],
        event: usize,
        result: AnyBoard,
        after: usize,
    ) -> Option<Trial> {
        if !self.charge(events.len()) {
            return None;
        }
        self.judging.readings.push(PlayReading {
            event,
            result: Some(result),
            suggestion: None,
            dice: None,
            typo: Some(true),
            note: String::new(),
            lost: false,
            fits: Vec::new(),
        });
        let trial = MatchState::restored(&start.state, self.current.as_mut());
        self.current = self.replay_game(trial, start, events, false);
        self.judging.readings.pop();
        let mut problems: Vec<Finding> = self.recorder.findings[start.findings..]
            .iter()
            .filter(|f| is_problem(f, after))
            .cloned()
            .collect();
        problems.sort_by_key(|f| f.location.byte);
        let first = problems.first().map_or(usize::MAX, |f| f.location.byte);
        let rolls = rolls_after(events, event, usize::MAX);
        let clean_rolls = rolls_after(events, event, first);
        Some(Trial {
            problems,
            rolls,
            clean_rolls,
        })
    }
}

/// How a reading ranks (smaller is better): the later the rest of the game
/// first goes wrong the better, then the fewer problems, then the smaller
/// `cost` (how much of the record the reading changes).
fn rank(trial: &Trial, cost: usize) -> (std::cmp::Reverse<usize>, usize, usize) {
    let first = trial
        .problems
        .first()
        .map_or(usize::MAX, |f| f.location.byte);
    (std::cmp::Reverse(first), trial.problems.len(), cost)
}

/// The rolls after event `event` of the game, before byte `until`.
fn rolls_after(events: &[GameEvent<'_>], event: usize, until: usize) -> usize {
    events
        .iter()
        .skip(event + 1)
        .take_while(|e| e.location().byte < until)
        .filter(|e| matches!(e, GameEvent::Action(a) if matches!(a.kind, ActionKind::Roll { .. })))
        .count()
}

/// In a game written without row numbers (SGF, `.xg`, some `.mat` files),
/// a finding at an action, and the action's traced step, get the row the
/// action takes in the game laid out as a `.mat` file
/// ([`crate::parse::rows`]) as their move.
fn number_actions(findings: &mut [Finding], trace: &mut [TraceStep], events: &[GameEvent<'_>]) {
    let actions = || {
        events.iter().filter_map(|e| match e {
            GameEvent::Action(a) => Some(a),
            GameEvent::Problem(_) => None,
        })
    };
    // Most games have their rows written: nothing to count then.
    if (findings.iter().all(|f| f.row.is_some()) && trace.is_empty())
        || actions().any(|a| a.row.is_some())
    {
        return;
    }
    let numbered = moves_of(events);
    for f in findings.iter_mut().filter(|f| f.row.is_none()) {
        f.row = numbered.get(&f.location.byte).copied();
    }
    for step in trace.iter_mut().filter(|s| s.row.is_none()) {
        step.row = numbered.get(&step.location.byte).copied();
    }
}

/// The move of each action of a game written without row numbers, by
/// where the action is (see [`crate::parse::rows`]).
fn moves_of(events: &[GameEvent<'_>]) -> std::collections::HashMap<usize, u32> {
    let mut rows = crate::parse::rows::Rows::new();
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Action(a) => Some((a.location.byte, rows.next(a.side, &a.kind)?)),
            GameEvent::Problem(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
