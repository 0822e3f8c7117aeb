//! The analysis eXtreme Gammon stores in its move and cube records, read at
//! the fields' offsets in the 2,560-byte record (the type byte is at 8).
//!
//! A move record holds up to 32 analysed candidates (best first: their
//! positions after the play, their levels and evaluations, the seventh
//! figure of which is the cubeful equity XG ranks by), the play's error and
//! the roll's luck. A cube record holds the no double, double/take and
//! double/pass equities from the doubler's side and the errors of the
//! doubler and of the taker. XG writes -1000 for "not analysed".

use crate::notation::{Hop, PlayNotation};
use crate::skill::Depth;

/// XG's "not analysed" value.
const NONE: f64 = -1000.0;

fn f32_at(raw: &[u8], at: usize) -> Option<f64> {
    let b: [u8; 4] = raw.get(at..at + 4)?.try_into().ok()?;
    let x = f64::from(f32::from_le_bytes(b));
    x.is_finite().then_some(x)
}

fn f64_at(raw: &[u8], at: usize) -> Option<f64> {
    let b: [u8; 8] = raw.get(at..at + 8)?.try_into().ok()?;
    let x = f64::from_le_bytes(b);
    x.is_finite().then_some(x)
}

fn i32_at(raw: &[u8], at: usize) -> Option<i32> {
    let b: [u8; 4] = raw.get(at..at + 4)?.try_into().ok()?;
    Some(i32::from_le_bytes(b))
}

/// The names of XG's analysis levels (a 16-bit field): 0-6 are 1- to
/// 7-ply, 100 a rollout, 998-1000 the opening book, 1001 XG Roller, 1002 XG
/// Roller++; negative: none.
pub(super) fn level(level: i16) -> Option<Depth> {
    const PLIES: [&str; 7] = [
        "1-ply", "2-ply", "3-ply", "4-ply", "5-ply", "6-ply", "7-ply",
    ];
    let name = match level {
        0..=6 => PLIES[usize::try_from(level).ok()?],
        100 => "rollout",
        998..=1000 => "book",
        1001 => "XG Roller",
        1002 => "XG Roller++",
        l if l < 0 => return None,
        _ => "another level",
    };
    Some(Depth::Level(name))
}

fn i16_at(raw: &[u8], at: usize) -> Option<i16> {
    let b: [u8; 2] = raw.get(at..at + 2)?.try_into().ok()?;
    Some(i16::from_le_bytes(b))
}

/// A move record's analysis.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MoveAnalysis {
    /// The candidates' ranking equities, best first.
    pub(super) equities: Vec<f64>,
    /// Which candidate the play made is (matched by the position after it).
    pub(super) played: Option<usize>,
    /// XG's error of the play (≤ 0).
    pub(super) error: f64,
    /// The luck of the roll, when analysed.
    pub(super) luck: Option<f64>,
    /// The level of the best candidate's evaluation.
    pub(super) depth: Option<Depth>,
    /// XG marks the play as no decision (one legal play, or none).
    pub(super) forced: bool,
    /// The best candidate, in the mover's numbering.
    pub(super) best: Option<PlayNotation>,
}

/// The analysis of a move record, when XG analysed the play.
pub(super) fn checker(raw: &[u8]) -> Option<MoveAnalysis> {
    let error = f64_at(raw, 2312)?;
    if error <= NONE + 0.5 {
        return None;
    }
    let count = usize::try_from(i32_at(raw, 188)?).ok()?;
    if !(1..=32).contains(&count) {
        return None;
    }
    let after = raw.get(35..61)?;
    let mut equities = Vec::with_capacity(count);
    let mut played = None;
    for i in 0..count {
        equities.push(f32_at(raw, 1408 + 28 * i + 24)?);
        if played.is_none() && raw.get(192 + 26 * i..218 + 26 * i) == Some(after) {
            played = Some(i);
        }
    }
    let luck = f64_at(raw, 2320).filter(|&l| l > NONE + 0.5);
    let depth = i16_at(raw, 1280).and_then(level);
    Some(MoveAnalysis {
        equities,
        played,
        error,
        luck,
        depth,
        forced: raw.get(2304).is_some_and(|&b| b != 0) || count < 2,
        best: raw.get(1024..1032).and_then(notation),
    })
}

/// A candidate's steps: four from/to pairs of bytes, 0-based from the
/// mover's side (24 the bar, negative off), -1 ending the list.
fn notation(steps: &[u8]) -> Option<PlayNotation> {
    let mut play = PlayNotation::empty();
    for pair in steps.chunks_exact(2) {
        let (from, to) = (i8::from_le_bytes([pair[0]]), i8::from_le_bytes([pair[1]]));
        if from == -1 {
            break;
        }
        play.push(hop(i32::from(from), i32::from(to))?);
    }
    (!play.is_empty()).then_some(play)
}

/// One step of eXtreme Gammon's notation: 0-based from the mover's side, 24
/// the bar, a `to` below 0 off; `None` off the board.
pub(super) fn hop(from: i32, to: i32) -> Option<Hop> {
    match (u8::try_from(from), to) {
        (Ok(from @ 0..=24), to @ -6..=23) => Some(Hop {
            from: from + 1,
            to: u8::try_from(to + 1).unwrap_or(0),
            hit: false,
        }),
        _ => None,
    }
}

/// A cube record's analysis.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CubeAnalysis {
    /// No double, double/take, double/pass, from the doubler's side.
    pub(super) no_double: f64,
    pub(super) double_take: f64,
    pub(super) double_pass: f64,
    /// XG's errors of the doubler and of the taker (≤ 0; 0 when not
    /// analysed).
    pub(super) errors: (f64, f64),
    pub(super) depth: Option<Depth>,
}

/// The analysis of a cube record, when XG analysed the decision.
pub(super) fn cube(raw: &[u8]) -> Option<CubeAnalysis> {
    let doubler = f64_at(raw, 200)?;
    if doubler <= NONE + 0.5 {
        return None;
    }
    let no_double = f32_at(raw, 152)?;
    let double_take = f32_at(raw, 156)?;
    let double_pass = f32_at(raw, 160)?;
    if no_double <= -2.0 || double_take <= -2.0 {
        return None;
    }
    let taker = f64_at(raw, 216).filter(|&e| e > NONE + 0.5).unwrap_or(0.0);
    Some(CubeAnalysis {
        no_double,
        double_take,
        double_pass,
        errors: (doubler, taker),
        depth: i16_at(raw, 92).and_then(level),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_without_analysis_gives_none() {
        let mut raw = vec![0u8; 2560];
        raw[8] = 3;
        raw[2312..2320].copy_from_slice(&(-1000.0f64).to_le_bytes());
        assert_eq!(checker(&raw), None);
        raw[8] = 2;
        raw[200..208].copy_from_slice(&(-1000.0f64).to_le_bytes());
        assert_eq!(cube(&raw), None);
    }

    #[test]
    fn the_played_candidate_is_found_by_its_position() {
        let mut raw = vec![0u8; 2560];
        raw[188..192].copy_from_slice(&2i32.to_le_bytes());
        raw[35] = 5;
        raw[192 + 26] = 5;
        raw[1408 + 24..1408 + 28].copy_from_slice(&0.25f32.to_le_bytes());
        raw[1408 + 28 + 24..1408 + 28 + 28].copy_from_slice(&0.125f32.to_le_bytes());
        raw[2312..2320].copy_from_slice(&(-0.125f64).to_le_bytes());
        let a = checker(&raw).expect("analysed");
        assert_eq!(a.equities, vec![0.25, 0.125]);
        assert_eq!(a.played, Some(1));
        assert!(!a.forced);
        assert_eq!(a.depth, Some(Depth::Level("1-ply")));
    }
}
