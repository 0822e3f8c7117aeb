//! Plakoto, the Greek game of the tavli family: checkers are pinned instead
//! of hit.
//!
//! The rules follow the Tavolando book, section 11.2 (rules.md §11); where a
//! rule is quoted below, the quotation is the book's Italian text followed by
//! a translation.
//!
//! - Start: every checker of a player on his own 24 point (rules.md §11; the
//!   book's diagram of the start is not part of its text, and its mother
//!   rule calls that point the player's "posizione 1").
//! - Pinning: *"Se un pezzo avversario muove su una freccia occupata da un
//!   singolo pezzo (blot) allora il pezzo è catturato. Il pezzo catturato
//!   rimane sulla tavola e il catturante viene posizionato sopra. Il pezzo
//!   catturato non si può muovere fin quando non si libera. Si possono
//!   posizionare su quella freccia quanti pezzi del colore del pezzo
//!   catturante si vogliono, nessuno del catturato."* (a checker landing on a
//!   single opposing checker captures it; the captured checker stays on the
//!   board under the captor and cannot move until freed; any number of the
//!   captor's colour may join the point, none of the captured colour). There
//!   is no bar.
//! - Movement: *"Non si può muovere su una freccia occupata da due o più pezzi
//!   avversari"* (no landing on two or more opposing checkers); each die is a
//!   separate step whose landing must be allowed; doubles give four steps;
//!   *"Il giocatore è obbligato a giocare i risultati dei dadi. Se non può
//!   farlo deve giocare il più alto numero possibile."* (the dice must be
//!   used; if they cannot all be, as much as possible). Maximal use, and the
//!   larger die when only one can be played, are as in backgammon (§11.1).
//! - Bearing off: *"bisogna che tutti i pezzi del giocatore siano nella propria
//!   casa e devono essere liberi. Se c'è un pezzo catturato il giocatore può
//!   continuare a muovere, ma non può fare uscire pezzi."* (every checker in
//!   the home board and free; with a pinned checker the player moves on but
//!   may not bear off). A higher die than the highest occupied point bears off
//!   from that point, as in backgammon (§11.1; the Plakoto section only says
//!   that a die with no checker on its point moves a checker from a higher
//!   point).
//!
//! [`PlakotoPosition`] implements [`Board`], so the move generator and the
//! judge work on it unchanged; [`game_end`] tells the result after a play.

use std::fmt;

use super::board::{Board, mix_words};
use super::step::{IllegalStep, Step};

/// Checkers per side.
pub const CHECKERS: u8 = 15;

/// Our starting point, in our numbering (theirs is our point 1).
pub const START: usize = 24;

/// A not necessarily valid Plakoto arrangement, in the mover's frame: public
/// fields and no invariants. Turn it into a [`PlakotoPosition`] with
/// [`PlakotoSetup::into_position`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlakotoSetup {
    /// `points[1..=24]`: the free checkers on top of each of our points,
    /// positive ours, negative theirs. `points[0]` is not a point (there is
    /// no bar) and must be 0.
    pub points: [i8; 25],
    /// `pinned[p]`: one checker of the other colour than the top checkers of
    /// point `p` lies pinned under them. `pinned[0]` must be false.
    pub pinned: [bool; 25],
    /// Our checkers borne off.
    pub our_off: u8,
    /// Their checkers borne off.
    pub their_off: u8,
}

impl PlakotoSetup {
    /// Checks the arrangement and makes it a [`PlakotoPosition`].
    ///
    /// # Errors
    /// A [`PlakotoPositionError`] naming what is wrong: checkers on index 0,
    /// a pinned checker with nothing on top of it, or a side whose checkers
    /// (free, pinned and off) do not add up to 15.
    pub fn into_position(self) -> Result<PlakotoPosition, PlakotoPositionError> {
        if self.points[0] != 0 || self.pinned[0] {
            return Err(PlakotoPositionError::NoSuchPoint);
        }
        let mut mask = 0u32;
        let (mut ours, mut theirs) = (i32::from(self.our_off), i32::from(self.their_off));
        for p in 1..=24 {
            let count = self.points[p];
            if count > 0 {
                ours += i32::from(count);
            } else {
                theirs -= i32::from(count);
            }
            if self.pinned[p] {
                if count == 0 {
                    return Err(PlakotoPositionError::PinnedUnderNothing { point: p as u8 });
                }
                mask |= 1 << p;
                if count > 0 {
                    theirs += 1;
                } else {
                    ours += 1;
                }
            }
        }
        for (is_ours, found) in [(true, ours), (false, theirs)] {
            if found != i32::from(CHECKERS) {
                return Err(PlakotoPositionError::CheckerCount {
                    ours: is_ours,
                    found,
                });
            }
        }
        Ok(PlakotoPosition {
            points: self.points,
            pinned: mask,
            our_off: self.our_off,
            their_off: self.their_off,
        })
    }
}

/// Why a [`PlakotoSetup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlakotoPositionError {
    /// Checkers on index 0: Plakoto has no bar and points are 1..=24.
    #[error("index 0 holds checkers, but Plakoto has no bar and its points are 1 to 24")]
    NoSuchPoint,
    /// A pinned checker on a point where no checker lies on top of it.
    #[error("a checker is pinned on point {point} with no opposing checker on top of it")]
    PinnedUnderNothing {
        /// The point, in the mover's numbering.
        point: u8,
    },
    /// A side has too many or too few checkers.
    #[error(
        "{} side has {found} checkers (free, pinned and off) instead of 15",
        if *.ours { "our" } else { "their" }
    )]
    CheckerCount {
        /// True for our side.
        ours: bool,
        /// Checkers found.
        found: i32,
    },
}

/// A valid Plakoto position seen from the player about to move. `Copy`, 32
/// bytes.
///
/// Our points are numbered 1..=24 from our side (we move from 24 towards 1,
/// home is 1..=6); their point `q` is our point `25 - q`. Each point holds
/// free checkers of one colour on top (positive counts ours, negative theirs)
/// and at most one checker of the other colour pinned under them.
///
/// Invariants: each side's free, pinned and borne-off checkers add up to 15;
/// a pinned checker has at least one opposing checker on top of it.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PlakotoPosition {
    /// `points[1..=24]`: top checkers; `points[0]` is always 0.
    points: [i8; 25],
    /// Bit `p`: one checker of the colour opposite to `points[p]`'s lies
    /// pinned under them.
    pinned: u32,
    our_off: u8,
    their_off: u8,
}

impl PlakotoPosition {
    /// The start: 15 checkers on each player's own 24 point.
    #[must_use]
    pub const fn starting() -> PlakotoPosition {
        let mut points = [0i8; 25];
        points[START] = CHECKERS as i8;
        points[25 - START] = -(CHECKERS as i8);
        PlakotoPosition {
            points,
            pinned: 0,
            our_off: 0,
            their_off: 0,
        }
    }

    /// As an unchecked [`PlakotoSetup`].
    #[must_use]
    pub fn setup(&self) -> PlakotoSetup {
        let mut pinned = [false; 25];
        for (p, slot) in pinned.iter_mut().enumerate() {
            *slot = self.pinned & (1 << p) != 0;
        }
        PlakotoSetup {
            points: self.points,
            pinned,
            our_off: self.our_off,
            their_off: self.their_off,
        }
    }

    /// The same position seen from the other side.
    #[must_use]
    pub fn flip(&self) -> PlakotoPosition {
        let mut points = [0i8; 25];
        let mut pinned = 0u32;
        for (p, slot) in points.iter_mut().enumerate().skip(1) {
            *slot = -self.points[25 - p];
            if self.pinned & (1 << (25 - p)) != 0 {
                pinned |= 1 << p;
            }
        }
        PlakotoPosition {
            points,
            pinned,
            our_off: self.their_off,
            their_off: self.our_off,
        }
    }

    #[inline]
    fn top(&self, p: usize) -> i8 {
        self.points.get(p).copied().unwrap_or(0)
    }

    #[inline]
    fn pin_bit(&self, p: usize) -> bool {
        p < 25 && self.pinned & (1 << p) != 0
    }

    /// Our free checkers on top of our point `p` (1..=24).
    #[must_use]
    pub fn ours(&self, p: usize) -> u8 {
        self.top(p).max(0) as u8
    }

    /// Their free checkers on top of our point `p` (1..=24).
    #[must_use]
    pub fn theirs(&self, p: usize) -> u8 {
        (-self.top(p)).max(0) as u8
    }

    /// True when one of our checkers lies pinned on our point `p`.
    #[must_use]
    pub fn our_pinned(&self, p: usize) -> bool {
        self.top(p) < 0 && self.pin_bit(p)
    }

    /// True when one of their checkers lies pinned on our point `p`.
    #[must_use]
    pub fn their_pinned(&self, p: usize) -> bool {
        self.top(p) > 0 && self.pin_bit(p)
    }

    /// True when a checker of ours is on our point `p`, free or pinned.
    #[must_use]
    pub fn has_ours(&self, p: usize) -> bool {
        self.top(p) > 0 || self.our_pinned(p)
    }

    /// True when a checker of theirs is on our point `p`, free or pinned.
    #[must_use]
    pub fn has_theirs(&self, p: usize) -> bool {
        self.top(p) < 0 || self.their_pinned(p)
    }

    /// Checkers we have borne off.
    #[must_use]
    pub const fn our_off(&self) -> u8 {
        self.our_off
    }

    /// Checkers they have borne off.
    #[must_use]
    pub const fn their_off(&self) -> u8 {
        self.their_off
    }

    /// We have borne off every checker.
    #[must_use]
    pub fn we_are_off(&self) -> bool {
        !(1..=24).any(|p| self.has_ours(p))
    }

    /// They have borne off every checker.
    #[must_use]
    pub fn they_are_off(&self) -> bool {
        !(1..=24).any(|p| self.has_theirs(p))
    }

    /// Our highest point with a checker, free or pinned; 0 if none is left.
    #[must_use]
    pub fn our_highest(&self) -> usize {
        (1..=24).rev().find(|&p| self.has_ours(p)).unwrap_or(0)
    }

    /// True when every checker of ours left is in our home board (1..=6).
    #[must_use]
    pub fn all_home(&self) -> bool {
        self.our_highest() <= 6
    }

    /// True when one of our checkers is pinned anywhere.
    #[must_use]
    pub fn any_of_ours_pinned(&self) -> bool {
        (1..=24).any(|p| self.our_pinned(p))
    }

    /// Our pip count, pinned checkers included.
    #[must_use]
    pub fn our_pips(&self) -> u32 {
        (1..=24)
            .map(|p| p as u32 * (u32::from(self.ours(p)) + u32::from(self.our_pinned(p))))
            .sum()
    }
}

impl Board for PlakotoPosition {
    /// A checker of ours is physically on `p`, free or pinned: the judge's
    /// physical pass accepts a move of a pinned checker, and
    /// [`Board::check_step`] refuses it by rule.
    #[inline]
    fn movable(&self, p: usize) -> bool {
        (1..=24).contains(&p) && self.has_ours(p)
    }

    /// Plakoto has no bar.
    #[inline]
    fn on_bar(&self) -> bool {
        false
    }

    /// Two or more of their free checkers hold the point. A single opposing
    /// checker pinning one of ours also keeps us out, but by rule
    /// ([`IllegalStep::PinningPoint`]), not physically.
    #[inline]
    fn closed(&self, p: usize) -> bool {
        (1..=24).contains(&p) && self.top(p) <= -2
    }

    /// In order: a checker of ours on `from` ([`IllegalStep::NoChecker`]),
    /// not pinned ([`IllegalStep::Pinned`]); a landing point not held by two
    /// or more opposing checkers ([`IllegalStep::Blocked`]) nor by a single
    /// one pinning ours ([`IllegalStep::PinningPoint`]); a bear-off with
    /// every checker home ([`IllegalStep::NotAllHome`]), none pinned
    /// ([`IllegalStep::PinnedBearOff`]), and a higher die only from the
    /// highest point ([`IllegalStep::HigherCheckerFirst`]).
    #[inline]
    fn check_step(&self, from: usize, die: u8) -> Result<(), IllegalStep> {
        if !self.movable(from) {
            return Err(IllegalStep::NoChecker);
        }
        if self.top(from) < 0 {
            return Err(IllegalStep::Pinned);
        }
        let to = from as i32 - i32::from(die);
        if to >= 1 {
            let to = to as usize;
            let count = self.top(to);
            if count <= -2 {
                return Err(IllegalStep::Blocked);
            }
            if count == -1 && self.pin_bit(to) {
                return Err(IllegalStep::PinningPoint);
            }
            return Ok(());
        }
        if !self.all_home() {
            return Err(IllegalStep::NotAllHome);
        }
        if self.any_of_ours_pinned() {
            return Err(IllegalStep::PinnedBearOff);
        }
        if to < 0 && self.our_highest() > from {
            return Err(IllegalStep::HigherCheckerFirst);
        }
        Ok(())
    }

    #[inline]
    fn apply_step(&mut self, from: usize, die: u8) -> Step {
        let to = (from as i32 - i32::from(die)).max(0) as usize;
        self.move_checker(from, to, die)
    }

    /// Moves one of our checkers, pinning a single free opposing checker on
    /// the landing point (`hit` in the [`Step`] means a pin).
    ///
    /// Moves the rules forbid are still carried out, as played: a pinned
    /// checker of ours leaves from under the opposing checkers, and a
    /// landing on a single opposing checker that pins one of ours puts the
    /// mover on top, pinning it in turn; the checker of ours that was under
    /// it then counts as free on the point (a three-high stack has no legal
    /// form). A landing on two or more opposing checkers, or a move from a
    /// point without a checker of ours, changes nothing.
    #[inline]
    fn move_checker(&mut self, from: usize, to: usize, die: u8) -> Step {
        let mut step = Step {
            from: from as u8,
            to: to as u8,
            die,
            hit: false,
        };
        if !self.movable(from) || to >= from || self.top(to) <= -2 {
            return step;
        }
        if self.points[from] > 0 {
            self.points[from] -= 1;
            if self.points[from] == 0 && self.pin_bit(from) {
                // The opposing checker we pinned is free again.
                self.points[from] = -1;
                self.pinned &= !(1 << from);
            }
        } else {
            self.pinned &= !(1 << from);
        }
        if to == 0 {
            self.our_off += 1;
            return step;
        }
        match self.points[to] {
            -1 if self.pin_bit(to) => {
                self.points[to] = 2;
                step.hit = true;
            }
            -1 => {
                self.points[to] = 1;
                self.pinned |= 1 << to;
                step.hit = true;
            }
            _ => self.points[to] += 1,
        }
        step
    }

    #[inline]
    fn key(&self) -> u64 {
        let mut bytes = [0u8; 32];
        for (byte, &count) in bytes.iter_mut().zip(self.points.iter()) {
            *byte = count as u8;
        }
        bytes[25..29].copy_from_slice(&self.pinned.to_le_bytes());
        bytes[29] = self.our_off;
        bytes[30] = self.their_off;
        mix_words(&bytes)
    }
}

impl fmt::Debug for PlakotoPosition {
    /// Compact and diffable: `us{24:14 20:1+pin} them{24:14} off 0/0`, each
    /// side in its own numbering; `+pin` marks a point whose top checkers pin
    /// one opposing checker.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pin = |p: usize| if self.pin_bit(p) { "+pin" } else { "" };
        f.write_str("us{")?;
        let mut sep = "";
        for p in (1..=24).rev() {
            if self.points[p] > 0 {
                write!(f, "{sep}{p}:{}{}", self.points[p], pin(p))?;
                sep = " ";
            }
        }
        f.write_str("} them{")?;
        sep = "";
        for p in 1..=24 {
            if self.points[p] < 0 {
                write!(f, "{sep}{}:{}{}", 25 - p, -self.points[p], pin(p))?;
                sep = " ";
            }
        }
        write!(f, "}} off {}/{}", self.our_off, self.their_off)
    }
}

/// What a Plakoto win is worth, by how it was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlakotoWin {
    /// All 15 borne off and the loser had borne off at least one: *"Se il
    /// giocatore sconfitto ha portato fuori almeno un pezzo allora perde un
    /// punto"* (if the loser has borne off at least one checker he loses one
    /// point).
    Single,
    /// All 15 borne off and the loser had borne off none: *"altrimenti perderà
    /// due punti oppure tre"* (otherwise he loses two points, or three).
    Double,
    /// All 15 borne off, the loser had borne off none and still has a checker
    /// in his starting quarter (his points 19..=24, the winner's home
    /// board): *"Backgammon: quando un giocatore ha ancora un pezzo nella sua
    /// propria casa e il suo avversario ha fatto uscire tutti i pezzi."*
    /// (backgammon: when a player still has a checker in his own "casa" and
    /// his opponent has borne off every checker). Read literally, "his own
    /// home board" would make a loser who got further lose more; the name
    /// "backgammon" and rules.md §11 give the starting quarter. A loser who
    /// bore off a checker never has one there (checkers never move back).
    Triple,
    /// The loser's mother checker is pinned: *"Pezzo madre: se l'ultimo pezzo
    /// (chiamato madre) è catturato e se l'avversario non ha più pezzi nella
    /// sua propria posizione 1 allora il giocatore con il pezzo madre
    /// catturato perde 3 punti."* (mother checker: if the last checker, called
    /// the mother, is captured and the opponent has no checker left on his
    /// own starting point, the player whose mother is captured loses 3
    /// points).
    Mother,
}

impl PlakotoWin {
    /// Points at cube 1: 1, 2, 3, and 3 for the mother checker.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        match self {
            PlakotoWin::Single => 1,
            PlakotoWin::Double => 2,
            PlakotoWin::Triple | PlakotoWin::Mother => 3,
        }
    }

    /// `single`, `double`, `triple` or `mother`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PlakotoWin::Single => "single",
            PlakotoWin::Double => "double",
            PlakotoWin::Triple => "triple",
            PlakotoWin::Mother => "mother",
        }
    }
}

/// How a Plakoto game ended, from the side the position is seen from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlakotoEnd {
    /// We win.
    WeWin(PlakotoWin),
    /// They win.
    TheyWin(PlakotoWin),
    /// Both mother checkers are pinned: *"Un gioco dove entrambi i pezzi madre
    /// sono catturati è patta."* (a game where both mother checkers are
    /// captured is a draw).
    Draw,
}

/// The result of the game after a play, or `None` while it goes on. Ask it
/// after every play, with the position before it is turned around (or after:
/// the answer is then from the other side).
///
/// - A side that has borne off all 15 wins ([`PlakotoWin::Single`],
///   [`PlakotoWin::Double`] or [`PlakotoWin::Triple`] by what the loser has
///   left).
/// - A mother checker is a player's last checker on his starting point; it
///   is pinned when an opposing checker sits on it there. If both are
///   pinned, the game is a draw. If one is, and the pinner's side has no
///   checker left on its own starting point (so its own mother can no longer
///   be pinned), the pinned side loses ([`PlakotoWin::Mother`]). While the
///   pinner still has a checker on its starting point, play goes on.
#[must_use]
pub fn game_end(position: &PlakotoPosition) -> Option<PlakotoEnd> {
    if position.we_are_off() {
        return Some(PlakotoEnd::WeWin(bear_off_win(position)));
    }
    if position.they_are_off() {
        return Some(PlakotoEnd::TheyWin(bear_off_win(&position.flip())));
    }
    let our_start = START;
    let their_start = 25 - START;
    let our_mother = position.our_pinned(our_start);
    let their_mother = position.their_pinned(their_start);
    match (our_mother, their_mother) {
        (true, true) => Some(PlakotoEnd::Draw),
        (true, false) if !position.has_theirs(their_start) => {
            Some(PlakotoEnd::TheyWin(PlakotoWin::Mother))
        }
        (false, true) if !position.has_ours(our_start) => {
            Some(PlakotoEnd::WeWin(PlakotoWin::Mother))
        }
        _ => None,
    }
}

/// The kind of bear-off win for us, who have borne off every checker.
fn bear_off_win(position: &PlakotoPosition) -> PlakotoWin {
    if position.their_off() > 0 {
        PlakotoWin::Single
    } else if (1..=6).any(|p| position.has_theirs(p)) {
        PlakotoWin::Triple
    } else {
        PlakotoWin::Double
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;
    use crate::rules::legal_plays;

    /// A Plakoto position from (point, count) lists of free checkers in our
    /// numbering; `pins` lists the points whose top checkers pin one
    /// opposing checker.
    fn plak(
        ours: &[(usize, i8)],
        theirs: &[(usize, i8)],
        pins: &[usize],
        our_off: u8,
        their_off: u8,
    ) -> PlakotoPosition {
        let mut setup = PlakotoSetup {
            points: [0; 25],
            pinned: [false; 25],
            our_off,
            their_off,
        };
        for &(p, c) in ours {
            setup.points[p] += c;
        }
        for &(p, c) in theirs {
            setup.points[p] -= c;
        }
        for &p in pins {
            setup.pinned[p] = true;
        }
        setup.into_position().unwrap()
    }

    fn roll(a: u8, b: u8) -> Roll {
        Roll::new(a, b).unwrap()
    }

    #[test]
    fn the_start_has_every_checker_on_its_own_24_point() {
        let start = PlakotoPosition::starting();
        assert_eq!(start.ours(24), 15);
        assert_eq!(start.theirs(1), 15);
        assert_eq!(start.flip(), start);
        assert_eq!(start.our_pips(), 360);
        assert_eq!(format!("{start:?}"), "us{24:15} them{24:15} off 0/0");
        assert_eq!(start.setup().into_position(), Ok(start));
        assert_eq!(std::mem::size_of::<PlakotoPosition>(), 32);
    }

    #[test]
    fn a_setup_says_what_is_wrong() {
        let mut setup = PlakotoPosition::starting().setup();
        setup.pinned[10] = true;
        assert_eq!(
            setup.into_position(),
            Err(PlakotoPositionError::PinnedUnderNothing { point: 10 })
        );
        let mut setup = PlakotoPosition::starting().setup();
        setup.points[0] = 1;
        assert_eq!(
            setup.into_position(),
            Err(PlakotoPositionError::NoSuchPoint)
        );
        let mut setup = PlakotoPosition::starting().setup();
        setup.pinned[24] = true;
        let err = setup.into_position().unwrap_err();
        assert_eq!(
            err,
            PlakotoPositionError::CheckerCount {
                ours: false,
                found: 16
            }
        );
        assert_eq!(
            err.to_string(),
            "their side has 16 checkers (free, pinned and off) instead of 15"
        );
    }

    #[test]
    fn landing_on_a_single_opposing_checker_pins_it() {
        let p = plak(&[(24, 15)], &[(20, 1), (1, 14)], &[], 0, 0);
        let mut q = p;
        let step = q.apply_step(24, 4);
        assert!(step.hit, "a pin is marked like a hit");
        assert!(q.their_pinned(20));
        assert_eq!(q.ours(20), 1);
        assert_eq!(format!("{q:?}"), "us{24:14 20:1+pin} them{24:14} off 0/0");
        // The pinned checker is still theirs: seen from their side it is
        // theirs, pinned, on their 5 point.
        let flipped = q.flip();
        assert!(flipped.our_pinned(5));
        assert_eq!(flipped.flip(), q);
    }

    #[test]
    fn a_pinned_checker_cannot_move() {
        // One of ours pinned on our 20 point under their checker.
        let p = plak(&[(24, 14)], &[(20, 1), (1, 14)], &[20], 0, 0);
        assert!(p.movable(20), "physically there");
        assert_eq!(p.check_step(20, 3), Err(IllegalStep::Pinned));
        let plays = legal_plays(&p, roll(3, 1));
        assert!(
            plays
                .iter()
                .all(|lp| lp.play.steps().iter().all(|s| s.from == 24)),
            "{plays:?}"
        );
    }

    #[test]
    fn a_play_breaking_two_rules_names_the_first_broken() {
        // One of ours pinned on our 20 point. `24/20 20/17` lands on the
        // pinning point first, then moves the pinned checker: the first
        // rule broken is the landing.
        let p = plak(&[(24, 14)], &[(20, 1), (1, 14)], &[20], 0, 0);
        let written = crate::notation::PlayNotation::parse("24/20 20/17").unwrap();
        let j = crate::rules::judge(&p, roll(4, 3), &written, &mut crate::rules::MoveGen::new());
        assert_eq!(
            j.verdict,
            crate::rules::PlayVerdict::Illegal(crate::rules::IllegalKind::OntoPinnedPoint)
        );
        // Written the other way round, the pinned checker moves first.
        let written = crate::notation::PlayNotation::parse("20/17 24/20").unwrap();
        let j = crate::rules::judge(&p, roll(4, 3), &written, &mut crate::rules::MoveGen::new());
        assert_eq!(
            j.verdict,
            crate::rules::PlayVerdict::Illegal(crate::rules::IllegalKind::PinnedChecker)
        );
    }

    #[test]
    fn a_pinning_point_is_closed_to_the_pinned_side() {
        // Their checker on our 20 pins one of ours: we may not land there.
        let p = plak(&[(24, 14)], &[(20, 1), (16, 1), (1, 13)], &[20], 0, 0);
        assert!(!p.closed(20), "not closed physically");
        assert_eq!(p.check_step(24, 4), Err(IllegalStep::PinningPoint));
        assert!(legal_plays(&p, roll(4, 4)).is_empty());
        // Their checkers may join it: their 9 point to their 5 (our 20).
        let them = p.flip();
        assert_eq!(them.check_step(9, 4), Ok(()));
        let mut joined = them;
        joined.apply_step(9, 4);
        assert_eq!(joined.ours(5), 2);
        assert!(joined.their_pinned(5));
    }

    #[test]
    fn two_opposing_checkers_block_a_point() {
        let p = plak(&[(24, 15)], &[(20, 2), (1, 13)], &[], 0, 0);
        assert!(p.closed(20));
        assert_eq!(p.check_step(24, 4), Err(IllegalStep::Blocked));
    }

    #[test]
    fn leaving_a_pinning_point_frees_the_pinned_checker() {
        let p = plak(&[(24, 14), (20, 1)], &[(1, 14)], &[20], 0, 0);
        let mut q = p;
        q.apply_step(20, 2);
        assert_eq!(q.theirs(20), 1);
        assert!(!q.their_pinned(20));
        // With two on top, one may leave and the pin holds.
        let p = plak(&[(24, 13), (20, 2)], &[(1, 14)], &[20], 0, 0);
        let mut q = p;
        q.apply_step(20, 2);
        assert!(q.their_pinned(20));
    }

    #[test]
    fn bearing_off_is_refused_while_a_checker_of_ours_is_pinned() {
        // All ours home, one pinned on our 3 point.
        let p = plak(&[(6, 4), (2, 3)], &[(3, 1), (20, 7)], &[3], 7, 7);
        assert_eq!(p.check_step(6, 6), Err(IllegalStep::PinnedBearOff));
        assert_eq!(p.check_step(6, 2), Ok(()));
        let plays = legal_plays(&p, roll(6, 5));
        assert!(plays.iter().all(|lp| lp.result.our_off() == 7), "{plays:?}");
        // Freed, the same roll bears off with the 6 (6/off 6/1).
        let free = plak(&[(6, 4), (3, 1), (2, 3)], &[(20, 7)], &[], 7, 8);
        assert!(
            legal_plays(&free, roll(6, 5))
                .iter()
                .any(|lp| lp.result.our_off() == 8)
        );
    }

    #[test]
    fn a_higher_die_bears_off_only_from_the_highest_point() {
        let p = plak(&[(5, 1), (3, 1)], &[(20, 15)], &[], 13, 0);
        assert_eq!(p.check_step(3, 6), Err(IllegalStep::HigherCheckerFirst));
        assert_eq!(p.check_step(5, 6), Ok(()));
    }

    #[test]
    fn bearing_off_all_fifteen_wins_one_two_or_three() {
        let single = plak(&[], &[(20, 10)], &[], 15, 5);
        assert_eq!(
            game_end(&single),
            Some(PlakotoEnd::WeWin(PlakotoWin::Single))
        );
        let double = plak(&[], &[(10, 15)], &[], 15, 0);
        assert_eq!(
            game_end(&double),
            Some(PlakotoEnd::WeWin(PlakotoWin::Double))
        );
        // One of theirs still in their starting quarter (our 1..6).
        let triple = plak(&[], &[(10, 14), (6, 1)], &[], 15, 0);
        assert_eq!(
            game_end(&triple),
            Some(PlakotoEnd::WeWin(PlakotoWin::Triple))
        );
        assert_eq!(
            game_end(&triple.flip()),
            Some(PlakotoEnd::TheyWin(PlakotoWin::Triple))
        );
        assert_eq!(PlakotoWin::Triple.multiplier(), 3);
    }

    #[test]
    fn pinning_the_mother_wins_three_once_our_own_start_is_empty() {
        // We pin their last checker on their 24 (our 1); we still have
        // checkers on our 24: play goes on.
        let p = plak(&[(24, 2), (1, 1), (10, 12)], &[(15, 14)], &[1], 0, 0);
        assert_eq!(game_end(&p), None);
        // Our 24 emptied: their mother is lost.
        let p = plak(&[(1, 1), (10, 14)], &[(15, 14)], &[1], 0, 0);
        assert_eq!(game_end(&p), Some(PlakotoEnd::WeWin(PlakotoWin::Mother)));
        assert_eq!(
            game_end(&p.flip()),
            Some(PlakotoEnd::TheyWin(PlakotoWin::Mother))
        );
        assert_eq!(PlakotoWin::Mother.multiplier(), 3);
    }

    #[test]
    fn both_mothers_pinned_is_a_draw() {
        let p = plak(&[(1, 1), (10, 13)], &[(24, 1), (15, 13)], &[1, 24], 0, 0);
        assert!(p.our_pinned(24) && p.their_pinned(1));
        assert_eq!(game_end(&p), Some(PlakotoEnd::Draw));
    }

    #[test]
    fn random_games_keep_the_invariants_and_judge_their_own_plays_legal() {
        use crate::notation::PlayNotation;
        use crate::rules::{MoveGen, judge};
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut generator = MoveGen::new();
        let mut judge_generator = MoveGen::new();
        for _ in 0..20 {
            let mut p = PlakotoPosition::starting();
            while game_end(&p).is_none() {
                let r = roll((next() % 6) as u8 + 1, (next() % 6) as u8 + 1);
                let plays = generator.generate(&p, r);
                if let Some(lp) = plays.get(next() as usize % plays.len().max(1)) {
                    assert_eq!(lp.result.setup().into_position(), Ok(lp.result));
                    let written = PlayNotation::parse(&lp.play.to_string()).unwrap();
                    let j = judge(&p, r, &written, &mut judge_generator);
                    assert!(j.is_legal(), "{p:?} {r:?} {}", lp.play);
                    assert_eq!(j.result, lp.result, "{p:?} {r:?} {}", lp.play);
                    p = lp.result;
                }
                if game_end(&p).is_none() {
                    assert_eq!(p.flip().flip(), p);
                    p = p.flip();
                }
            }
        }
    }

    #[test]
    fn illegal_moves_are_carried_out_as_played() {
        // Moving our pinned checker from under theirs.
        let p = plak(&[(24, 14)], &[(20, 1), (1, 14)], &[20], 0, 0);
        let mut q = p;
        q.move_checker(20, 17, 3);
        assert_eq!(q.theirs(20), 1);
        assert!(!q.our_pinned(20));
        assert_eq!(q.ours(17), 1);
        assert!(q.setup().into_position().is_ok());
        // Landing on their checker that pins ours.
        let mut q = p;
        let step = q.move_checker(24, 20, 4);
        assert!(step.hit);
        assert_eq!(q.ours(20), 2);
        assert!(q.their_pinned(20));
        assert!(q.setup().into_position().is_ok());
    }
}
