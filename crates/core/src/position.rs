//! Positions, held from the side of the player about to move ("us").
//!
//! Index conventions (our frame): `points[1..=24]` are our points 1..24 (our
//! home board is 1..6 and we move from high to low), `points[25]` is our bar,
//! `points[0]` is *their* bar. Positive counts are our checkers, negative
//! counts theirs. The opponent's point `p` is our point `25 - p`.

use std::fmt;

use crate::swar;

/// Index of our bar in [`Position::points`].
pub const OUR_BAR: usize = 25;
/// Index of their bar in [`Position::points`] (held as a negative count).
pub const THEIR_BAR: usize = 0;

/// The game being played: its starting position and number of checkers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Standard backgammon: 2 on 24, 5 on 13, 3 on 8, 5 on 6.
    #[default]
    Backgammon,
    /// Nackgammon: 2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6.
    Nackgammon,
    /// Hypergammon with 1, 2 or 3 checkers a side, on the 24, 23 and 22 points.
    Hypergammon(u8),
    /// Greek Plakoto: all 15 checkers on the 24 point, pinning instead of hitting.
    Plakoto,
}

impl Variant {
    /// Checkers per side.
    #[must_use]
    pub const fn checkers(self) -> u8 {
        match self {
            Variant::Hypergammon(n) => n,
            _ => 15,
        }
    }

    /// Where one side's checkers start, as (point, count) in that side's own numbering.
    #[must_use]
    pub const fn start(self) -> &'static [(usize, u8)] {
        match self {
            Variant::Backgammon => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon(1) => &[(24, 1)],
            Variant::Hypergammon(2) => &[(24, 1), (23, 1)],
            Variant::Hypergammon(_) => &[(24, 1), (23, 1), (22, 1)],
            Variant::Plakoto => &[(24, 15)],
        }
    }

    /// The name used in reports and accepted by `--variant`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Backgammon => "backgammon",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon(1) => "hypergammon1",
            Variant::Hypergammon(2) => "hypergammon2",
            Variant::Hypergammon(_) => "hypergammon3",
            Variant::Plakoto => "plakoto",
        }
    }
}

/// A not necessarily valid arrangement of checkers, in the same frame as
/// [`Position`]: public fields and no invariants. Turn it into a
/// [`Position`] with [`Setup::into_position`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `points[1..=24]`: positive = our checkers, negative = theirs;
    /// `points[25]` = our bar (>= 0), `points[0]` = their bar (<= 0).
    pub points: [i8; 26],
    /// Our checkers borne off.
    pub our_off: u8,
    /// Their checkers borne off.
    pub their_off: u8,
}

impl Setup {
    /// An arrangement whose borne-off counts are whatever makes `checkers` per
    /// side (saturating at 0 when the board holds more).
    #[must_use]
    pub fn from_board(points: [i8; 26], checkers: u8) -> Setup {
        let ours: i32 = points.iter().map(|&c| i32::from(c.max(0))).sum();
        let theirs: i32 = points.iter().map(|&c| -i32::from(c.min(0))).sum();
        let off = |n: i32| u8::try_from((i32::from(checkers) - n).max(0)).unwrap_or(0);
        Setup {
            points,
            our_off: off(ours),
            their_off: off(theirs),
        }
    }

    /// Checks the arrangement and makes it a [`Position`] with `checkers` per side.
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong: a bar with the wrong sign or a
    /// side whose checkers (board, bar and off) do not add up to `checkers`.
    pub fn into_position(self, checkers: u8) -> Result<Position, PositionError> {
        if self.points[OUR_BAR] < 0 {
            return Err(PositionError::WrongBar { ours: true });
        }
        if self.points[THEIR_BAR] > 0 {
            return Err(PositionError::WrongBar { ours: false });
        }
        let ours: i32 = self
            .points
            .iter()
            .map(|&c| i32::from(c.max(0)))
            .sum::<i32>()
            + i32::from(self.our_off);
        let theirs: i32 = self
            .points
            .iter()
            .map(|&c| -i32::from(c.min(0)))
            .sum::<i32>()
            + i32::from(self.their_off);
        if ours != i32::from(checkers) {
            return Err(PositionError::CheckerCount {
                ours: true,
                found: ours,
                expected: checkers,
            });
        }
        if theirs != i32::from(checkers) {
            return Err(PositionError::CheckerCount {
                ours: false,
                found: theirs,
                expected: checkers,
            });
        }
        Ok(Position {
            points: self.points,
            our_off: self.our_off,
            their_off: self.their_off,
        })
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A bar holds checkers of the wrong colour.
    #[error("{} bar holds the other side's checkers", if *.ours { "our" } else { "their" })]
    WrongBar {
        /// True for our bar.
        ours: bool,
    },
    /// A side has too many or too few checkers.
    #[error("{} side has {found} checkers instead of {expected}", if *.ours { "our" } else { "their" })]
    CheckerCount {
        /// True for our side.
        ours: bool,
        /// Checkers found on the board, the bar and off.
        found: i32,
        /// Checkers expected.
        expected: u8,
    },
}

/// A valid position seen from the player about to move. `Copy`, 28 bytes.
///
/// Invariants: each side's checkers on the board, the bar and off add up to
/// the variant's count; a point holds one colour only (by the sign).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub(crate) points: [i8; 26],
    pub(crate) our_off: u8,
    pub(crate) their_off: u8,
}

impl Position {
    /// The starting position of a backgammon-family variant, the same from both sides.
    #[must_use]
    pub fn starting(variant: Variant) -> Position {
        // Backgammon's (every game of most records) built once, when compiled.
        const BACKGAMMON: Position = Position::build_starting(Variant::Backgammon);
        match variant {
            Variant::Backgammon => BACKGAMMON,
            other => Position::build_starting(other),
        }
    }

    /// The starting position of `variant`, built from [`Variant::start`].
    const fn build_starting(variant: Variant) -> Position {
        let mut points = [0i8; 26];
        let start = variant.start();
        let mut i = 0;
        while i < start.len() {
            let (point, count) = start[i];
            points[point] = count as i8;
            points[25 - point] = -(count as i8);
            i += 1;
        }
        Position {
            points,
            our_off: 0,
            their_off: 0,
        }
    }

    /// The raw board in our frame (see the module docs).
    #[must_use]
    pub const fn points(&self) -> &[i8; 26] {
        &self.points
    }

    /// As an unchecked [`Setup`].
    #[must_use]
    pub const fn setup(&self) -> Setup {
        Setup {
            points: self.points,
            our_off: self.our_off,
            their_off: self.their_off,
        }
    }

    /// Our checkers on our point `p` (25 = our bar), 0 if the point is theirs.
    #[must_use]
    pub fn ours(&self, p: usize) -> u8 {
        self.points.get(p).map_or(0, |&c| c.max(0) as u8)
    }

    /// Their checkers on *our* point `p` (0 = their bar), 0 if the point is ours.
    #[must_use]
    pub fn theirs(&self, p: usize) -> u8 {
        self.points.get(p).map_or(0, |&c| (-c).max(0) as u8)
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

    /// Our checkers on the bar.
    #[must_use]
    pub fn our_bar(&self) -> u8 {
        self.ours(OUR_BAR)
    }

    /// Their checkers on the bar.
    #[must_use]
    pub fn their_bar(&self) -> u8 {
        self.theirs(THEIR_BAR)
    }

    /// The same position seen from the other side.
    #[must_use]
    pub fn flip(&self) -> Position {
        let mut points = [0i8; 26];
        for (i, slot) in points.iter_mut().enumerate() {
            *slot = -self.points[25 - i];
        }
        Position {
            points,
            our_off: self.their_off,
            their_off: self.our_off,
        }
    }

    /// Our pip count (bar counts 25).
    #[must_use]
    pub fn our_pips(&self) -> u32 {
        (1..=25).map(|p| p as u32 * u32::from(self.ours(p))).sum()
    }

    /// Their pip count, in their numbering (their bar counts 25).
    #[must_use]
    pub fn their_pips(&self) -> u32 {
        (0..=24)
            .map(|i| (25 - i) as u32 * u32::from(self.theirs(i)))
            .sum()
    }

    /// The points holding our checkers (1..=24, 25 = bar) as bit `p` of
    /// the mask.
    #[must_use]
    #[inline]
    pub fn our_points(&self) -> u32 {
        let mut bytes = [0u8; 32];
        for (b, &c) in bytes.iter_mut().zip(&self.points) {
            *b = c as u8;
        }
        let mut mask = 0u32;
        for (i, chunk) in bytes.chunks_exact(8).enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            // Bit 0 of each positive byte, then byte `k`'s bit gathered
            // to bit `56 + k` by one product (no two terms overlap).
            let low = positive(u64::from_le_bytes(word)) >> 7;
            let packed = low.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            mask |= (packed as u32) << (8 * i);
        }
        mask
    }

    /// The counts of points `from..from + 8` as the eight bytes of a word,
    /// the first in the lowest byte.
    #[inline(always)]
    fn points_word(&self, from: usize) -> u64 {
        let mut bytes = [0u8; 8];
        for (b, &c) in bytes.iter_mut().zip(&self.points[from..from + 8]) {
            *b = c as u8;
        }
        u64::from_le_bytes(bytes)
    }

    /// Our highest occupied point (25 = bar), 0 if none is left.
    #[must_use]
    pub fn our_highest(&self) -> usize {
        let word = |from: usize| self.points_word(from);
        // Points 18..=25, 10..=17, 2..=9 eight at a time, then point 1.
        for base in [18, 10, 2] {
            let mask = positive(word(base));
            if mask != 0 {
                return base + (63 - mask.leading_zeros() as usize) / 8;
            }
        }
        usize::from(self.points[1] > 0)
    }

    /// Their highest occupied point in their own numbering (25 = their
    /// bar), 0 if none is left: [`Position::our_highest`] of the flipped
    /// position, without flipping.
    #[must_use]
    #[inline]
    pub fn their_highest(&self) -> usize {
        let word = |from: usize| self.points_word(from);
        // Their point `25 - i` is our index `i`: indices 0..=7, 8..=15,
        // 16..=23 eight at a time (a negative byte has its sign bit), then 24.
        for base in [0, 8, 16] {
            let mask = word(base) & swar::HIGH;
            if mask != 0 {
                return 25 - (base + swar::first_set_byte(mask));
            }
        }
        usize::from(self.points[24] < 0)
    }

    /// True when all our remaining checkers are in our home board (1..=6).
    #[must_use]
    pub fn all_home(&self) -> bool {
        self.our_highest() <= 6
    }

    /// Total checkers per side (board, bar and off) of this position.
    #[must_use]
    pub fn checkers(&self) -> u8 {
        let on: i32 = self.points.iter().map(|&c| i32::from(c.max(0))).sum();
        (on + i32::from(self.our_off)) as u8
    }

    /// We have borne off every checker.
    #[must_use]
    pub fn we_are_off(&self) -> bool {
        self.points.iter().all(|&c| c <= 0)
    }
}

/// The high bit of each byte of `word` that is positive (not zero, sign bit
/// clear); exact per byte.
const fn positive(word: u64) -> u64 {
    swar::nonzero(word) & !word
}

impl fmt::Debug for Position {
    /// Compact and diffable: `us{24:2 13:5} them{24:2 13:5} off 0/0`, each side
    /// in its own numbering.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("us{")?;
        let mut sep = "";
        for p in (1..=25).rev() {
            if self.points[p] > 0 {
                write!(
                    f,
                    "{sep}{}:{}",
                    if p == 25 { "bar".into() } else { p.to_string() },
                    self.points[p]
                )?;
                sep = " ";
            }
        }
        f.write_str("} them{")?;
        sep = "";
        for i in 0..=24 {
            if self.points[i] < 0 {
                let p = 25 - i;
                write!(
                    f,
                    "{sep}{}:{}",
                    if p == 25 { "bar".into() } else { p.to_string() },
                    -self.points[i]
                )?;
                sep = " ";
            }
        }
        write!(f, "}} off {}/{}", self.our_off, self.their_off)
    }
}

/// Builds a position for tests and examples: `pos!(us 25:1, 6:5; them 20:2)`.
/// Both sides' points are given in **our** numbering (their checker on our 20
/// point is their 5 point); index 25 for us and 0 for them are the bars.
/// Borne-off counts make up 15 checkers a side.
#[macro_export]
macro_rules! pos {
    (us $($up:literal : $uc:literal),* ; them $($tp:literal : $tc:literal),* $(;)?) => {{
        let mut points = [0i8; 26];
        $( points[$up] += $uc; )*
        $( points[$tp] -= $tc; )*
        $crate::position::Setup::from_board(points, 15)
            .into_position(15)
            .expect("pos! builds a position with at most 15 checkers a side")
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_highest_point_is_found_eight_points_at_a_time() {
        for top in 0..=25 {
            for below in [0i8, -2, 3] {
                let mut p = Position::starting(Variant::Backgammon);
                p.points = [0; 26];
                for q in 0..26 {
                    p.points[q] = if q < top { below } else { -1 };
                }
                if top > 0 {
                    p.points[top] = 1;
                }
                p.points[0] = 5;
                let naive = (1..=25).rev().find(|&q| p.points[q] > 0).unwrap_or(0);
                assert_eq!(p.our_highest(), naive, "{top} {below}");
            }
        }
    }

    #[test]
    fn their_highest_point_is_our_highest_of_the_flipped_position() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut p = Position::starting(Variant::Backgammon);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Few checkers of theirs, anywhere, so that every highest point shows.
            for q in 0..26 {
                let r = (seed >> (q * 2 % 60)) % 8;
                p.points[q] = match r {
                    0 => -1,
                    1 => -((seed % 5) as i8) - 1,
                    2 | 3 => ((seed % 3) as i8) + 1,
                    _ => 0,
                };
            }
            if seed.is_multiple_of(4) {
                let top = (seed % 26) as usize;
                for q in 0..top {
                    p.points[q] = p.points[q].max(0);
                }
            }
            assert_eq!(p.their_highest(), p.flip().our_highest(), "{:?}", p.points);
        }
    }

    #[test]
    fn our_points_are_the_positive_bytes() {
        // Every count from -15 to 15 on every point, with neighbours of
        // every sign (a borrow or carry between bytes would show).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let mut p = Position::starting(Variant::Backgammon);
            for q in 0..26 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                p.points[q] = (seed % 31) as i8 - 15;
            }
            let naive = (0..26)
                .filter(|&q| p.points[q] > 0)
                .fold(0u32, |m, q| m | 1 << q);
            assert_eq!(p.our_points(), naive, "{:?}", p.points);
        }
    }

    #[test]
    fn starting_position_is_symmetric() {
        for v in [
            Variant::Backgammon,
            Variant::Nackgammon,
            Variant::Hypergammon(3),
        ] {
            let p = Position::starting(v);
            assert_eq!(p.flip(), p);
            assert_eq!(p.our_pips(), p.their_pips());
        }
        assert_eq!(Position::starting(Variant::Backgammon).our_pips(), 167);
    }

    #[test]
    fn the_backgammon_start_kept_is_the_one_built() {
        let p = Position::starting(Variant::Backgammon);
        assert_eq!(p, Position::build_starting(Variant::Backgammon));
        let mut points = [0i8; 26];
        for (point, count) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            points[point] = count;
            points[25 - point] = -count;
        }
        assert_eq!(p.points, points);
        assert_eq!((p.our_off, p.their_off), (0, 0));
    }

    #[test]
    fn setup_with_too_many_checkers_is_refused() {
        let mut points = Position::starting(Variant::Backgammon).points;
        points[3] = 1;
        let err = Setup {
            points,
            our_off: 0,
            their_off: 0,
        }
        .into_position(15)
        .unwrap_err();
        assert_eq!(
            err,
            PositionError::CheckerCount {
                ours: true,
                found: 16,
                expected: 15
            }
        );
        assert_eq!(err.to_string(), "our side has 16 checkers instead of 15");
    }

    #[test]
    fn pos_macro_fills_off_counts() {
        let p = pos!(us 25:1; them 20:2);
        assert_eq!(p.our_bar(), 1);
        assert_eq!(p.our_off(), 14);
        assert_eq!(p.theirs(20), 2);
        assert_eq!(format!("{p:?}"), "us{bar:1} them{5:2} off 14/13");
    }
}
