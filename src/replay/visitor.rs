//! The replayer proper: follows the reader's events, keeps the board, the
//! cube and the score, and records findings.

mod typo;

use super::rules::{RulesInForce, Setting, Source, parse_variant};
use super::{MatchSummary, Options};
use crate::dice::Roll;
use crate::finding::{Context, Finding, Severity};
use crate::notation::{PlayNotation, PointName};
use crate::parse::{
    Action, ActionKind, BoardDump, GameHeader, Location, MatchHeader, Problem, ProblemKind,
    Resignation, Visitor, Written,
};
use crate::position::{Position, Setup, Variant};
use crate::rules::outcome::{points, win_kind};
use crate::rules::plakoto::{PlakotoEnd, PlakotoPosition, game_end};
use crate::rules::{AnyBoard, Board as _};
use crate::rules::{
    Crawford, Cube, DoubleError, IllegalKind, ImpossibleKind, MatchScore, MoveGen, PlayVerdict,
    cube::is_dead, judge,
};
use crate::side::{ByPlayer, Side};

/// A double (or beaver, raccoon) waiting for its answer.
#[derive(Copy, Clone, Debug)]
struct Offer {
    /// Who made the latest offer.
    by: Side,
    /// Who made the first double of the chain (he rolls after a take).
    original: Side,
    /// The cube value if taken.
    offered: u32,
    /// What a drop loses.
    on_drop: u32,
    /// Who owns the cube after a take.
    owner_after_take: Side,
    /// The latest offer was a beaver or raccoon.
    animal: bool,
    /// The double came out of turn (already reported): after a take the
    /// record may go on with either player's roll.
    out_of_turn: bool,
}

/// How a game ended.
#[derive(Copy, Clone, Debug)]
enum Ending {
    /// The winner bore off his last checker.
    BearOff { winner: Side, points: u32 },
    /// A double was dropped.
    Drop { winner: Side, points: u32 },
    /// A resignation (from a cell or inferred from a `Wins` line).
    Resign { winner: Side, points: Option<u32> },
    /// Only a `Losses` line on a row of its own said who lost: Backgammon
    /// Galaxy writes such lines at the left margin whoever lost, so a
    /// following `Wins` line decides.
    LossLine { winner: Side, points: Option<u32> },
}

impl Ending {
    /// How the game was won, for messages.
    fn how(&self) -> &'static str {
        match self {
            Ending::BearOff { .. } => "by bearing off",
            Ending::Drop { .. } => "when the double was dropped",
            Ending::Resign { .. } | Ending::LossLine { .. } => "by the opponent's resignation",
        }
    }

    fn winner(&self) -> Side {
        match *self {
            Ending::BearOff { winner, .. }
            | Ending::Drop { winner, .. }
            | Ending::Resign { winner, .. }
            | Ending::LossLine { winner, .. } => winner,
        }
    }
    fn points(&self) -> Option<u32> {
        match *self {
            Ending::BearOff { points, .. } | Ending::Drop { points, .. } => Some(points),
            Ending::Resign { points, .. } | Ending::LossLine { points, .. } => points,
        }
    }
}

/// A finding whose details depend on what comes next.
#[derive(Clone, Debug)]
enum Pending {
    /// An illegal play (or marker): did the opponent's next action accept it?
    Illegal { side: Side, finding: usize },
    /// Rolls with nothing played although plays existed: if the player never
    /// plays again before the game ends he stopped playing (info); if he
    /// plays again, or the record breaks, it is an error.
    NoPlay {
        side: Side,
        finding: usize,
        rolls: u32,
        first_row: Option<u32>,
    },
    /// A hidden play: fine before a resignation, an error mid-game.
    Hidden {
        side: Side,
        location: Location,
        row: Option<u32>,
        dice: Option<Roll>,
        text: String,
    },
}

/// A roll with nothing written after the dice.
#[derive(Clone, Debug)]
struct EmptyRoll {
    /// Index of its event in the game.
    event: usize,
    side: Side,
    roll: Roll,
    location: Location,
    row: Option<u32>,
    text: String,
}

/// A legal play whose notation also fits other positions.
#[derive(Clone, Debug)]
struct Ambiguity {
    side: Side,
    /// Candidate boards after the play (First's frame), the chosen one first.
    boards: Vec<AnyBoard>,
    location: Location,
    row: Option<u32>,
    text: String,
    before: AnyBoard,
    dice: Roll,
}

#[derive(Clone)]
struct GameState {
    number: Option<u32>,
    names: ByPlayer<String>,
    /// The board, always from the first player's side.
    board: AnyBoard,
    from_start: bool,
    rolls: u32,
    next: Option<Side>,
    offer: Option<Offer>,
    cube: Cube,
    cube_turned: bool,
    crawford: Crawford,
    over: Option<Ending>,
    /// Set when the position is no longer known (impossible or hidden play).
    unknown: bool,
    /// Set when a cell that could not be read may have been a cube action:
    /// the cube is no longer known either.
    cube_unknown: bool,
    /// A turn taken as an omitted dance: the finding and the player who
    /// danced. If his next play moves as if he had entered, a play was lost
    /// instead.
    omitted_dance: Option<(usize, Side)>,
    pending: Vec<Pending>,
    last_no_play: Option<(Location, Side)>,
    after_end_reported: bool,
    start_scores: ByPlayer<u32>,
    ambiguity: Option<Ambiguity>,
    /// A roll with nothing written, judged when the next event shows whether
    /// a position set-up follows (the play recorded as an edit).
    empty_roll: Option<EmptyRoll>,
    /// The `Wins` line's points, when one was read.
    written_points: Option<u32>,
    /// Where that `Wins` line is.
    written_at: Option<Location>,
    /// The `Losses` line's points, when one was read.
    loss_points: Option<u32>,
    /// A resignation written without its value: reported at the end of the
    /// game unless a `Wins` line gives the value.
    unvalued: Option<Finding>,
    /// The value written for the game is not a possible one: the next score
    /// line is taken as it is.
    doubtful_points: bool,
}

#[derive(Clone)]
struct MatchState {
    rules: RulesInForce,
    score: MatchScore,
    first_names: Option<ByPlayer<String>>,
    summary: MatchSummary,
    game: Option<GameState>,
    games: u32,
    after_match_reported: bool,
    /// The score the next game should start with if the record's own points
    /// (rather than the replay's) are right: no second finding for one cause.
    alt_expected: Option<ByPlayer<u32>>,
    /// After a score line that disagreed with the replay: the score the
    /// replay itself would have now. If the next line agrees with it, the
    /// earlier line was the mistake: no second finding.
    replayed: Option<ByPlayer<u32>>,
    /// The `score-mismatch` finding of the last score line that disagreed
    /// with the replay, with the scores written and replayed: if the next
    /// line agrees with the replay, it was a mistyped line, not a gap.
    mismatch: Option<(usize, ByPlayer<u32>, ByPlayer<u32>)>,
    /// That mismatch is explained by another value of the last game's
    /// resignation: its `Wins` line and the two values.
    mismatch_wins_line: Option<WinsDispute>,
    /// The last game's points are unknown (unfinished, or a resignation
    /// without a value): the next score line is taken as it is.
    result_unknown: bool,
    /// A resignation read as conceding the match (`resign-value/match`): if
    /// another game of the match follows, it did not, and its value was
    /// wrong. The finding's index and the points the winner needed.
    concession: Option<(usize, u32)>,
    /// The last game ended by a resignation valued only by its `Wins` line:
    /// the winner, the points written, where, the cube, and the most the
    /// loser could still lose (1, 2 or 3 times the cube). A score line
    /// that differs only in the winner's score by another value of the
    /// resignation points at that line, not at missing games.
    last_resign: Option<(Side, u32, Location, u32, u32)>,
    /// The file names a game bgaudit does not know: no play is judged.
    variant_unknown: bool,
    first_finding: usize,
}

/// One event of the current game, kept (borrowing from the text) so that
/// the game can be replayed again under another reading of a play.
#[derive(Clone, Debug)]
enum GameEvent<'a> {
    Action(Action<'a>),
    Problem(Problem<'a>),
}

impl GameEvent<'_> {
    fn location(&self) -> Location {
        match self {
            GameEvent::Action(action) => action.location,
            GameEvent::Problem(problem) => problem.location,
        }
    }
}

/// How the analysis of transcription errors settled one illegal play.
#[derive(Clone, Debug)]
struct Reading {
    /// Index of the play's event in the game.
    event: usize,
    /// The legal play the record most probably meant, as the board after it
    /// (first player's frame); `None` when the play as written stands.
    result: Option<AnyBoard>,
    /// That play in standard notation.
    suggestion: Option<String>,
    /// Probable typo (`true`), the play as written stands (`false`), or not
    /// determined (`None`).
    typo: Option<bool>,
    /// Appended to the finding's message.
    note: String,
}

/// The state at the start of the current game, to replay it again.
#[derive(Clone)]
struct GameStart {
    state: MatchState,
    findings: usize,
    hit_marks: usize,
    trace: usize,
}

/// The replaying visitor for one file; `'a` is the text's lifetime.
pub(crate) struct Replayer<'o, 'a> {
    options: &'o Options,
    generator: MoveGen<AnyBoard>,
    /// The generator for backgammon boards, judged without going through
    /// [`AnyBoard`] (the common case, several times faster per step).
    backgammon: MoveGen<Position>,
    pub(crate) findings: Vec<Finding>,
    pub(crate) matches: Vec<MatchSummary>,
    pub(crate) unreadable: Option<String>,
    pub(crate) trace: Vec<super::TraceStep>,
    match_count: u32,
    current: Option<MatchState>,
    /// The last unfinished game's finding: a warning unless it was the last game of the file.
    unfinished: Option<usize>,
    hit_marks_written: bool,
    hit_mark_findings: Vec<Finding>,
    /// The current game's events, replayed when it ends.
    events: Vec<GameEvent<'a>>,
    game_start: Option<GameStart>,
    /// Index of the event being replayed.
    event_index: usize,
    /// Index of the event whose play is being judged.
    judging_event: usize,
    /// The board before each event of the current replay (first player's
    /// frame; `None` when unknown).
    snapshots: Vec<Option<AnyBoard>>,
    /// Settled readings of the current game's illegal plays.
    readings: Vec<Reading>,
    /// Record the trace in this replay (not in trial replays).
    tracing: bool,
}

fn name_of(names: &ByPlayer<String>, side: Side) -> String {
    names[side].clone()
}

/// Converts a dump to the first player's frame as a position (dumps are
/// backgammon positions: none is known for Plakoto).
fn dump_board(dump: &BoardDump, variant: Variant) -> Option<AnyBoard> {
    if variant == Variant::Plakoto {
        return None;
    }
    let checkers = variant.checkers();
    let setup = Setup::from_board(dump.points, checkers);
    let position = setup.into_position(checkers).ok()?;
    Some(AnyBoard::Backgammon(match dump.positive {
        Side::First => position,
        Side::Second => position.flip(),
    }))
}

/// The board seen from `side`.
fn frame(board: &AnyBoard, side: Side) -> AnyBoard {
    match side {
        Side::First => *board,
        Side::Second => board.flip(),
    }
}

/// Of the 36 rolls, how many must dance (four points or more closed in front
/// of a checker on the bar) for a missing turn to be taken as a dance not
/// written rather than a broken record.
const OMITTED_DANCE: u32 = 16;

/// Of the 36 rolls, how many a player with a checker on the bar could not
/// enter with at all (a dance); `None` when he has none on the bar.
fn dancing_rolls(board: &AnyBoard, side: Side) -> Option<u32> {
    let mover = frame(board, side);
    if !mover.on_bar() {
        return None;
    }
    let enters = |die: u8| mover.check_step(25, die).is_ok();
    let blocked = (1..=6u8).filter(|&d| !enters(d)).count() as u32;
    // Both dice must fail: blocked * blocked ordered rolls of 36.
    Some(blocked * blocked)
}

/// The board a game of `variant` starts from.
fn starting(variant: Variant) -> AnyBoard {
    match variant {
        Variant::Plakoto => AnyBoard::Plakoto(PlakotoPosition::starting()),
        other => AnyBoard::Backgammon(Position::starting(other)),
    }
}

/// A score line and the last game's `Wins` line that disagree on a
/// resignation's value.
#[derive(Copy, Clone, Debug)]
struct WinsDispute {
    /// The `Wins` line.
    at: Location,
    /// The points it writes.
    written: u32,
    /// The points the score line counts.
    counted: u32,
}

impl WinsDispute {
    /// The `score-mismatch` message; `settled` once the next score line has
    /// followed this one (the `Wins` line was the mistake).
    fn message(&self, recorded: ByPlayer<u32>, expected: ByPlayer<u32>, settled: bool) -> String {
        let verdict = if settled {
            format!(
                "the next game's score line agrees with this one: the `Wins` line at line {} is probably mistyped",
                self.at.line
            )
        } else {
            "one of the two is mistyped".to_owned()
        };
        format!(
            "the game starts at {}-{} but the results so far make it {}-{}: the last game's resignation is counted {} by its `Wins` line (line {}) and {} by this score line; {verdict}",
            recorded.first,
            recorded.second,
            expected.first,
            expected.second,
            points_word(self.written),
            self.at.line,
            points_word(self.counted)
        )
    }
}

/// `1 point`, `2 points`.
fn points_word(n: u32) -> String {
    if n == 1 {
        "1 point".to_owned()
    } else {
        format!("{n} points")
    }
}

fn point_name(p: u8) -> String {
    PointName(p).to_string()
}

impl<'o, 'a> Replayer<'o, 'a> {
    pub(crate) fn new(options: &'o Options) -> Replayer<'o, 'a> {
        Replayer {
            options,
            generator: MoveGen::new(),
            backgammon: MoveGen::new(),
            findings: Vec::new(),
            matches: Vec::new(),
            unreadable: None,
            trace: Vec::new(),
            match_count: 0,
            current: None,
            unfinished: None,
            hit_marks_written: false,
            hit_mark_findings: Vec::new(),
            events: Vec::new(),
            game_start: None,
            event_index: 0,
            judging_event: 0,
            snapshots: Vec::new(),
            readings: Vec::new(),
            tracing: false,
        }
    }

    /// Ends the file: decides deferred findings and orders everything by location.
    pub(crate) fn finish(&mut self) {
        if self.current.is_some() {
            self.end_match(Location::default());
        }
        if let Some(i) = self.unfinished.take() {
            // The last game of the file: a truncated record, worth knowing.
            self.findings[i].severity = Severity::Info;
            let number = self.findings[i].match_number;
            if let Some(summary) = self.matches.iter_mut().find(|m| m.number == number) {
                summary.findings.warning = summary.findings.warning.saturating_sub(1);
                summary.findings.info += 1;
            }
        }
        if self.hit_marks_written {
            for f in &self.hit_mark_findings {
                if let Some(summary) = self.matches.iter_mut().find(|m| m.number == f.match_number)
                {
                    summary.findings.add(f.severity);
                }
            }
            self.findings.append(&mut self.hit_mark_findings);
        }
        self.findings.sort_by_key(|f| f.location.byte);
    }

    fn push(&mut self, finding: Finding) -> usize {
        self.findings.push(finding);
        self.findings.len() - 1
    }

    /// A finding filled with the current match, game, player and context.
    fn make(
        &self,
        code: &'static str,
        kind: Option<&'static str>,
        severity: Severity,
        location: Location,
        side: Option<Side>,
        message: String,
    ) -> Finding {
        let mut f = Finding::new(code, severity, location, message);
        f.kind = kind;
        f.match_number = self.match_count;
        f.side = side;
        if let Some(m) = &self.current
            && let Some(g) = &m.game
        {
            f.game = g.number;
            // A score line without a name names nobody: no player, not "".
            f.player = side
                .map(|s| name_of(&g.names, s))
                .filter(|name| !name.is_empty());
            if let Some(mover) = side {
                f.context = Some(Context {
                    mover,
                    cube: g.cube.value,
                    owner: g.cube.owner,
                    scores: g.start_scores,
                    length: m.rules.length,
                    crawford: g.crawford == Crawford::Yes,
                });
                if !g.unknown {
                    f.before = frame(&g.board, mover).backgammon();
                }
            }
        }
        f
    }

    fn at_action(mut f: Finding, action: &Action<'_>, dice: Option<Roll>) -> Finding {
        f.row = action.row;
        f.text = action.text.to_owned();
        f.dice = dice;
        f
    }

    /// Resolves pending findings when `side` acts with a roll or a double.
    fn resolve_on_action(&mut self, side: Side, empty_roll: bool) {
        let Some(g) = self.current.as_mut().and_then(|m| m.game.as_mut()) else {
            return;
        };
        if g.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut g.pending);
        let mut keep = Vec::new();
        let mut hidden_mid_game = Vec::new();
        for p in pending {
            match p {
                Pending::Illegal { side: s, finding } if s != side => {
                    let f = &mut self.findings[finding];
                    f.stood = Some(true);
                }
                // The player plays again: the rolls without a play were errors.
                Pending::NoPlay { side: s, .. } if s == side && !empty_roll => {}
                // The opponent rolled or doubled: the missing play stood;
                // whether the player stopped playing is known at the end.
                Pending::NoPlay {
                    side: s, finding, ..
                } if s != side => {
                    self.findings[finding].stood = Some(true);
                    keep.push(p);
                }
                Pending::Hidden {
                    side: s,
                    location,
                    row,
                    dice,
                    text,
                } if s != side => {
                    hidden_mid_game.push((s, location, row, dice, text));
                }
                other => keep.push(other),
            }
        }
        g.pending = keep;
        for (s, location, row, dice, text) in hidden_mid_game {
            if let Some(g) = self.current.as_mut().and_then(|m| m.game.as_mut()) {
                g.unknown = true;
            }
            let mut f = self.make(
                "hidden-play",
                None,
                Severity::Error,
                location,
                Some(s),
                "the play is hidden (`???` or an `Illegal play` without a position) and the game goes on: the position is unknown, so the rest of this game cannot be checked".into(),
            );
            f.row = row;
            f.dice = dice;
            f.text = text;
            f.before = None;
            self.push(f);
        }
    }

    /// Resolves pending findings when the game ends (before the opponent acted).
    fn resolve_on_end(&mut self, resignation: bool) {
        let Some(g) = self.current.as_mut().and_then(|m| m.game.as_mut()) else {
            return;
        };
        let over = g.over.is_some();
        let winner = g.over.map(|end| end.winner());
        // The game was conceded (a resignation or a drop), or the record stops.
        let conceded = resignation
            || matches!(
                g.over,
                None | Some(Ending::Resign { .. } | Ending::LossLine { .. } | Ending::Drop { .. })
            );
        for p in std::mem::take(&mut g.pending) {
            match p {
                Pending::Illegal { finding, .. } => {
                    self.findings[finding].stood = Some(false);
                    if over {
                        self.findings[finding]
                            .message
                            .push_str("; the game ended before the opponent acted, so it could still be contested");
                    }
                }
                Pending::NoPlay {
                    side,
                    finding,
                    rolls,
                    ..
                } => {
                    let f = &mut self.findings[finding];
                    // The opponent rolled or doubled after it: the skipped
                    // play stood, whatever ended the game later.
                    let stood = f.stood == Some(true);
                    if conceded && !stood {
                        f.severity = Severity::Info;
                        let how = match winner {
                            None => "the record stops here",
                            Some(w) if w == side => "then the opponent resigned",
                            Some(_) => "the player conceded after rolling",
                        };
                        f.message = format!("{}; {how}", f.message);
                        if over {
                            // The game ended before the opponent acted.
                            f.stood = Some(false);
                        }
                    } else if conceded {
                        let how = match (over, rolls > 1) {
                            (false, false) => {
                                "the opponent rolled on, so it stood; the record stops later"
                            }
                            (false, true) => {
                                "the player stopped playing while the opponent rolled on, so the skipped plays stood; the record stops later"
                            }
                            (true, false) => {
                                "the opponent rolled on, so it stood; the player conceded later"
                            }
                            (true, true) => {
                                "the player stopped playing while the opponent rolled on, so the skipped plays stood, then conceded"
                            }
                        };
                        f.message = format!("{}; {how}", f.message);
                    } else {
                        f.message
                            .push_str("; the player did not play again before the game ended");
                    }
                }
                Pending::Hidden { .. } => {}
            }
        }
    }

    /// Another roll of `side` with nothing played while his earlier one is
    /// pending: one finding for the run. False when no run is pending.
    fn extend_no_play_run(&mut self, side: Side, row: Option<u32>) -> bool {
        let Some(g) = self.current.as_mut().and_then(|m| m.game.as_mut()) else {
            return false;
        };
        for p in &mut g.pending {
            if let Pending::NoPlay {
                side: s,
                finding,
                rolls,
                first_row,
            } = p
                && *s == side
            {
                *rolls += 1;
                let rows = match (*first_row, row) {
                    (Some(a), Some(b)) => format!(" (rows {a} to {b})"),
                    _ => String::new(),
                };
                self.findings[*finding].message = format!(
                    "nothing is played in {} rolls in a row{rows} although legal plays existed",
                    *rolls
                );
                return true;
            }
        }
        false
    }

    /// The record broke while rolls without a play were pending: they stay errors.
    fn settle_no_play_as_error(&mut self) {
        if let Some(g) = self.game() {
            g.pending.retain(|p| !matches!(p, Pending::NoPlay { .. }));
        }
    }

    fn game(&mut self) -> Option<&mut GameState> {
        self.current.as_mut().and_then(|m| m.game.as_mut())
    }

    fn rules(&self) -> Option<RulesInForce> {
        self.current.as_ref().map(|m| m.rules)
    }

    fn ensure_match(&mut self, location: Location) {
        if self.current.is_none() {
            self.begin_match(&MatchHeader {
                location,
                length: 0,
                tags: Vec::new(),
                format: crate::parse::Format::Mat,
            });
        }
    }

    fn end_current_game(&mut self, last: Location) {
        self.run_game();
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let Some(g) = m.game.as_ref() else { return };
        let over = g.over;
        let unknown_end = over.is_none();
        let resignation = matches!(over, Some(Ending::Resign { .. }));
        self.resolve_on_end(resignation);
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let Some(mut g) = m.game.take() else { return };
        if let Some(f) = g.unvalued.take() {
            self.findings.push(f);
        }
        let Some(m) = self.current.as_mut() else {
            return;
        };
        if let Some(end) = over {
            let winner = end.winner();
            let computed = end.points().unwrap_or(0);
            let written = g.written_points;
            let points = match end {
                Ending::Resign { .. } => written.or(end.points()).unwrap_or(0),
                _ => computed,
            };
            m.score.record(winner, points);
            m.last_resign = match (end, written, g.written_at) {
                (Ending::Resign { .. }, Some(w), Some(at)) => {
                    // A loser who has borne off cannot lose a gammon.
                    let most = frame(&g.board, winner)
                        .backgammon()
                        .filter(|_| !g.unknown)
                        .map_or(3, |p| win_kind(&p).multiplier());
                    Some((winner, w, at, g.cube.value, most))
                }
                _ => None,
            };
            if let Some(replayed) = m.replayed.as_mut() {
                replayed[winner] = replayed[winner].saturating_add(points);
            }
            m.alt_expected = match (written, end) {
                (Some(w), Ending::BearOff { .. } | Ending::Drop { .. }) if w != computed => {
                    let mut s = m.score.scores;
                    s[winner] = s[winner] - points + w;
                    Some(s)
                }
                _ => None,
            };
        } else {
            m.alt_expected = None;
            m.last_resign = None;
        }
        m.result_unknown = g.doubtful_points
            || match over {
                None => true,
                Some(end) => end.points().is_none() && g.written_points.is_none(),
            };
        if unknown_end {
            let names = g.names.clone();
            let number = g.number;
            let message =
                "the game stops with no bear-off, drop, resignation or result line".to_string();
            let mut f = Finding::new("game-unfinished", Severity::Warning, last, message);
            f.match_number = self.match_count;
            f.game = number;
            let _ = names;
            self.unfinished = Some(self.push(f));
        }
    }

    fn roll(&mut self, action: &Action<'_>, dice: Option<Roll>, play: &Written) {
        let side = action.side;
        // A roll while a double is pending.
        let offer = self.game().and_then(|g| g.offer);
        if let Some(offer) = offer {
            if offer.animal && side == offer.original {
                // Jellyfish writes no `Takes` after a beaver: the roll takes it.
                if let Some(g) = self.game() {
                    g.cube.take(offer.owner_after_take, offer.offered);
                    g.cube_turned = true;
                    g.offer = None;
                }
            } else {
                let f = self.make(
                    "double-unanswered",
                    None,
                    Severity::Warning,
                    action.location,
                    Some(offer.by),
                    format!(
                        "the double to {} has no answer before the next roll; taken as a take",
                        offer.offered
                    ),
                );
                let f = Self::at_action(f, action, dice);
                self.push(f);
                if let Some(g) = self.game() {
                    g.cube.take(offer.owner_after_take, offer.offered);
                    g.cube_turned = true;
                    g.offer = None;
                    // Whoever rolls now: the missing answer is the one finding.
                    g.next = Some(side);
                }
            }
        }
        self.resolve_on_action(side, matches!(play, Written::Empty | Written::CannotMove));
        let Some(g) = self.game() else { return };
        let unknown = g.unknown;
        let expected = g.next;
        let first_roll = g.rolls == 0;
        let from_start = g.from_start;
        g.rolls += 1;
        if let Some(expected) = expected
            && expected != side
            && !unknown
        {
            let f = self.missing_turn(action, self.dances_of(expected));
            let f = Self::at_action(f, action, dice);
            let omitted = f.kind == Some("omitted-dance");
            let index = self.push(f);
            if omitted && let Some(g) = self.game() {
                g.omitted_dance = Some((index, expected));
            }
        }
        if let Some(g) = self.game() {
            g.next = Some(side.other());
        }
        let Some(roll) = dice else {
            // `00:` nothing rolled: only a resignation marker makes sense.
            if let Some(g) = self.game() {
                g.pending.push(Pending::Hidden {
                    side,
                    location: action.location,
                    row: action.row,
                    dice: None,
                    text: action.text.to_owned(),
                });
            }
            return;
        };
        self.tally_roll(side, roll);
        if first_roll && from_start && roll.is_double() {
            let f = self.make(
                "opening-double",
                None,
                Severity::Error,
                action.location,
                Some(side),
                format!("the first roll of a game is {roll}, a double: the opening roll is never a double"),
            );
            let f = Self::at_action(f, action, dice);
            self.push(f);
        }
        if unknown {
            return;
        }
        match play {
            Written::Moves(notation) => {
                self.judging_event = self.event_index;
                self.judge_play(action, roll, notation);
            }
            Written::Empty => {
                let event = self.event_index;
                if let Some(g) = self.game() {
                    g.empty_roll = Some(EmptyRoll {
                        event,
                        side,
                        roll,
                        location: action.location,
                        row: action.row,
                        text: action.text.to_owned(),
                    });
                }
            }
            Written::CannotMove => {
                self.judging_event = self.event_index;
                self.judge_play(action, roll, &PlayNotation::empty());
            }
            Written::Hidden | Written::Dump(None) => {
                if let Some(g) = self.game() {
                    g.pending.push(Pending::Hidden {
                        side,
                        location: action.location,
                        row: action.row,
                        dice,
                        text: action.text.to_owned(),
                    });
                }
            }
            Written::Dump(Some(dump)) => self.dump(action, Some(roll), dump, first_roll),
        }
    }

    /// Judges a deferred empty roll now that the next event is not a set-up.
    fn flush_empty_roll(&mut self) {
        let Some(empty) = self.game().and_then(|g| g.empty_roll.take()) else {
            return;
        };
        let action = Action {
            location: empty.location,
            side: empty.side,
            row: empty.row,
            text: &empty.text,
            kind: ActionKind::Take,
        };
        self.judging_event = empty.event;
        self.judge_play(&action, empty.roll, &PlayNotation::empty());
    }

    fn tally_roll(&mut self, side: Side, roll: Roll) {
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

    fn count_play(&mut self, side: Side) {
        if let Some(m) = self.current.as_mut() {
            m.summary.plays += 1;
            m.summary.players[side].plays += 1;
        }
    }

    fn judge_play(&mut self, action: &Action<'_>, roll: Roll, notation: &PlayNotation) {
        let side = action.side;
        let findings_before = self.findings.len();
        if notation.hops().iter().any(|h| h.hit) {
            self.hit_marks_written = true;
        }
        // An ambiguous previous play by the opponent: keep the reading this play fits.
        self.settle_ambiguity(side, roll, notation);
        let Some(g) = self.game() else { return };
        // The player whose dance was taken as omitted, while he still has a
        // checker on the bar.
        let omitted = g
            .omitted_dance
            .filter(|&(_, s)| s == side)
            .map(|(index, _)| index);
        let before = frame(&g.board, side);
        let j = match &before {
            AnyBoard::Backgammon(position) => {
                judge(position, roll, notation, &mut self.backgammon).map(AnyBoard::Backgammon)
            }
            AnyBoard::Plakoto(_) => judge(&before, roll, notation, &mut self.generator),
        };
        self.count_play(side);
        if let Some(index) = omitted
            && matches!(
                j.verdict,
                PlayVerdict::Illegal(IllegalKind::BarFirst) | PlayVerdict::Impossible { .. }
            )
        {
            // He plays as if he had entered: his missing turn was a play
            // (with an entry) lost from the record, not a dance.
            self.lost_turn(index, action.location.line);
            return;
        }
        if omitted.is_some() && !j.result.on_bar() {
            // All his checkers are in: the dance is no longer in doubt.
            if let Some(g) = self.game() {
                g.omitted_dance = None;
            }
        }
        match j.verdict {
            PlayVerdict::Legal => {
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
                            before,
                            dice: roll,
                        });
                    }
                }
                if j.hit_marks.missing || j.hit_marks.spurious {
                    let message = match (j.hit_marks.missing, j.hit_marks.spurious) {
                        (true, true) => "hit marks `*` are on the wrong moves",
                        (true, false) => "a hit happened but no `*` marks it",
                        _ => "a `*` marks a hit that did not happen",
                    };
                    let f = self.make(
                        "hit-mark",
                        None,
                        Severity::Info,
                        action.location,
                        Some(side),
                        message.into(),
                    );
                    let mut f = Self::at_action(f, action, Some(roll));
                    f.before = before.backgammon();
                    self.hit_mark_findings.push(f);
                }
                self.check_bear_off(side, action.location);
            }
            PlayVerdict::Illegal(IllegalKind::NoPlay)
                if self.extend_no_play_run(side, action.row) => {}
            PlayVerdict::Illegal(kind) => {
                let message = illegal_message(kind, roll, &j, notation);
                let f = self.make(
                    "illegal-play",
                    Some(kind.name()),
                    Severity::Error,
                    action.location,
                    Some(side),
                    message,
                );
                let mut f = Self::at_action(f, action, Some(roll));
                f.before = before.backgammon();
                let index = self.push(f);
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
                self.check_bear_off(side, action.location);
            }
            PlayVerdict::Impossible { kind, hop } => {
                let hop = notation.hops().get(hop).copied().unwrap_or_default();
                let mut message = match kind {
                    ImpossibleKind::NoChecker if hop.from == 25 => {
                        format!("`{hop}` enters from the bar, but the player has no checker there")
                    }
                    ImpossibleKind::NoChecker => format!(
                        "`{hop}` moves a checker from the {} point, where the player has none",
                        point_name(hop.from)
                    ),
                    ImpossibleKind::OntoMadePoint => format!(
                        "`{hop}` lands on the {} point, held by two or more opposing checkers",
                        point_name(hop.to)
                    ),
                    ImpossibleKind::Backward => format!("`{hop}` moves a checker backwards"),
                };
                message.push_str(": the record cannot be right as written, and the rest of this game cannot be checked");
                let lost = self
                    .game()
                    .and_then(|g| g.last_no_play)
                    .filter(|(_, s)| *s != side);
                if let Some((location, _)) = lost {
                    message.push_str(&format!(
                        "; the opponent's roll at line {} was recorded with no play although plays existed: that play was probably lost",
                        location.line
                    ));
                }
                self.settle_no_play_as_error();
                let f = self.make(
                    "impossible-play",
                    Some(kind.name()),
                    Severity::Error,
                    action.location,
                    Some(side),
                    message,
                );
                let mut f = Self::at_action(f, action, Some(roll));
                f.before = before.backgammon();
                self.push(f);
                if let Some(g) = self.game() {
                    g.unknown = true;
                    g.ambiguity = None;
                }
            }
        }
        self.apply_reading(side, findings_before);
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
        let f = self.make(
            "ambiguous-path",
            None,
            Severity::Info,
            amb.location,
            Some(amb.side),
            "the move can be read with or without a hit on the way and the next play fits both; the reading without the hit was taken".into(),
        );
        let mut f = f;
        f.row = amb.row;
        f.text = amb.text;
        f.dice = Some(amb.dice);
        f.before = amb.before.backgammon();
        self.push(f);
    }

    /// After a play by `side`: the game is over if he has borne off every checker.
    fn check_bear_off(&mut self, side: Side, _location: Location) {
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let scoring = m.rules.scoring();
        let checkers = m.rules.variant.value.checkers();
        let Some(g) = m.game.as_mut() else { return };
        if g.over.is_some() {
            return;
        }
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

    /// A first-row dump of a known starting position (DailyGammon writes the
    /// Nackgammon start so) states the variant in the file's name, as a tag
    /// would (over a flag), when no tag did and the match has not played a
    /// game yet.
    /// Returns the variant the dump starts, if it starts one.
    fn variant_from_dump(&mut self, dump: &BoardDump) -> Option<Variant> {
        let m = self.current.as_mut()?;
        let in_force = m.rules.variant;
        if dump_board(dump, in_force.value) == Some(starting(in_force.value)) {
            return Some(in_force.value);
        }
        if in_force.source == Source::File || m.games != 1 {
            return None;
        }
        let variant = [
            Variant::Backgammon,
            Variant::Nackgammon,
            Variant::Hypergammon(1),
            Variant::Hypergammon(2),
            Variant::Hypergammon(3),
        ]
        .into_iter()
        .find(|&v| dump_board(dump, v) == Some(starting(v)))?;
        m.rules.variant = Setting {
            value: variant,
            source: Source::File,
        };
        if let Some(g) = m.game.as_mut() {
            g.board = starting(variant);
        }
        Some(variant)
    }

    fn dump(&mut self, action: &Action<'_>, roll: Option<Roll>, dump: &BoardDump, first: bool) {
        let side = action.side;
        // DailyGammon writes every game's opening position as a dump in
        // row 1: no set-up, just the start (a `; Set Pos=` line is one, even
        // of the opening position, and gets its note).
        if first && roll.is_some() && self.variant_from_dump(dump).is_some() {
            if let Some(g) = self.game() {
                g.next = Some(dump.positive);
            }
            return;
        }
        let Some(rules) = self.rules() else { return };
        let Some(board) = dump_board(dump, rules.variant.value) else {
            let f = self.make(
                "illegal-play-marker",
                None,
                Severity::Error,
                action.location,
                Some(side),
                "the position written in the record is not a valid position; the rest of this game cannot be checked".into(),
            );
            let f = Self::at_action(f, action, roll);
            self.push(f);
            if let Some(g) = self.game() {
                g.unknown = true;
            }
            return;
        };
        if first {
            // A set-up line is no player's action and does not say who rolls;
            // a dump in a roll cell names the player to roll next.
            let set_up = roll.is_none();
            let f = self.make(
                "set-position",
                None,
                Severity::Info,
                action.location,
                (!set_up).then_some(side),
                "the game starts from a position written in the record, not from the opening position".into(),
            );
            let mut f = Self::at_action(f, action, roll);
            f.before = None;
            self.push(f);
            if let Some(g) = self.game() {
                g.board = board;
                g.from_start = false;
                if !set_up {
                    g.next = Some(dump.positive);
                }
            }
            return;
        }
        let Some(g) = self.game() else { return };
        let before = frame(&g.board, side);
        let after_mover = frame(&board, side);
        let reachable = match roll {
            Some(roll) => {
                let plays = self.generator.generate(&before, roll);
                if plays.is_empty() {
                    after_mover == before
                } else {
                    self.generator.contains(&after_mover)
                }
            }
            None => after_mover == before,
        };
        if !reachable {
            let moved_pips = i64::from(before.our_pips()) - i64::from(after_mover.our_pips());
            let message = match roll {
                Some(r) => format!(
                    "the record marks an illegal play and gives the position after it: no legal play of {r} reaches it (the checkers moved {moved_pips} pips)"
                ),
                None => "the record replaces the position with one no legal play reaches".into(),
            };
            let f = self.make(
                "illegal-play-marker",
                None,
                Severity::Error,
                action.location,
                Some(side),
                message,
            );
            let mut f = Self::at_action(f, action, roll);
            f.before = before.backgammon();
            // The record itself gives the position: the play is recorded, not mistyped.
            f.likely_typo = Some(false);
            let index = self.push(f);
            if let Some(g) = self.game() {
                g.pending.push(Pending::Illegal {
                    side,
                    finding: index,
                });
            }
        }
        if let Some(g) = self.game() {
            g.board = board;
            g.next = Some(side.other());
        }
        self.check_bear_off(side, action.location);
    }

    fn cube_finding(
        &mut self,
        action: &Action<'_>,
        code: &'static str,
        severity: Severity,
        message: String,
    ) {
        let f = self.make(
            code,
            None,
            severity,
            action.location,
            Some(action.side),
            message,
        );
        let f = Self::at_action(f, action, None);
        self.push(f);
    }

    /// Turns the omitted dance of finding `index` into the lost play it
    /// was: a record error, and the position is no longer known.
    fn lost_turn(&mut self, index: usize, line: u32) {
        if let Some(f) = self.findings.get_mut(index) {
            f.kind = None;
            f.severity = Severity::Error;
            f.message = format!(
                "the opponent's turn is missing while he was on the bar, and his play at line {line} moves as if he had entered then: a play was lost from the record, not a dance; the rest of this game cannot be checked"
            );
        }
        if let Some(g) = self.game() {
            g.unknown = true;
            g.ambiguity = None;
        }
    }

    /// Of the 36 rolls, how many `skipped` would have danced with (he is
    /// on the bar), when any.
    fn dances_of(&self, skipped: Side) -> Option<u32> {
        self.current
            .as_ref()
            .and_then(|m| m.game.as_ref())
            .and_then(|g| dancing_rolls(&g.board, skipped))
            .filter(|&n| n > 0)
    }

    /// The finding for a turn missing before `action`, whose player would
    /// have danced with `dances` of the 36 rolls ([`Self::dances_of`]): an
    /// omitted dance (info) when at least `OMITTED_DANCE`, else a record
    /// error (naming the dance that may have been left out).
    fn missing_turn(&self, action: &Action<'_>, dances: Option<u32>) -> Finding {
        match dances {
            Some(n) if n >= OMITTED_DANCE => {
                let how = if n == 36 {
                    "against a closed board every roll dances, so it was a dance not written"
                        .to_owned()
                } else {
                    format!(
                        "{n} of 36 rolls dance there, so it was most likely a dance not written (a lost play would break the record later)"
                    )
                };
                self.make(
                    "turn-order",
                    Some("omitted-dance"),
                    Severity::Info,
                    action.location,
                    Some(action.side),
                    format!("the opponent's turn is missing while he was on the bar: {how}"),
                )
            }
            dances => {
                let mut message =
                    "the same player acts twice in a row: the opponent's turn is missing"
                        .to_owned();
                if let Some(n) = dances {
                    message.push_str(&format!(
                        " (he was on the bar, where {n} of 36 rolls dance: a dance may have been left out)"
                    ));
                }
                self.make(
                    "turn-order",
                    None,
                    Severity::Error,
                    action.location,
                    Some(action.side),
                    message,
                )
            }
        }
    }

    fn double(&mut self, action: &Action<'_>, written: Option<u32>) {
        let side = action.side;
        let Some(m) = self.current.as_ref() else {
            return;
        };
        let rules = m.rules;
        let needed = m.score.needed(side);
        let Some(g) = m.game.as_ref() else { return };
        if let Some(offer) = g.offer {
            // A second double before an answer.
            let message = if offer.by == side {
                "a second double by the same player before any answer".to_string()
            } else {
                "a double while the opponent's double is still unanswered".to_string()
            };
            self.cube_finding(action, "turn-order", Severity::Error, message);
            return;
        }
        let mut expected = g.next;
        let mut cube = g.cube;
        let crawford = g.crawford;
        let unknown = g.unknown;
        // Automatic doubles are not written in a `.mat` record: the first
        // double's value shows the cube the game started with.
        if let Some(n) = written
            && let Some(start) = self.automatic_start(n / 2)
            && start > cube.value
        {
            cube.value = start;
            if let Some(g) = self.game() {
                g.cube.value = start;
            }
        }
        self.resolve_on_action(side, false);
        // Against a closed board the opponent's turn was certainly a dance:
        // if it was not written, this double starts the doubler's own turn.
        let dances = expected
            .filter(|&e| e != side)
            .and_then(|e| self.dances_of(e));
        if dances == Some(36) && !unknown {
            let f = self.missing_turn(action, dances);
            let f = Self::at_action(f, action, None);
            self.push(f);
            if let Some(g) = self.game() {
                g.next = Some(side);
            }
            expected = Some(side);
        } else if expected.is_some_and(|e| e != side) && !unknown {
            let mut message = "a double offered after rolling, or by the player not on turn: a double must start the doubler's own turn, before he rolls".to_owned();
            if let Some(n) = dances {
                message.push_str(&format!(
                    " (the opponent was on the bar, where {n} of 36 rolls dance: if his dance was left out, the double was in turn)"
                ));
            }
            self.cube_finding(action, "double-after-roll", Severity::Error, message);
        }
        let crawford_game = crawford == Crawford::Yes;
        match cube.may_double(side, &rules.cube_rules(), crawford_game) {
            Ok(()) => {}
            Err(DoubleError::Crawford) => {
                let mut message =
                    "a double in the Crawford game, where nobody may double".to_string();
                if rules.crawford.assumed() {
                    message.push_str(" (the Crawford rule was assumed: the file does not say; use --crawford off if the match was played without it)");
                }
                self.cube_finding(action, "double-in-crawford", Severity::Error, message);
            }
            Err(DoubleError::Disabled) => self.cube_finding(
                action,
                "cube-disabled",
                Severity::Error,
                format!(
                    "a double although the cube is not in use ({})",
                    rules.cube_enabled.source.name()
                ),
            ),
            Err(DoubleError::AtLimit) => self.cube_finding(
                action,
                "cube-disabled",
                Severity::Error,
                format!(
                    "a double to {} above the cube limit of {}",
                    cube.offered(),
                    rules.cube_limit.value.unwrap_or(0)
                ),
            ),
            Err(DoubleError::NotOwner) => self.cube_finding(
                action,
                "double-not-owner",
                Severity::Error,
                "a double by the player who does not own the cube".into(),
            ),
        }
        if crawford == Crawford::Unknown {
            // A double in a game whose Crawford status was unknown: it was post-Crawford.
            if let Some(m) = self.current.as_mut() {
                m.score.resolve_unknown();
            }
            if let Some(g) = self.game() {
                g.crawford = Crawford::No;
            }
        }
        if let Some(n) = written
            && n != cube.offered()
        {
            self.cube_finding(
                action,
                "double-wrong-value",
                Severity::Warning,
                format!(
                    "`Doubles => {n}` but the cube is at {}, so a double makes it {}",
                    cube.value,
                    cube.offered()
                ),
            );
        }
        if is_dead(cube.value, needed) && crawford != Crawford::Yes {
            self.cube_finding(
                action,
                "dead-cube",
                Severity::Info,
                format!("a double although the cube at {} already covers the {needed} point(s) the doubler needs", cube.value),
            );
        }
        if let Some(m) = self.current.as_mut() {
            m.summary.cube_actions += 1;
        }
        // After a take the player on turn rolls: the doubler, or the
        // opponent when the double came out of turn.
        let on_turn = expected.filter(|&e| e != side && !unknown).unwrap_or(side);
        if let Some(g) = self.game() {
            g.offer = Some(Offer {
                by: side,
                original: on_turn,
                offered: cube.offered(),
                on_drop: cube.value,
                owner_after_take: side.other(),
                animal: false,
                out_of_turn: on_turn != side,
            });
            g.next = Some(side.other());
        }
    }

    fn animal(&mut self, action: &Action<'_>, written: Option<u32>, raccoon: bool) {
        let side = action.side;
        let word = if raccoon { "raccoon" } else { "beaver" };
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.summary.cube_actions += 1;
        let rules = m.rules;
        let Some(g) = m.game.as_ref() else { return };
        let Some(offer) = g.offer.filter(|o| o.by != side && (o.animal == raccoon)) else {
            self.cube_finding(
                action,
                "answer-without-double",
                Severity::Error,
                format!("a {word} with no double to answer"),
            );
            return;
        };
        if rules.length > 0 {
            if !rules.match_beavers.value {
                self.cube_finding(
                    action,
                    "beaver-not-allowed",
                    Severity::Error,
                    format!(
                        "a {word} in match play, where beavers and raccoons are not allowed (--match-beavers allows them under an old club rule)"
                    ),
                );
            }
        } else if !rules.beavers.value {
            if rules.beavers.assumed() {
                let f = self.make(
                    "assumed-rule",
                    Some("beavers"),
                    Severity::Info,
                    action.location,
                    Some(side),
                    format!("the file does not say whether beavers were allowed; a {word} was played, so they are taken as allowed"),
                );
                let f = Self::at_action(f, action, None);
                self.push(f);
                if let Some(m) = self.current.as_mut() {
                    m.rules.beavers.value = true;
                }
            } else {
                self.cube_finding(
                    action,
                    "beaver-not-allowed",
                    Severity::Error,
                    format!(
                        "a {word} although the rules in force ({}) do not allow beavers",
                        rules.beavers.source.name()
                    ),
                );
            }
        }
        let offered = offer.offered.saturating_mul(2);
        if let Some(limit) = rules.cube_limit.value
            && offered > limit
        {
            self.cube_finding(
                action,
                "cube-disabled",
                Severity::Error,
                format!("a {word} to {offered} above the cube limit of {limit}"),
            );
        }
        if let Some(n) = written
            && n != offered
        {
            self.cube_finding(
                action,
                "double-wrong-value",
                Severity::Warning,
                format!(
                    "`{} => {n}` but the offer was {}, so it makes the cube {offered}",
                    if raccoon { "Raccoons" } else { "Beavers" },
                    offer.offered
                ),
            );
        }
        if let Some(g) = self.game() {
            g.offer = Some(Offer {
                by: side,
                original: offer.original,
                offered,
                on_drop: offer.offered,
                owner_after_take: if raccoon {
                    offer.owner_after_take
                } else {
                    side
                },
                animal: true,
                out_of_turn: offer.out_of_turn,
            });
            // The player the beaver (or raccoon) was offered to answers it.
            g.next = Some(side.other());
        }
    }

    fn answer(&mut self, action: &Action<'_>, take: bool) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.summary.cube_actions += 1;
        let Some(g) = m.game.as_mut() else { return };
        let Some(offer) = g.offer.filter(|o| o.by != side) else {
            if g.cube_unknown {
                // The double may be the cell that could not be read.
                g.next = Some(side.other());
                return;
            }
            let word = if take { "take" } else { "drop" };
            self.cube_finding(
                action,
                "answer-without-double",
                Severity::Error,
                format!("a {word} with no double to answer"),
            );
            return;
        };
        g.offer = None;
        if take {
            g.cube.take(offer.owner_after_take, offer.offered);
            g.cube_turned = true;
            // After a double out of turn (reported once), whoever rolls next
            // is not a second finding.
            g.next = (!offer.out_of_turn).then_some(offer.original);
        } else {
            g.over = Some(Ending::Drop {
                winner: offer.by,
                points: offer.on_drop,
            });
            g.next = None;
        }
    }

    /// A `Losses` line (Galaxy writes one for the loser) must give the
    /// points the `Wins` line gives.
    fn compare_loss_line(&mut self, action: &Action<'_>, wins: u32) {
        let Some(g) = self.game() else { return };
        let Some(losses) = g.loss_points.filter(|&l| l != wins) else {
            return;
        };
        self.cube_finding(
            action,
            "points-mismatch",
            Severity::Error,
            format!("`Wins {wins}` but the loser's line says `Losses {losses}`"),
        );
    }

    fn win(&mut self, action: &Action<'_>, written: Option<u32>, resigned: bool) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let needed = m.score.needed(side);
        let length = m.rules.length;
        let jacoby = m.rules.scoring().jacoby;
        let Some(g) = m.game.as_mut() else { return };
        // Under the Jacoby rule, with the cube never turned, a resigned
        // gammon or backgammon counts single.
        let levels: u32 = if jacoby && !g.cube_turned { 1 } else { 3 };
        let mut implied_drop = false;
        if let Some(Ending::LossLine { points, .. }) = g.over {
            // The `Wins` line names the winner; the margin `Losses` line did not.
            g.over = Some(Ending::Resign {
                winner: side,
                points: points.or(written),
            });
        }
        if g.over.is_none() {
            if let Some(offer) = g.offer.filter(|o| o.by == side) {
                // The doubler's `Wins` line: the double was dropped.
                g.offer = None;
                g.over = Some(Ending::Drop {
                    winner: side,
                    points: offer.on_drop,
                });
                implied_drop = true;
            } else {
                g.over = Some(Ending::Resign {
                    winner: side,
                    points: written,
                });
            }
        }
        if g.written_points.is_none() && written.is_some() {
            g.written_points = written;
            g.written_at = Some(action.location);
        }
        if written.is_some() {
            g.unvalued = None;
        }
        let cube = g.cube.value;
        let unknown = g.unknown;
        let cube_unknown = g.cube_unknown;
        let Some(end) = g.over else { return };
        let resignation = matches!(end, Ending::Resign { .. }) || resigned;
        self.resolve_on_end(resignation);
        if implied_drop {
            self.cube_finding(
                action,
                "double-unanswered",
                Severity::Info,
                "the double has no written answer and the doubler wins: taken as a drop".into(),
            );
        }
        if end.winner() != side {
            let how = end.how();
            self.cube_finding(
                action,
                "winner-mismatch",
                Severity::Error,
                format!("the result line names this player, but the opponent won the game {how}"),
            );
            return;
        }
        let Some(n) = written else {
            if matches!(end, Ending::Resign { points: None, .. }) {
                self.note_unvalued(action, side);
            }
            return;
        };
        // Sites cap the last game's value at what the winner needed, or at the
        // match length.
        let cap = |worth: u32| {
            (length > 0 && n < worth && worth >= needed && (n == needed || n == length)).then(
                || {
                    if n == needed {
                        format!("the {needed} point(s) the winner needed")
                    } else {
                        format!("the match length of {length}")
                    }
                },
            )
        };
        match end {
            Ending::BearOff { winner, points }
                if n != points && self.automatic_explains(n, points) =>
            {
                // The game started above cube 1 from automatic doubles.
                if let Some(g) = self.game() {
                    g.over = Some(Ending::BearOff { winner, points: n });
                }
            }
            Ending::BearOff { points, .. } | Ending::Drop { points, .. } if n != points => {
                if let Some(what) = cap(points) {
                    self.cube_finding(
                        action,
                        "points-mismatch",
                        Severity::Info,
                        format!("`Wins {n}` where the game is worth {points}: the value is capped at {what}"),
                    );
                } else if !unknown {
                    if self.jacoby_explains(n, points) {
                        let f = self.make(
                            "assumed-rule",
                            Some("jacoby"),
                            Severity::Info,
                            action.location,
                            Some(side),
                            format!("the file does not say whether the Jacoby rule was in force; `Wins {n}` for a game worth {points} with the cube never turned fits it, so it is taken as on"),
                        );
                        let f = Self::at_action(f, action, None);
                        self.push(f);
                    } else {
                        self.cube_finding(
                            action,
                            "points-mismatch",
                            Severity::Error,
                            format!("`Wins {n}` but the game is worth {points}"),
                        );
                    }
                }
            }
            Ending::Resign { .. } if !cube_unknown => {
                let valid = (1..=levels)
                    .any(|k| n == cube * k || self.automatic_start(n / k).is_some() && n % k == 0);
                if !valid {
                    if length > 0 && n == needed && n > 3 * cube {
                        let f = self.make(
                            "resign-value",
                            Some("match"),
                            Severity::Info,
                            action.location,
                            Some(side),
                            format!("the resignation concedes the match: it is worth the {needed} point(s) the winner needed"),
                        );
                        let f = Self::at_action(f, action, None);
                        let index = self.push(f);
                        if let Some(m) = self.current.as_mut() {
                            m.concession = Some((index, needed));
                        }
                    } else if cap(3 * cube).is_some() {
                        self.cube_finding(
                            action,
                            "points-mismatch",
                            Severity::Info,
                            format!("`Wins {n}`: the resignation's value is capped at the {needed} point(s) the winner needed"),
                        );
                    } else {
                        if let Some(g) = self.game() {
                            g.doubtful_points = true;
                        }
                        self.cube_finding(
                            action,
                            "resign-value",
                            Severity::Warning,
                            format!("a resignation worth {n} with the cube at {cube}: a resignation is worth 1, 2 or 3 times the cube"),
                        );
                    }
                }
            }
            _ => {}
        }
    }

    /// With automatic doubles in force and the cube not yet turned in this
    /// game: `value` when it is a cube the game may have started with
    /// (the cube times 2, 4, ... up to the number of automatic doubles).
    fn automatic_start(&self, value: u32) -> Option<u32> {
        let m = self.current.as_ref()?;
        let g = m.game.as_ref()?;
        let most = m.rules.automatic_doubles.value;
        if m.rules.length != 0 || most == 0 || g.cube_turned || g.cube.owner.is_some() {
            return None;
        }
        (1..=u32::from(most))
            .map(|k| g.cube.value.saturating_mul(1 << k))
            .find(|&start| start == value)
    }

    /// True when `written` is `computed` times the factor of some number of
    /// automatic doubles (the cube was never turned in the game).
    fn automatic_explains(&self, written: u32, computed: u32) -> bool {
        let Some(g) = self.current.as_ref().and_then(|m| m.game.as_ref()) else {
            return false;
        };
        let cube = g.cube.value.max(1);
        computed % cube == 0
            && written % (computed / cube) == 0
            && self.automatic_start(written / (computed / cube)).is_some()
    }

    /// In a money session with the Jacoby rule not stated, a gammon recorded
    /// as a single game with the cube centred shows the rule was on.
    fn jacoby_explains(&mut self, written: u32, computed: u32) -> bool {
        let Some(m) = self.current.as_mut() else {
            return false;
        };
        let Some(g) = m.game.as_ref() else {
            return false;
        };
        if m.rules.length != 0 || !m.rules.jacoby.assumed() || m.rules.jacoby.value || g.cube_turned
        {
            return false;
        }
        if written != g.cube.value || computed <= written {
            return false;
        }
        m.rules.jacoby.value = true;
        true
    }

    fn resign(&mut self, action: &Action<'_>, how: Resignation) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let needed = m.score.needed(side.other());
        let Some(g) = m.game.as_mut() else { return };
        if g.over.is_some() {
            return;
        }
        let value = match how {
            Resignation::Level(level) => Some(g.cube.value * u32::from(level.clamp(1, 3))),
            Resignation::Match => Some(needed),
            Resignation::Game => None,
        };
        g.over = Some(Ending::Resign {
            winner: side.other(),
            points: value,
        });
        self.resolve_on_end(true);
        if value.is_none() {
            self.note_unvalued(action, side);
        }
    }

    /// A resignation by `side`'s opponent with no value: noted at the end of
    /// the game unless a `Wins` line gives the value.
    fn note_unvalued(&mut self, action: &Action<'_>, side: Side) {
        if self.game().is_some_and(|g| g.unvalued.is_some()) {
            return;
        }
        let f = self.make(
            "resign-value",
            Some("missing"),
            Severity::Info,
            action.location,
            Some(side),
            "the resignation's value is not written; the next game's score line is taken as it is"
                .into(),
        );
        let f = Self::at_action(f, action, None);
        if let Some(g) = self.game() {
            g.unvalued = Some(f);
        }
    }

    fn set_position(&mut self, action: &Action<'_>, dump: &BoardDump) {
        let Some(g) = self.game() else { return };
        if let Some(empty) = g.empty_roll.take() {
            // A roll then a position: the play of that roll, recorded as an edit.
            let mover_action = Action {
                location: empty.location,
                side: empty.side,
                row: empty.row,
                text: &empty.text,
                kind: ActionKind::Take,
            };
            self.dump(&mover_action, Some(empty.roll), dump, false);
            return;
        }
        let first = g.rolls == 0;
        let Some(rules) = self.rules() else { return };
        if let Some(board) = dump_board(dump, rules.variant.value) {
            if first {
                self.dump(action, None, dump, true);
            } else if let Some(g) = self.game()
                && g.board != board
                && !g.unknown
            {
                let f = self.make(
                    "illegal-play-marker",
                    None,
                    Severity::Error,
                    action.location,
                    None,
                    "the record replaces the position mid-game with one the replay did not reach"
                        .into(),
                );
                let f = Self::at_action(f, action, None);
                self.push(f);
                if let Some(g) = self.game() {
                    g.board = board;
                }
            } else if let Some(g) = self.game() {
                g.board = board;
                g.unknown = false;
            }
        }
        if let Some((value, owner)) = dump.cube
            && let Some(g) = self.game()
        {
            g.cube = Cube { value, owner };
        }
    }

    fn after_end(&mut self, action: &Action<'_>) -> bool {
        let Some(g) = self.game() else { return false };
        if g.over.is_none() {
            return false;
        }
        if !g.after_end_reported {
            g.after_end_reported = true;
            self.cube_finding(
                action,
                "actions-after-end",
                Severity::Error,
                "an action after the game was over".into(),
            );
        }
        true
    }
}

fn illegal_message(
    kind: IllegalKind,
    roll: Roll,
    j: &crate::rules::Judgement<AnyBoard>,
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

impl<'a> Visitor<'a> for Replayer<'_, 'a> {
    fn begin_match(&mut self, header: &MatchHeader<'a>) {
        if self.current.is_some() {
            self.end_match(header.location);
        }
        if let Some(i) = self.unfinished.take() {
            let _ = i; // not the last game of the file: stays a warning
        }
        self.match_count += 1;
        let rules = RulesInForce::resolve(header, &self.options.flags);
        let score = MatchScore::new(header.length, rules.crawford.value);
        let unknown_tag = header
            .tags
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case("Variation"))
            .filter(|t| parse_variant(t.value).is_none());
        let variant_unknown = unknown_tag.is_some() && rules.variant.assumed();
        let variant_finding = unknown_tag.map(|tag| {
            let (severity, what) = if variant_unknown {
                (
                    Severity::Warning,
                    "no play of this match is judged (cube actions and scores are)".to_owned(),
                )
            } else {
                (
                    Severity::Info,
                    format!("the --variant flag's {} is taken", rules.variant.value.name()),
                )
            };
            let mut f = Finding::new(
                "unsupported",
                severity,
                tag.location,
                format!(
                    "the Variation tag names `{}`, a game bgaudit does not know (it knows backgammon, Nackgammon, Hypergammon 1-3 and Plakoto): {what}",
                    tag.value.trim()
                ),
            );
            f.match_number = self.match_count;
            f
        });
        self.current = Some(MatchState {
            rules,
            score,
            first_names: None,
            summary: MatchSummary {
                number: self.match_count,
                length: header.length,
                ..MatchSummary::default()
            },
            game: None,
            games: 0,
            after_match_reported: false,
            alt_expected: None,
            replayed: None,
            mismatch: None,
            mismatch_wins_line: None,
            result_unknown: false,
            concession: None,
            last_resign: None,
            variant_unknown,
            first_finding: self.findings.len(),
        });
        if let Some(f) = variant_finding {
            self.push(f);
        }
    }

    fn begin_game(&mut self, header: &GameHeader<'a>) {
        self.ensure_match(header.location);
        self.end_current_game(header.location);
        self.unfinished = None;
        let names = ByPlayer::new(
            header.names.first.name.trim().to_owned(),
            header.names.second.name.trim().to_owned(),
        );
        let mut findings = Vec::new();
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.games += 1;
        m.summary.games += 1;
        let first_game = m.games == 1;
        // Names.
        match &m.first_names {
            None => {
                m.first_names = Some(names.clone());
                m.summary.players.first.name = names.first.clone();
                m.summary.players.second.name = names.second.clone();
            }
            Some(first) => {
                // A side the first game did not name takes the first name
                // written for it: that is no change of name.
                let mut first = first.clone();
                for side in Side::BOTH {
                    if first[side].is_empty() && !names[side].is_empty() {
                        first[side] = names[side].clone();
                        m.summary.players[side].name = names[side].clone();
                    }
                }
                m.first_names = Some(first.clone());
                for side in Side::BOTH {
                    // An unreadable score line gives no names: nothing to compare.
                    if !names[side].is_empty() && !first[side].eq_ignore_ascii_case(&names[side]) {
                        let mut f = Finding::new(
                            "name-change",
                            Severity::Warning,
                            header.score_location,
                            format!(
                                "the player `{}` of the first game is now written `{}`",
                                first[side], names[side]
                            ),
                        );
                        f.side = Some(side);
                        f.player = Some(names[side].clone());
                        findings.push(f);
                    }
                }
            }
        }
        for side in Side::BOTH {
            m.summary.players[side].games += 1;
        }
        // A resignation read as conceding the match, and yet the match goes
        // on: its value was wrong, and this score line is taken as it is.
        let conceded = m.concession.take();
        if conceded.is_some() {
            m.result_unknown = true;
        }
        // Scores.
        let mut mismatch = None;
        let mut mistyped = None;
        // A mismatch that points at the last game's `Wins` line.
        let mut wins_line = None;
        // This line follows the record's own count after such a mismatch:
        // the `Wins` line was the mistake.
        let mut follows_record = None;
        let recorded = match (header.scores.first, header.scores.second) {
            (Some(a), Some(b)) => Some(ByPlayer::new(a, b)),
            _ => None,
        };
        if let Some(recorded) = recorded {
            if first_game {
                if recorded != ByPlayer::new(0, 0) {
                    findings.push(Finding::new(
                        "match-fragment",
                        Severity::Info,
                        header.score_location,
                        format!(
                            "the record starts at {}-{}, not 0-0: it continues a match{}",
                            recorded.first,
                            recorded.second,
                            if m.rules.length > 0 {
                                "; whether the Crawford game was already played may be unknown"
                            } else {
                                ""
                            }
                        ),
                    ));
                    m.score.start_fragment(recorded);
                }
            } else if recorded != m.score.scores
                && m.rules.length > 0
                && Some(recorded) != m.alt_expected
                && Some(recorded) != m.replayed
                && !m.result_unknown
            {
                let expected = m.score.scores;
                let dispute = m.last_resign.and_then(|(winner, written, at, cube, most)| {
                    // Only the winner's score differs, by another value the
                    // resignation could have had (1, 2 or 3 times the cube,
                    // as far as the position allowed).
                    let counted = (written + recorded[winner]).checked_sub(expected[winner])?;
                    (recorded[winner.other()] == expected[winner.other()]
                        && counted != written
                        && (1..=most).any(|k| k * cube == counted))
                    .then_some(WinsDispute {
                        at,
                        written,
                        counted,
                    })
                });
                let gap = dispute.is_none()
                    && recorded.first >= expected.first
                    && recorded.second >= expected.second;
                let message = match &dispute {
                    Some(dispute) => dispute.message(recorded, expected, false),
                    None => format!(
                        "the game starts at {}-{} but the results so far make it {}-{}{}",
                        recorded.first,
                        recorded.second,
                        expected.first,
                        expected.second,
                        if gap {
                            ": games seem to be missing from the record"
                        } else {
                            ""
                        }
                    ),
                };
                let mut f = Finding::new(
                    "score-mismatch",
                    Severity::Error,
                    header.score_location,
                    message,
                );
                f.kind = Some(if gap { "gap" } else { "wrong" });
                wins_line = dispute;
                mismatch = Some((findings.len(), recorded, expected));
                findings.push(f);
                m.replayed = Some(expected);
                if gap {
                    m.score.jump_to(recorded);
                } else {
                    m.score.disputed(recorded);
                }
            } else {
                if recorded != m.score.scores {
                    if Some(recorded) == m.replayed {
                        mistyped = m.mismatch;
                    }
                    m.score.set_scores(recorded);
                } else if m.replayed.is_some() && m.mismatch_wins_line.is_some() {
                    follows_record = m.mismatch.zip(m.mismatch_wins_line);
                }
                m.replayed = None;
            }
        }
        if m.score.is_over() && !m.after_match_reported {
            m.after_match_reported = true;
            findings.push(Finding::new(
                "games-after-match",
                Severity::Error,
                header.location,
                format!(
                    "a game starts after the match was over ({}-{} in a {}-point match)",
                    m.score.scores.first, m.score.scores.second, m.rules.length
                ),
            ));
        }
        let crawford = match header.crawford {
            Some(true) => Crawford::Yes,
            Some(false) => Crawford::No,
            None => m.score.crawford(),
        };
        m.score.begin_game();
        let variant = m.rules.variant.value;
        let start_scores = m.score.scores;
        m.alt_expected = None;
        m.game = Some(GameState {
            number: header.number,
            names,
            board: starting(variant),
            from_start: true,
            rolls: 0,
            next: None,
            offer: None,
            cube: Cube::centred(header.initial_cube.unwrap_or(1)),
            cube_turned: false,
            crawford,
            over: None,
            unknown: m.variant_unknown,
            cube_unknown: false,
            omitted_dance: None,
            pending: Vec::new(),
            last_no_play: None,
            after_end_reported: false,
            start_scores,
            ambiguity: None,
            empty_roll: None,
            written_points: None,
            written_at: None,
            loss_points: None,
            unvalued: None,
            doubtful_points: false,
        });
        let first_new = self.findings.len();
        for mut f in findings {
            f.match_number = self.match_count;
            f.game = header.number;
            self.push(f);
        }
        if let Some(m) = self.current.as_mut() {
            m.mismatch =
                mismatch.map(|(i, recorded, expected)| (first_new + i, recorded, expected));
            m.mismatch_wins_line = wins_line;
        }
        if let Some((index, needed)) = conceded
            && let Some(f) = self.findings.get_mut(index)
        {
            f.kind = None;
            f.severity = Severity::Warning;
            f.message = format!(
                "a resignation worth the {needed} point(s) the winner needed, but the match goes on with another game: the resignation's value is wrong (a resignation is worth 1, 2 or 3 times the cube)"
            );
        }
        if let Some(((index, recorded, expected), dispute)) = follows_record
            && let Some(f) = self.findings.get_mut(index)
        {
            f.message = dispute.message(recorded, expected, true);
        }
        if let Some((index, recorded, expected)) = mistyped
            && let Some(f) = self.findings.get_mut(index)
        {
            // This line follows the replay again: the earlier line was
            // mistyped, no game is missing.
            f.kind = Some("wrong");
            f.message = format!(
                "the game starts at {}-{} but the results so far make it {}-{}, and the next game's score line agrees with them: this score line is mistyped",
                recorded.first, recorded.second, expected.first, expected.second
            );
            // The game under that line was played at the replayed score: its
            // findings' match IDs and XGIDs say so.
            let match_number = f.match_number;
            for later in self.findings.iter_mut().take(first_new).skip(index + 1) {
                if later.match_number == match_number
                    && let Some(context) = later.context.as_mut()
                    && context.scores == recorded
                {
                    context.scores = expected;
                }
            }
        }
        self.game_start = self.current.clone().map(|state| GameStart {
            state,
            findings: self.findings.len(),
            hit_marks: self.hit_mark_findings.len(),
            trace: self.trace.len(),
        });
    }

    fn action(&mut self, action: &Action<'a>) {
        self.ensure_match(action.location);
        if self.game().is_none() {
            // An action before any game header: the reader reported the header problem.
            return;
        }
        self.events.push(GameEvent::Action(action.clone()));
    }

    fn end_game(&mut self, last: Location) {
        self.end_current_game(last);
    }

    fn end_match(&mut self, last: Location) {
        self.end_match_inner(last);
    }

    fn problem(&mut self, problem: &Problem<'a>) {
        if self.current.as_ref().is_some_and(|m| m.game.is_some()) {
            // Kept in order with the game's actions.
            self.events.push(GameEvent::Problem(problem.clone()));
        } else {
            self.problem_inner(problem);
        }
    }
}

impl<'a> Replayer<'_, 'a> {
    /// After judging the play of event `judging_event`: when the analysis
    /// settled how to read it, annotate its finding and, for a probable
    /// transcription error, continue from the legal play the record meant.
    fn apply_reading(&mut self, side: Side, findings_before: usize) {
        let event = self.judging_event;
        let Some(reading) = self.readings.iter().find(|r| r.event == event).cloned() else {
            return;
        };
        if let Some(f) = self.findings[findings_before..]
            .iter_mut()
            .find(|f| matches!(f.code, "illegal-play" | "impossible-play"))
        {
            f.likely_typo = reading.typo;
            f.suggestion.clone_from(&reading.suggestion);
            f.message.push_str(&reading.note);
            if reading.result.is_some() {
                // Not a play that stood: the record is wrong, not the player.
                f.stood = None;
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
        self.check_bear_off(side, Location::default());
    }

    /// Replays the current game's events.
    fn process(&mut self, events: &[GameEvent<'a>]) {
        self.snapshots.clear();
        for (i, event) in events.iter().enumerate() {
            self.event_index = i;
            let board = self
                .current
                .as_ref()
                .and_then(|m| m.game.as_ref())
                .and_then(|g| (!g.unknown).then_some(g.board));
            self.snapshots.push(board);
            match event {
                GameEvent::Action(action) => {
                    if !matches!(action.kind, ActionKind::SetPosition(_)) {
                        self.flush_empty_roll();
                    }
                    if self.tracing {
                        self.act_traced(action);
                    } else {
                        self.act(action);
                    }
                }
                GameEvent::Problem(problem) => self.problem_inner(problem),
            }
        }
        self.flush_empty_roll();
    }

    /// The board from `side`'s view, when known.
    fn view(&self, side: Side) -> Option<Position> {
        let g = self.current.as_ref()?.game.as_ref()?;
        (!g.unknown)
            .then(|| frame(&g.board, side))
            .and_then(|b| b.backgammon())
    }

    /// Acts, recording the positions around the action.
    fn act_traced(&mut self, action: &Action<'_>) {
        let before = self.view(action.side);
        let probe = self.make(
            "trace",
            None,
            Severity::Info,
            action.location,
            Some(action.side),
            String::new(),
        );
        self.act(action);
        let after = self.view(action.side);
        let dice = match &action.kind {
            ActionKind::Roll { dice, .. } => *dice,
            _ => None,
        };
        self.trace.push(super::TraceStep {
            match_number: self.match_count,
            game: probe.game,
            row: action.row,
            side: action.side,
            player: probe.player.unwrap_or_default(),
            location: action.location,
            text: action.text.to_owned(),
            dice,
            before,
            after,
            context: probe.context,
        });
    }

    fn act(&mut self, action: &Action<'_>) {
        match &action.kind {
            ActionKind::Win {
                points, resigned, ..
            } => {
                let before = self.findings.len();
                self.win(action, *points, *resigned);
                // One finding per wrong value: when `Wins` was found wrong
                // against the game, the `Losses` line is not compared.
                let judged = self
                    .findings
                    .get(before..)
                    .unwrap_or_default()
                    .iter()
                    .any(|f| {
                        matches!(
                            f.code,
                            "points-mismatch" | "resign-value" | "winner-mismatch"
                        )
                    });
                if let (false, Some(n)) = (judged, *points) {
                    self.compare_loss_line(action, n);
                }
            }
            ActionKind::Loss(points) => {
                let Some(g) = self.game() else { return };
                g.loss_points = g.loss_points.or(*points);
                let own_row = action.row.is_none();
                if let Some(end) = g.over {
                    if end.winner() == action.side && !own_row {
                        let how = end.how();
                        self.cube_finding(
                            action,
                            "winner-mismatch",
                            Severity::Error,
                            format!("the loss is written for the player who won the game {how}"),
                        );
                    }
                } else {
                    let winner = action.side.other();
                    g.over = Some(if own_row {
                        Ending::LossLine {
                            winner,
                            points: *points,
                        }
                    } else {
                        Ending::Resign {
                            winner,
                            points: *points,
                        }
                    });
                    self.resolve_on_end(true);
                }
            }
            _ if self.after_end(action) => {}
            ActionKind::Roll { dice, play } => self.roll(action, *dice, play),
            ActionKind::Double(n) => self.double(action, *n),
            ActionKind::Beaver(n) => self.animal(action, *n, false),
            ActionKind::Raccoon(n) => self.animal(action, *n, true),
            ActionKind::Take => self.answer(action, true),
            ActionKind::Drop => self.answer(action, false),
            ActionKind::Resign(how) => self.resign(action, *how),
            ActionKind::SetPosition(dump) => self.set_position(action, dump),
        }
    }

    fn end_match_inner(&mut self, last: Location) {
        self.end_current_game(last);
        let Some(mut m) = self.current.take() else {
            return;
        };
        // A mistyped score line adopted from the record must not make the
        // match look unfinished when the replay's own count finished it.
        let replay_finished = m
            .replayed
            .is_some_and(|r| r.first >= m.rules.length || r.second >= m.rules.length);
        if m.games == 0 {
            // A match line with nothing after it: nothing was checked, and
            // the file must not pass as clean.
            let what = if m.rules.length > 0 {
                format!("{}-point match", m.rules.length)
            } else {
                "money session".to_owned()
            };
            let mut f = Finding::new(
                "match-unfinished",
                Severity::Warning,
                last,
                format!("the {what} holds no game: the record ends after its match line"),
            );
            f.match_number = self.match_count;
            self.push(f);
        } else if m.rules.length > 0 && !m.score.is_over() && !replay_finished {
            let mut f = Finding::new(
                "match-unfinished",
                Severity::Warning,
                last,
                format!(
                    "the record ends at {}-{} before anyone reached {} points",
                    m.score.scores.first, m.score.scores.second, m.rules.length
                ),
            );
            f.match_number = self.match_count;
            self.push(f);
        }
        m.summary.final_score = m.score.scores;
        m.summary.rules = Some(m.rules);
        m.summary.winner = m.score.winner().map(|s| m.summary.players[s].name.clone());
        tally_findings(
            &mut m.summary,
            &self.findings[m.first_finding.min(self.findings.len())..],
        );
        self.matches.push(m.summary);
    }

    fn problem_inner(&mut self, problem: &Problem<'_>) {
        let severity = match problem.kind {
            ProblemKind::Unreadable | ProblemKind::UnparsableCell | ProblemKind::BadHeader => {
                Severity::Error
            }
            ProblemKind::Unsupported | ProblemKind::BinaryData => Severity::Warning,
            ProblemKind::Numbering | ProblemKind::Encoding | ProblemKind::Skipped => Severity::Info,
        };
        if problem.kind == ProblemKind::Unreadable {
            self.unreadable = Some(problem.message.clone());
        }
        let mut message = problem.message.clone();
        if matches!(
            problem.kind,
            ProblemKind::UnparsableCell | ProblemKind::Unsupported
        ) && let Some(side) = problem.side
            && let Some(g) = self.game()
            && !g.unknown
            && g.over.is_none()
        {
            g.unknown = true;
            g.next = Some(side.other());
            message.push_str("; the rest of this game cannot be checked");
        }
        if problem.kind == ProblemKind::UnparsableCell
            && problem.side.is_some()
            && let Some(g) = self.game()
        {
            // It may have been a double: answers and values that depend on
            // the cube are not judged from here on.
            g.cube_unknown = true;
        }
        let mut f = self.make(
            problem.kind.code(),
            None,
            severity,
            problem.location,
            problem.side,
            message,
        );
        f.row = problem.row;
        f.text = problem.text.to_owned();
        f.before = None;
        f.context = None;
        if problem.kind == ProblemKind::Unreadable || problem.kind == ProblemKind::Encoding {
            f.match_number = 0;
            f.game = None;
        }
        self.push(f);
    }
}

/// Counts a match's findings by severity (the per-player report sorts
/// findings into its own columns from the findings themselves).
fn tally_findings(summary: &mut MatchSummary, findings: &[Finding]) {
    for f in findings {
        summary.findings.add(f.severity);
    }
}
