//! The replayer: what one file's replay holds (the match and game being
//! replayed, the findings, the current game's events, what the typo
//! analysis keeps, the judging machinery), its constructor, the accessors
//! the dispatches share (the game, the players' names, the cube and
//! score, the board as a player sees it), and the recording of a finding
//! made outside a match's state.
//!
//! The rooms (`turns`, `plays`, `dumps`, `cube`, `results`, `score_lines`,
//! `skill`, `settle`, `typo`) judge in functions of the match state, the
//! recorder and the action; each adds to [`Replayer`] a thin method that
//! lends it the replayer's fields ([`Replayer::table`]), and the `driver`
//! sends each event to those. No file below the rooms names them.

use super::dialect::Clues;
use super::judging::Judging;
use super::recorder::{Draft, Recorder};
use super::state::{self, Events, GameStart, GameState, MatchState, PendingAnalysis, PlayMade};
use super::{MatchSummary, Options, TraceStep};
use crate::dice::Roll;
use crate::finding::Context;
use crate::parse::{Action, Format};
use crate::position::Position;
use crate::side::Side;

/// Events a replayer's buffer holds before it first grows (a game of
/// self-play has about 50).
const EVENTS_RESERVED: usize = 128;

/// The replaying visitor for one file; `'a` is the text's lifetime.
pub(crate) struct Replayer<'o, 'a> {
    pub(super) options: &'o Options,
    /// The move generators, where the replay stands among the game's
    /// events, the boards the typo analysis starts from, its readings.
    pub(super) judging: Judging,
    /// The findings kept.
    pub(crate) recorder: Recorder,
    pub(crate) matches: Vec<MatchSummary>,
    pub(crate) unreadable: Option<String>,
    pub(crate) trace: Vec<TraceStep>,
    pub(super) match_count: u32,
    pub(super) current: Option<MatchState>,
    /// The current game's events, replayed when it ends.
    pub(super) events: Events<'a>,
    /// The state at the current game's start (boxed: moved and kept
    /// without copying it).
    pub(super) game_start: Option<Box<GameStart>>,
    /// The box of an earlier game's start, reused for the next.
    pub(super) spare_start: Option<Box<GameStart>>,
    /// Record the trace in this replay (not in trial replays).
    pub(super) tracing: bool,
    /// Actions the typo analysis may still replay in the current game
    /// (see [`super::typo`]).
    pub(super) replay_budget: usize,
    /// What the current match's record shows of its producer (gathered as
    /// it is read, not replayed).
    pub(super) clues: Clues,
    /// The text of the game's deferred empty roll
    /// ([`GameState::empty_roll`](super::state::GameState::empty_roll)),
    /// kept here to borrow it from the record instead of copying it.
    pub(super) empty_roll_text: &'a str,
    /// The program named as the current match's analyser (SGF `AP`).
    pub(super) skill_engine: String,
    /// The current match's format.
    pub(super) format: Format,
    /// With `--blunders`, in an analysed game: the last play replayed and
    /// the board before it, for the finding on a very bad play.
    pub(super) last_play: Option<Box<PlayMade>>,
    /// The current game's analyses, in reading order, until its replay.
    pub(super) analyses: Vec<PendingAnalysis>,
    /// The current game's analysed decisions with their context, as its
    /// latest replay joined them.
    /// (the context, the analysis's index in `analyses`, the play was
    /// found illegal).
    pub(super) skill_game: Vec<(crate::skill::Context, usize, bool)>,
    /// Where settled findings are handed on as the file is replayed, if
    /// anywhere (`replay::stream`).
    pub(crate) settled: Option<super::Settled<'o>>,
}

impl<'o, 'a> Replayer<'o, 'a> {
    pub(crate) fn new(options: &'o Options) -> Replayer<'o, 'a> {
        Replayer {
            options,
            judging: Judging::new(),
            recorder: Recorder::new(),
            matches: Vec::new(),
            unreadable: None,
            trace: Vec::new(),
            match_count: 0,
            current: None,
            // Room for a game of usual length: the buffer is not grown
            // action by action in the first game of every match.
            events: Events::with_capacity(EVENTS_RESERVED),
            game_start: None,
            spare_start: None,
            replay_budget: 0,
            tracing: false,
            clues: Clues::default(),
            empty_roll_text: "",
            skill_engine: String::new(),
            format: Format::Mat,
            analyses: Vec::new(),
            last_play: None,
            skill_game: Vec::new(),
            settled: None,
        }
    }
}

impl Replayer<'_, '_> {
    /// The game being replayed.
    pub(super) fn game(&mut self) -> Option<&mut GameState> {
        self.current.as_mut().and_then(|m| m.game.as_mut())
    }

    /// The match being replayed and the recorder, borrowed apart: what a
    /// room's judgements work on.
    pub(super) fn table(&mut self) -> Option<(&mut MatchState, &mut Recorder)> {
        Some((self.current.as_mut()?, &mut self.recorder))
    }

    /// The match being replayed, the recorder and the judging machinery,
    /// borrowed apart: what the judging of a play works on.
    #[inline(always)]
    pub(super) fn judge_table(&mut self) -> Option<(&mut MatchState, &mut Recorder, &mut Judging)> {
        Some((
            self.current.as_mut()?,
            &mut self.recorder,
            &mut self.judging,
        ))
    }

    /// The game being replayed, to read.
    pub(super) fn game_ref(&self) -> Option<&GameState> {
        self.current.as_ref().and_then(|m| m.game.as_ref())
    }

    /// The number of the game being replayed.
    pub(super) fn game_number(&self) -> Option<u32> {
        self.game_ref()?.number
    }

    /// The name of `side`'s player in the game being replayed (none for a
    /// score line without a name: no player, not "").
    pub(super) fn player(&self, side: Side) -> Option<String> {
        self.current.as_ref()?.player(side)
    }

    /// The cube and score `mover` acts at in the game being replayed.
    pub(super) fn context(&self, mover: Side) -> Option<Context> {
        self.current.as_ref()?.context(mover)
    }

    /// The board from `side`'s view, when known.
    pub(super) fn view(&self, side: Side) -> Option<Position> {
        self.game_ref()?.view(side)
    }

    /// The replayed step of `action`, for the trace: the positions around
    /// it are filled in by the caller.
    pub(super) fn trace_step(&self, action: &Action<'_>, dice: Option<Roll>) -> TraceStep {
        TraceStep {
            match_number: self.match_count,
            game: self.game_number(),
            row: action.row,
            side: action.side,
            player: self.player(action.side).unwrap_or_default(),
            location: action.location,
            text: action.text.to_owned(),
            dice,
            written: state::written_play(&action.kind),
            before: None,
            after: None,
            context: self.context(action.side),
        }
    }
}

impl Replayer<'_, '_> {
    /// Completes `draft` from the replay (the match, the game, the
    /// player's name, the cube and score, the board before the action)
    /// and keeps it.
    pub(super) fn record(&mut self, draft: Draft) {
        let finding = state::complete(self.current.as_ref(), self.match_count, draft);
        self.recorder.keep(finding);
    }
}
