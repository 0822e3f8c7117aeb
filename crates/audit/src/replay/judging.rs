//! What the replay of one game keeps to judge its plays, beside the match
//! state and the recorder: the move generators (their buffers reused from
//! play to play), where the replay stands among the game's events, the
//! boards the typo analysis starts from, and the readings it settled.
//! Plain data, naming no room.

use super::state::PlayReading;
use crate::position::Position;
use crate::rules::{AnyBoard, MoveGen};

#[cfg(test)]
thread_local! {
    /// Turned off by a test to replay by the general path alone.
    pub(crate) static PLAIN_PLAYS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// The per-replay machinery of the judging of plays (a field of the
/// replayer, lent to the judging functions of `plays`).
pub(super) struct Judging {
    /// The generator for any board.
    pub(super) generator: MoveGen<AnyBoard>,
    /// The generator for backgammon boards, judged without going through
    /// [`AnyBoard`] (the common case, several times faster per step).
    pub(super) backgammon: MoveGen<Position>,
    /// Index of the event being replayed.
    pub(super) event_index: usize,
    /// Index of the event whose play is being judged.
    pub(super) judging_event: usize,
    /// The board before the event of each play judged as more than a
    /// plain legal play in the current replay (first player's frame): the
    /// typo analysis starts from it.
    pub(super) snapshots: Vec<(usize, AnyBoard)>,
    /// The board at the start of the event being replayed, with the
    /// event's index (none while the position is unknown), kept where the
    /// general path or a deferred empty roll needs it.
    pub(super) event_start: Option<(usize, AnyBoard)>,
    /// Settled readings of the current game's illegal plays (and, in a
    /// trial replay, the reading tried).
    pub(super) readings: Vec<PlayReading>,
    /// Plays in the common state are judged by the lean path
    /// (`plays::plain_play`; off: every play takes the general path, to
    /// compare the two). Only the tests turn it off: elsewhere it is always
    /// on, and no field.
    #[cfg(test)]
    plain_plays: bool,
}

impl Judging {
    pub(super) fn new() -> Judging {
        Judging {
            generator: MoveGen::new(),
            backgammon: MoveGen::new(),
            event_index: 0,
            judging_event: 0,
            snapshots: Vec::new(),
            event_start: None,
            readings: Vec::new(),
            #[cfg(test)]
            plain_plays: PLAIN_PLAYS.with(std::cell::Cell::get),
        }
    }

    /// A new replay of a game begins, or no game is left to replay: no
    /// board kept from the last replay.
    pub(super) fn begin_replay(&mut self) {
        self.snapshots.clear();
        self.event_start = None;
    }

    /// Whether plays in the common state are judged by the lean path:
    /// always, but in the tests that compare it with the general path.
    #[cfg(not(test))]
    #[inline(always)]
    pub(super) const fn plain_plays(&self) -> bool {
        true
    }

    /// Whether plays in the common state are judged by the lean path:
    /// always, but in the tests that compare it with the general path.
    #[cfg(test)]
    pub(super) fn plain_plays(&self) -> bool {
        self.plain_plays
    }
}
