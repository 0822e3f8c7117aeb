//! What the replay keeps, as plain data: the match and the game being
//! replayed (with what a replay of a game starts from again), the game's
//! events, the readings the typo analysis settled, the analyses waiting for
//! their game and each match's skill sums. It names no room: the rooms and
//! the replayer above it work on it.

use std::mem::ManuallyDrop;

use super::in_force::RulesInForce;
use super::recorder::{Board, Draft, Pending, Recorder};
use super::{MatchSummary, PlayerTally};
use crate::catalogue::Kind;
use crate::dice::Roll;
use crate::finding::{Context, Finding};
use crate::location::Location;
use crate::notation::PlayNotation;
use crate::parse::producer::Producer;
use crate::parse::{Action, ActionKind, Analysis, GameHeader, Problem, Written};
use crate::position::{Position, Variant};
use crate::rules::plakoto::{PlakotoPosition, PlakotoSetup};
use crate::rules::score_line::WrittenResignation;
use crate::rules::{AnyBoard, Crawford, Cube, MatchScore};
use crate::side::{ByPlayer, Side};
use crate::skill::{Engine, Tally, XgTally};

/// A double (or beaver, raccoon) waiting for its answer.
#[derive(Copy, Clone, Debug)]
pub(super) struct Offer {
    /// Who made the latest offer.
    pub(super) by: Side,
    /// Who made the first double of the chain (he rolls after a take).
    pub(super) original: Side,
    /// The cube value if taken.
    pub(super) offered: u32,
    /// What a drop loses.
    pub(super) on_drop: u32,
    /// Who owns the cube after a take.
    pub(super) owner_after_take: Side,
    /// The latest offer was a beaver or raccoon.
    pub(super) animal: bool,
    /// Beavers and raccoons so far in the chain (0 after the double).
    pub(super) links: u8,
    /// A link of the chain was already found not allowed: one finding per
    /// chain.
    pub(super) refused: bool,
    /// The double came out of turn (already reported): after a take the
    /// record may go on with either player's roll.
    pub(super) out_of_turn: bool,
}

/// A score line and the last game's `Wins` line that disagree on a
/// resignation's value.
#[derive(Copy, Clone, Debug)]
pub(super) struct WinsDispute {
    /// The `Wins` line.
    pub(super) at: Location,
    /// The points it writes.
    pub(super) written: u32,
    /// The points the score line counts.
    pub(super) counted: u32,
}

/// The skill statistics of one match: who analysed it and each player's
/// sums.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSkill {
    /// The engines (and depths) that analysed the record, in the order met.
    pub engines: Vec<Engine>,
    /// Each player's sums.
    pub players: ByPlayer<Tally>,
    /// Each player's sums of eXtreme Gammon's own figures (records XG
    /// analysed).
    pub xg: ByPlayer<XgTally>,
    /// Analysed decisions read.
    pub decisions: u32,
    /// The depths met (those of `engines`).
    pub depths: Vec<crate::skill::Depth>,
}

impl Eq for MatchSkill {}

impl MatchSkill {
    /// Completes the second player's tally at the end of the match: during
    /// it, only the first player's sums (which hold both players') are
    /// kept, and the second player's checker plays counted.
    pub(super) fn complete(&mut self) {
        let moves = self.players.second.moves;
        self.players.second = self.players.first.mirrored(moves);
    }
}

/// A play as replayed, with the board before it (for `--blunders`).
#[derive(Clone, Debug)]
pub(super) struct PlayMade {
    pub(super) location: crate::location::Location,
    pub(super) side: Side,
    pub(super) row: Option<u32>,
    pub(super) text: String,
    pub(super) dice: Option<crate::dice::Roll>,
    pub(super) before: Option<crate::position::Position>,
}

/// An analysis waiting for the replay of its game.
#[derive(Clone, Debug)]
pub(super) struct PendingAnalysis {
    /// The number of the game's events read before it.
    pub(super) before: usize,
    pub(super) analysis: Analysis,
}

/// How a game ended.
#[derive(Copy, Clone, Debug)]
pub(super) enum Ending {
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
    pub(super) fn winner(&self) -> Side {
        match *self {
            Ending::BearOff { winner, .. }
            | Ending::Drop { winner, .. }
            | Ending::Resign { winner, .. }
            | Ending::LossLine { winner, .. } => winner,
        }
    }

    pub(super) fn points(&self) -> Option<u32> {
        match *self {
            Ending::BearOff { points, .. } | Ending::Drop { points, .. } => Some(points),
            Ending::Resign { points, .. } | Ending::LossLine { points, .. } => points,
        }
    }
}

/// A roll with nothing written after the dice (its text is
/// `Replayer::empty_roll_text`, borrowed from the record).
#[derive(Clone, Debug)]
pub(super) struct EmptyRoll {
    /// Index of its event in the game.
    pub(super) event: usize,
    pub(super) side: Side,
    pub(super) roll: Roll,
    pub(super) location: Location,
    pub(super) row: Option<u32>,
    /// The board at the start of its event (first player's frame).
    pub(super) before: AnyBoard,
}

/// A legal play whose notation also fits other positions.
#[derive(Clone, Debug)]
pub(super) struct Ambiguity {
    pub(super) side: Side,
    /// Candidate boards after the play (First's frame), the chosen one first.
    pub(super) boards: Vec<AnyBoard>,
    pub(super) location: Location,
    pub(super) row: Option<u32>,
    pub(super) text: String,
    pub(super) before: AnyBoard,
    pub(super) dice: Roll,
}

/// Row numbers that jump forward in mid-game (`9)` then `11)`): the
/// `numbering` finding and the rows.
#[derive(Clone, Copy)]
pub(super) struct RowGap {
    /// The index of the `numbering` finding.
    pub(super) finding: usize,
    /// The last row number before the jump.
    pub(super) before: u32,
    /// The row number written after it.
    pub(super) written: u32,
    /// The line of that row.
    pub(super) line: u32,
}

/// The game being replayed.
#[derive(Clone)]
pub(super) struct GameState {
    pub(super) number: Option<u32>,
    /// The players' names as this game's score line writes them; none
    /// when they are the match's first names (`MatchState::first_names`).
    pub(super) names: Option<ByPlayer<String>>,
    /// The board, always from the first player's side.
    pub(super) board: AnyBoard,
    pub(super) from_start: bool,
    pub(super) rolls: u32,
    pub(super) next: Option<Side>,
    pub(super) offer: Option<Offer>,
    pub(super) cube: Cube,
    pub(super) cube_turned: bool,
    pub(super) crawford: Crawford,
    pub(super) over: Option<Ending>,
    /// Set when the position is no longer known (impossible or hidden play).
    pub(super) unknown: bool,
    /// Set when a cell that could not be read may have been a cube action:
    /// the cube is no longer known either.
    pub(super) cube_unknown: bool,
    /// A turn taken as an omitted dance: the finding and the player who
    /// danced. If his next play moves as if he had entered, a play was lost
    /// instead.
    pub(super) omitted_dance: Option<(usize, Side)>,
    /// The row number of the last action replayed.
    pub(super) last_row: Option<u32>,
    /// A jump in the record's row numbers ([`RowGap`]): if a play after
    /// it breaks the rules, the rows skipped were lost from the record.
    pub(super) row_gap: Option<RowGap>,
    pub(super) pending: Vec<Pending>,
    pub(super) last_no_play: Option<(Location, Side)>,
    pub(super) after_end_reported: bool,
    /// The game ended by a drop: the double dropped and where the drop is
    /// (play going on as after a take reads it as one).
    pub(super) dropped: Option<(Offer, Location)>,
    pub(super) start_scores: ByPlayer<u32>,
    pub(super) ambiguity: Option<Ambiguity>,
    /// A roll with nothing written, judged when the next event shows whether
    /// a position set-up follows (the play recorded as an edit).
    pub(super) empty_roll: Option<EmptyRoll>,
    /// The `Wins` line's points, when one was read.
    pub(super) written_points: Option<u32>,
    /// Where that `Wins` line is.
    pub(super) written_at: Option<Location>,
    /// The `Losses` line's points, when one was read.
    pub(super) loss_points: Option<u32>,
    /// A resignation written without its value: reported at the end of the
    /// game unless a `Wins` line gives the value.
    pub(super) unvalued: Option<Box<Finding>>,
    /// The value written for the game is not a possible one: the next score
    /// line is taken as it is.
    pub(super) doubtful_points: bool,
    /// The game ended by a resignation written as accepted (`Resigned Game`,
    /// `Resigned Match`: `true` for the match), read in the winner's column
    /// as OpenGammon writes it; a `Wins` line in the other column names the
    /// winner instead.
    pub(super) accepted: Option<bool>,
    /// The position after an `Illegal play (...)` dump that also moved the
    /// opponent's checkers, with his checkers where they stood before it
    /// (first player's frame): his next play decides which one the game
    /// went on from. The marker's finding and the opponent.
    pub(super) dump_doubt: Option<(AnyBoard, usize, Side)>,
}

/// What the state of a game is built from at its start, besides the
/// players' names: a game just opened is [`GameState::new`] of it.
#[derive(Copy, Clone, Debug)]
pub(super) struct GameSeed {
    pub(super) number: Option<u32>,
    pub(super) board: AnyBoard,
    pub(super) cube: Cube,
    pub(super) crawford: Crawford,
    pub(super) start_scores: ByPlayer<u32>,
    pub(super) unknown: bool,
}

impl GameSeed {
    /// The seed of a game of `header` starting from `variant`'s opening
    /// position.
    pub(super) fn of(
        header: &GameHeader<'_>,
        variant: Variant,
        crawford: Crawford,
        start_scores: ByPlayer<u32>,
        unknown: bool,
    ) -> GameSeed {
        GameSeed {
            number: header.number,
            board: starting(variant),
            cube: Cube::centred(header.initial_cube.unwrap_or(1)),
            crawford,
            start_scores,
            unknown,
        }
    }
}

impl GameState {
    /// A game starting from `seed`, its players named `names` (none: the
    /// match's first names).
    pub(super) fn new(seed: GameSeed, names: Option<ByPlayer<String>>) -> GameState {
        let GameSeed {
            number,
            board,
            cube,
            crawford,
            start_scores,
            unknown,
        } = seed;
        GameState {
            number,
            names,
            board,
            from_start: true,
            rolls: 0,
            next: None,
            offer: None,
            cube,
            cube_turned: false,
            crawford,
            over: None,
            unknown,
            cube_unknown: false,
            omitted_dance: None,
            last_row: None,
            row_gap: None,
            pending: Vec::new(),
            last_no_play: None,
            after_end_reported: false,
            dropped: None,
            start_scores,
            ambiguity: None,
            empty_roll: None,
            written_points: None,
            written_at: None,
            loss_points: None,
            unvalued: None,
            doubtful_points: false,
            accepted: None,
            dump_doubt: None,
        }
    }

    /// The board from `side`'s view, when known.
    #[inline]
    pub(super) fn view(&self, side: Side) -> Option<Position> {
        (!self.unknown)
            .then(|| frame(&self.board, side))
            .and_then(|b| b.backgammon())
    }

    /// The Plakoto board as `side` sees it, when the game is Plakoto and its
    /// position is known.
    #[inline]
    pub(super) fn plakoto_view(&self, side: Side) -> Option<PlakotoSetup> {
        match frame(&self.board, side) {
            AnyBoard::Plakoto(p) if !self.unknown => Some(p.setup()),
            _ => None,
        }
    }

    /// The seed this game was built from, while nothing has moved it.
    fn seed(&self) -> GameSeed {
        GameSeed {
            number: self.number,
            board: self.board,
            cube: self.cube,
            crawford: self.crawford,
            start_scores: self.start_scores,
            unknown: self.unknown,
        }
    }
}

/// The match being replayed.
#[derive(Clone)]
pub(super) struct MatchState {
    pub(super) rules: RulesInForce,
    pub(super) score: MatchScore,
    pub(super) first_names: Option<ByPlayer<String>>,
    pub(super) summary: MatchSummary,
    pub(super) game: Option<GameState>,
    pub(super) games: u32,
    pub(super) after_match_reported: bool,
    /// The score the next game should start with if the record's own points
    /// (rather than the replay's) are right: no second finding for one cause.
    pub(super) alt_expected: Option<ByPlayer<u32>>,
    /// After a score line that disagreed with the replay: the score the
    /// replay itself would have now. If the next line agrees with it, the
    /// earlier line was the mistake: no second finding.
    pub(super) replayed: Option<ByPlayer<u32>>,
    /// The `score-mismatch` finding of the last score line that disagreed
    /// with the replay, with the scores written and replayed: if the next
    /// line agrees with the replay, it was a mistyped line, not a gap.
    pub(super) mismatch: Option<(usize, ByPlayer<u32>, ByPlayer<u32>)>,
    /// That mismatch is explained by another value of the last game's
    /// resignation: its `Wins` line and the two values.
    pub(super) mismatch_wins_line: Option<WinsDispute>,
    /// The last game's points are unknown (unfinished, or a resignation
    /// without a value): the next score line is taken as it is.
    pub(super) result_unknown: bool,
    /// A resignation read as conceding the match (`resign-value/match`): if
    /// another game of the match follows, it did not, and its value was
    /// wrong. The finding's index and the points the winner needed.
    pub(super) concession: Option<(usize, u32)>,
    /// The last game ended by a resignation valued only by its `Wins` line,
    /// and where that line is. A score line that differs only in the
    /// winner's score by another value of the resignation points at that
    /// line, not at missing games.
    pub(super) last_resign: Option<(WrittenResignation, Location)>,
    /// The file names a game bgaudit does not know: no play is judged.
    pub(super) variant_unknown: bool,
    pub(super) first_finding: usize,
    /// The server that wrote the record, when its header names one.
    pub(super) producer: Option<Producer>,
    /// The current game's score line disagrees with the replay: the
    /// verdicts on its doubles that depend on the score wait for the next
    /// score line.
    pub(super) score_dispute: Option<ScoreDispute>,
}

/// A game whose score line disagrees with the replayed score.
#[derive(Clone, Debug)]
pub(super) struct ScoreDispute {
    /// The match score before the score line was taken (the replay's).
    pub(super) before: MatchScore,
    /// Whether the game is the Crawford game by the replayed score.
    pub(super) crawford: Crawford,
    /// The score line's line.
    pub(super) line: u32,
    /// Findings on the game's doubles by the score line's score, where the
    /// replayed score judges otherwise.
    pub(super) by_line: Vec<Finding>,
    /// The same by the replayed score.
    pub(super) by_replay: Vec<Finding>,
}

impl MatchState {
    /// Match `number`, of `length` points, under `rules`; its findings
    /// start at index `first_finding`.
    pub(super) fn new(
        number: u32,
        length: u32,
        rules: RulesInForce,
        variant_unknown: bool,
        first_finding: usize,
    ) -> MatchState {
        MatchState {
            rules,
            score: MatchScore::new(length, rules.crawford.value),
            first_names: None,
            summary: MatchSummary {
                number,
                length,
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
            first_finding,
            producer: None,
            score_dispute: None,
        }
    }
}

impl MatchState {
    /// The name of `side`'s player in the game being replayed (none for a
    /// score line without a name: no player, not "").
    #[inline]
    pub(super) fn player(&self, side: Side) -> Option<String> {
        let g = self.game.as_ref()?;
        let names = g.names.as_ref().or(self.first_names.as_ref())?;
        Some(names[side].clone()).filter(|name| !name.is_empty())
    }

    /// The cube and score `mover` acts at in the game being replayed.
    #[inline]
    pub(super) fn context(&self, mover: Side) -> Option<Context> {
        let g = self.game.as_ref()?;
        Some(Context {
            mover,
            cube: g.cube.value,
            owner: g.cube.owner,
            scores: g.start_scores,
            length: self.rules.length,
            crawford: g.crawford == Crawford::Yes,
        })
    }
}

impl MatchState {
    /// The name of `side`'s player for a sentence: as written on the score
    /// line, else which column he plays in.
    pub(super) fn name(&self, side: Side) -> String {
        self.player(side).unwrap_or_else(|| {
            match side {
                Side::First => "the left player",
                Side::Second => "the right player",
            }
            .to_owned()
        })
    }

    /// How `end` was won, naming both players: "Omar won the game when
    /// Marta resigned".
    pub(super) fn how_won(&self, end: &Ending) -> String {
        let (winner, loser) = (self.name(end.winner()), self.name(end.winner().other()));
        match end {
            Ending::BearOff { .. } => format!("{winner} won the game by bearing off"),
            Ending::Drop { .. } => format!("{winner} won the game when {loser} dropped the double"),
            Ending::Resign { .. } | Ending::LossLine { .. } => {
                format!("{winner} won the game when {loser} resigned")
            }
        }
    }

    /// Completes `draft` from this match: its number, the game, the
    /// player's name, the cube and score, the board before the action.
    pub(super) fn complete(&self, draft: Draft) -> Finding {
        complete(Some(self), self.summary.number, draft)
    }

    /// Completes `draft` from this match and keeps it in `rec`; its index.
    pub(super) fn record(&self, rec: &mut Recorder, draft: Draft) -> usize {
        rec.keep(self.complete(draft))
    }
}

/// Completes `draft` from match `number`, whose state is `m` when one is
/// being replayed: the game, the player's name, the cube and score, the
/// board before the action.
pub(super) fn complete(m: Option<&MatchState>, number: u32, draft: Draft) -> Finding {
    let Draft {
        mut finding,
        severity,
        board,
        situation,
        game: game_number,
        file_level,
    } = draft;
    let game = m.and_then(|m| m.game.as_ref());
    finding.severity = severity
        .or(finding.kind.map(Kind::severity))
        .unwrap_or(finding.code.severity());
    finding.match_number = number;
    finding.game = game.and_then(|g| g.number);
    if let Some(side) = finding.side {
        finding.player = m.and_then(|m| m.player(side));
        if situation {
            finding.context = m.and_then(|m| m.context(side));
        }
    }
    let replayed = matches!(board, Board::Replayed);
    finding.before = match board {
        Board::Replayed => finding.side.and_then(|side| game?.view(side)),
        Board::Given(position) => position,
    };
    if replayed {
        finding.before_plakoto = finding
            .side
            .and_then(|side| game?.plakoto_view(side))
            .map(Box::new);
    }
    if let Some(number) = game_number {
        finding.game = number;
    }
    if file_level {
        finding.match_number = 0;
        finding.game = None;
    }
    finding
}

/// The strings of a match state that no replay of a game changes: the
/// players' names (of the match and of the game), the site, the winner;
/// and the skill statistics of the games before.
struct Names {
    first_names: Option<ByPlayer<String>>,
    players: ByPlayer<String>,
    winner: Option<String>,
    site: Option<String>,
    skill: Option<Box<MatchSkill>>,
    game: Option<Option<ByPlayer<String>>>,
}

impl MatchState {
    fn take_names(&mut self) -> Names {
        let players = &mut self.summary.players;
        Names {
            first_names: self.first_names.take(),
            players: ByPlayer::new(
                std::mem::take(&mut players.first.name),
                std::mem::take(&mut players.second.name),
            ),
            winner: self.summary.winner.take(),
            site: self.summary.site.take(),
            skill: self.summary.skill.take(),
            game: self.game.as_mut().map(|g| g.names.take()),
        }
    }

    fn put_names(&mut self, names: Names) {
        let Names {
            first_names,
            players,
            winner,
            site,
            skill,
            game,
        } = names;
        self.summary.skill = skill;
        self.first_names = first_names;
        self.summary.players.first.name = players.first;
        self.summary.players.second.name = players.second;
        self.summary.winner = winner;
        self.summary.site = site;
        if let (Some(g), Some(names)) = (self.game.as_mut(), game) {
            g.names = names;
        }
    }

    /// The state to replay the current game from, just opened (nothing
    /// has moved it yet): the match state without the strings no replay
    /// changes and without the game, and the game's seed. No allocation;
    /// [`MatchState::restored`] takes the names from the state replayed.
    pub(super) fn snapshot(&self) -> MatchStart {
        let summary = &self.summary;
        let tally = |t: &PlayerTally| PlayerTally {
            name: String::new(),
            ..*t
        };
        MatchStart {
            rules: self.rules,
            score: self.score,
            summary: MatchSummary {
                number: summary.number,
                length: summary.length,
                games: summary.games,
                plays: summary.plays,
                cube_actions: summary.cube_actions,
                players: ByPlayer::new(
                    tally(&summary.players.first),
                    tally(&summary.players.second),
                ),
                winner: None,
                final_score: summary.final_score,
                findings: summary.findings,
                rules: summary.rules,
                site: None,
                dialect: summary.dialect,
                skill: None,
            },
            game: self.game.as_ref().map(GameState::seed),
            games: self.games,
            after_match_reported: self.after_match_reported,
            alt_expected: self.alt_expected,
            replayed: self.replayed,
            mismatch: self.mismatch,
            mismatch_wins_line: self.mismatch_wins_line,
            result_unknown: self.result_unknown,
            concession: self.concession,
            last_resign: self.last_resign,
            variant_unknown: self.variant_unknown,
            first_finding: self.first_finding,
            producer: self.producer,
            score_dispute: self.score_dispute.clone(),
        }
    }

    /// The state of `start`, with the names of `replayed` (the state a
    /// replay of the same game left), or none.
    pub(super) fn restored(start: &MatchStart, replayed: Option<&mut MatchState>) -> MatchState {
        let start = start.clone();
        let mut names = replayed.map(MatchState::take_names);
        let game_names = names.as_mut().and_then(|n| n.game.take());
        let mut state = MatchState {
            rules: start.rules,
            score: start.score,
            first_names: None,
            summary: start.summary,
            game: start
                .game
                .map(|seed| GameState::new(seed, game_names.flatten())),
            games: start.games,
            after_match_reported: start.after_match_reported,
            alt_expected: start.alt_expected,
            replayed: start.replayed,
            mismatch: start.mismatch,
            mismatch_wins_line: start.mismatch_wins_line,
            result_unknown: start.result_unknown,
            concession: start.concession,
            last_resign: start.last_resign,
            variant_unknown: start.variant_unknown,
            first_finding: start.first_finding,
            producer: start.producer,
            score_dispute: start.score_dispute,
        };
        if let Some(names) = names {
            state.put_names(names);
        }
        state
    }
}

/// The match state as a game starts, to replay the game again: what the
/// replay of a game may change (the players' names, the site and the
/// winner are left out), and the game's seed instead of its state.
#[derive(Clone, Debug)]
pub(super) struct MatchStart {
    rules: RulesInForce,
    score: MatchScore,
    summary: MatchSummary,
    /// What the game's state is built from.
    pub(super) game: Option<GameSeed>,
    games: u32,
    after_match_reported: bool,
    alt_expected: Option<ByPlayer<u32>>,
    replayed: Option<ByPlayer<u32>>,
    mismatch: Option<(usize, ByPlayer<u32>, ByPlayer<u32>)>,
    mismatch_wins_line: Option<WinsDispute>,
    result_unknown: bool,
    concession: Option<(usize, u32)>,
    last_resign: Option<(WrittenResignation, Location)>,
    variant_unknown: bool,
    first_finding: usize,
    producer: Option<Producer>,
    score_dispute: Option<ScoreDispute>,
}

/// One event of the current game, kept (borrowing from the text) so that
/// the game can be replayed again under another reading of a play. It has
/// no drop code of its own: the heap parts a few events hold (a problem's
/// message, a position dump) are dropped by [`Events::clear`].
#[derive(Debug)]
pub(super) enum GameEvent<'a> {
    Action(ManuallyDrop<Action<'a>>),
    Problem(ManuallyDrop<Problem<'a>>),
}

/// The current game's events, in the order read. Clearing them walks the
/// events only when one of them holds a heap part (almost no game of a
/// program's record has one): the others need no drop.
#[derive(Debug, Default)]
pub(super) struct Events<'a> {
    list: Vec<GameEvent<'a>>,
    /// Some event of the list holds a heap part.
    owning: bool,
}

impl<'a> Events<'a> {
    /// No events, with room for `capacity`.
    pub(super) fn with_capacity(capacity: usize) -> Events<'a> {
        Events {
            list: Vec::with_capacity(capacity),
            owning: false,
        }
    }

    /// Keeps an action; `heap`: it holds a heap part ([`holds_heap`]).
    #[inline]
    pub(super) fn push_action(&mut self, action: Action<'a>, heap: bool) {
        debug_assert_eq!(heap, holds_heap(&action.kind));
        self.owning |= heap;
        self.list.push(GameEvent::Action(ManuallyDrop::new(action)));
    }

    /// Keeps a reading problem.
    pub(super) fn push_problem(&mut self, problem: Problem<'a>) {
        self.owning = true;
        self.list
            .push(GameEvent::Problem(ManuallyDrop::new(problem)));
    }

    /// Drops every event, keeping the list's capacity.
    pub(super) fn clear(&mut self) {
        if !std::mem::take(&mut self.owning) {
            self.list.clear();
            return;
        }
        for event in self.list.drain(..) {
            match event {
                GameEvent::Action(action) => drop(ManuallyDrop::into_inner(action)),
                GameEvent::Problem(problem) => drop(ManuallyDrop::into_inner(problem)),
            }
        }
    }
}

impl<'a> std::ops::Deref for Events<'a> {
    type Target = [GameEvent<'a>];

    fn deref(&self) -> &[GameEvent<'a>] {
        &self.list
    }
}

impl Drop for Events<'_> {
    fn drop(&mut self) {
        self.clear();
    }
}

/// The play written in a roll cell of `kind`, when one is (none for a
/// cell with no moves written).
pub(super) fn written_play(kind: &ActionKind) -> Option<PlayNotation> {
    match kind {
        ActionKind::Roll {
            play: Written::Moves(notation),
            ..
        } => Some(*notation).filter(|n| !n.is_empty()),
        _ => None,
    }
}

/// Whether an action of `kind` holds a part on the heap (a position dump).
pub(super) fn holds_heap(kind: &ActionKind) -> bool {
    match kind {
        ActionKind::Roll { play, .. } => match play {
            Written::Dump(Some(_)) => true,
            Written::Moves(_)
            | Written::Empty
            | Written::CannotMove
            | Written::Hidden
            | Written::Dump(None)
            | Written::Conceded => false,
        },
        ActionKind::SetPosition(_) => true,
        ActionKind::Double(_)
        | ActionKind::Beaver(_)
        | ActionKind::Raccoon(_)
        | ActionKind::Take
        | ActionKind::Drop
        | ActionKind::Win { .. }
        | ActionKind::Loss(_)
        | ActionKind::Resign(_) => false,
    }
}

impl GameEvent<'_> {
    pub(super) fn location(&self) -> Location {
        match self {
            GameEvent::Action(action) => action.location,
            GameEvent::Problem(problem) => problem.location,
        }
    }
}

/// How the analysis of transcription errors settled one illegal play.
#[derive(Clone, Debug)]
pub(super) struct PlayReading {
    /// Index of the play's event in the game.
    pub(super) event: usize,
    /// The legal play the record most probably meant, as the board after it
    /// (first player's frame); `None` when the play as written stands.
    pub(super) result: Option<AnyBoard>,
    /// That play in standard notation (with the roll meant, `21: 13/11
    /// 6/5`, when the dice were misread).
    pub(super) suggestion: Option<String>,
    /// The roll the record most probably meant, when the dice were misread
    /// (the play as written is then the play meant).
    pub(super) dice: Option<Roll>,
    /// Probable typo (`true`), the play as written stands (`false`), or not
    /// determined (`None`).
    pub(super) typo: Option<bool>,
    /// Appended to the finding's message.
    pub(super) note: String,
    /// The rolls left unplayed were lost from the record, as what follows
    /// shows, though no one reading repairs the rest: no violation of the
    /// player's.
    pub(super) lost: bool,
    /// The legal plays tried in its place and the problems the rest of the
    /// game has after each (see [`crate::finding::LegalPlays::fits`]).
    pub(super) fits: Vec<(String, usize)>,
}

impl PlayReading {
    /// The play of `event` as written stands, nothing settled about it.
    pub(super) fn stands(event: usize) -> PlayReading {
        PlayReading {
            event,
            result: None,
            suggestion: None,
            dice: None,
            typo: None,
            note: String::new(),
            lost: false,
            fits: Vec::new(),
        }
    }
}

/// The state at the start of the current game, to replay it again.
#[derive(Clone, Debug)]
pub(super) struct GameStart {
    /// The match state (see [`MatchState::snapshot`]).
    pub(super) state: MatchStart,
    pub(super) findings: usize,
    pub(super) hit_marks: usize,
    pub(super) trace: usize,
}

/// The board seen from `side`.
pub(super) fn frame(board: &AnyBoard, side: Side) -> AnyBoard {
    match side {
        Side::First => *board,
        Side::Second => board.flip(),
    }
}

/// The board a game of `variant` starts from.
pub(super) fn starting(variant: Variant) -> AnyBoard {
    match variant {
        Variant::Plakoto => AnyBoard::Plakoto(PlakotoPosition::starting()),
        other => AnyBoard::Backgammon(Position::starting(other)),
    }
}

/// For the rooms' tests: a match of `length` points (0: money) under the
/// rules in force when the file and the command line say nothing, its
/// players named Omar and Marta, its first game open at the starting
/// position.
#[cfg(test)]
pub(super) fn open_match(length: u32) -> MatchState {
    let header = crate::parse::MatchHeader {
        location: Location::START,
        length,
        tags: Vec::new(),
        format: crate::parse::Format::Mat,
    };
    let rules = RulesInForce::resolve(&header, &super::RuleFlags::default());
    let mut m = MatchState::new(1, length, rules, false, 0);
    m.first_names = Some(ByPlayer::new("Omar".to_owned(), "Marta".to_owned()));
    m.games = 1;
    m.game = Some(GameState::new(
        GameSeed {
            number: Some(1),
            board: starting(Variant::Backgammon),
            cube: Cube::centred(1),
            crawford: Crawford::No,
            start_scores: ByPlayer::new(0, 0),
            unknown: false,
        },
        None,
    ));
    m
}

/// For the rooms' tests: the action `kind` written `text` in `side`'s
/// column, on row 1 at line `line`.
#[cfg(test)]
pub(super) fn action_at<'a>(line: u32, side: Side, text: &'a str, kind: ActionKind) -> Action<'a> {
    Action {
        location: Location {
            line,
            ..Location::START
        },
        side,
        row: Some(1),
        text,
        kind,
    }
}

/// For the rooms' tests: the roll `first`-`second` in `side`'s column
/// with `written` played, on row 1 at line `line`.
#[cfg(test)]
pub(super) fn play_at(line: u32, side: Side, first: u8, second: u8, written: &str) -> Action<'_> {
    let kind = ActionKind::Roll {
        dice: Some(Roll::new(first, second).expect("dice")),
        play: Written::Moves(PlayNotation::parse(written).expect("notation")),
    };
    action_at(line, side, written, kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{Format, MatchHeader};
    use crate::replay::RuleFlags;

    /// A match state of `length` points with a game open, its fields set
    /// from `seed` so that two seeds give states that differ everywhere.
    fn state(length: u32, seed: u32) -> MatchState {
        let header = MatchHeader {
            location: Location::START,
            length,
            tags: Vec::new(),
            format: Format::Mat,
        };
        let rules = RulesInForce::resolve(&header, &RuleFlags::default());
        let even = seed.is_multiple_of(2);
        let mut m = MatchState::new(seed, length, rules, even, seed as usize);
        m.summary.games = seed;
        m.summary.plays = seed * 7;
        m.summary.cube_actions = seed * 3;
        for side in Side::BOTH {
            let t = &mut m.summary.players[side];
            t.name = format!("player {seed}");
            t.games = seed;
            t.plays = seed * 5;
            t.rolls = seed * 6;
            t.doublets = seed;
            t.faces = [seed; 6];
        }
        m.summary.winner = Some(format!("winner {seed}"));
        m.summary.final_score = ByPlayer::new(seed, seed + 1);
        m.summary.findings.error = seed;
        m.summary.site = Some(format!("site {seed}"));
        m.summary.dialect = (!even).then_some("GNU Backgammon");
        m.first_names = Some(ByPlayer::new(format!("a{seed}"), format!("b{seed}")));
        m.games = seed;
        m.after_match_reported = even;
        m.alt_expected = Some(ByPlayer::new(seed, 0)).filter(|_| !even);
        m.replayed = Some(ByPlayer::new(0, seed));
        m.mismatch = Some((seed as usize, ByPlayer::new(1, 2), ByPlayer::new(seed, 3)));
        m.mismatch_wins_line = (even).then_some(WinsDispute {
            at: Location::START,
            written: seed,
            counted: 2,
        });
        m.result_unknown = !even;
        m.concession = Some((seed as usize, 3));
        m.last_resign = (!even).then_some((
            WrittenResignation {
                winner: Side::Second,
                written: seed,
                cube: 2,
                most: 3,
            },
            Location::START,
        ));
        m.score_dispute = (even).then(|| ScoreDispute {
            before: m.score,
            crawford: Crawford::No,
            line: seed,
            by_line: Vec::new(),
            by_replay: Vec::new(),
        });
        m.game = (seed != 4).then(|| {
            let mut seed_of = GameSeed {
                number: Some(seed),
                board: starting(Variant::Backgammon),
                cube: Cube::centred(1 << (seed % 3)),
                crawford: Crawford::No,
                start_scores: ByPlayer::new(seed, 1),
                unknown: even,
            };
            if seed.is_multiple_of(3) {
                seed_of.board = seed_of.board.flip();
            }
            GameState::new(seed_of, None)
        });
        m
    }

    /// A state restored from its start, with the names of any other
    /// replayed state, has that start again: the snapshot keeps all that a
    /// game's replay may change.
    #[test]
    fn a_state_restored_from_its_start_has_that_start() {
        let states: Vec<MatchState> = (1..=6).map(|seed| state(seed * 2 - 1, seed)).collect();
        for from in &states {
            for other in &states {
                let mut replayed = other.clone();
                let out = MatchState::restored(&from.snapshot(), Some(&mut replayed)).snapshot();
                assert_eq!(format!("{out:?}"), format!("{:?}", from.snapshot()));
            }
        }
    }
}
