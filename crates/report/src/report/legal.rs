//! The legal plays of one roll in one position (`bgaudit legal`): each play
//! in standard notation with the position ID after it, as text, JSON, JSON
//! Lines or CSV.
//!
//! The plays come from the highest point down, the order in which standard
//! notation writes a play: compared move by move as written (`24/21` for a
//! checker's whole journey), each move by its source, then by the nearer
//! landing. Plays moving the back checkers come first and bear-offs last,
//! so a play is found where its notation starts; position-ID order (that of
//! GNU Backgammon's oracle files) follows no visible rule.

use std::io::{self, Write};

use serde::Serialize;

use crate::dice::Roll;
use crate::ids::gnubg::position_id;
use crate::position::Position;

/// The output formats of the legal plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LegalOutput {
    /// One play per line: the play, a tab, the position ID after it.
    Text,
    /// One JSON array of objects with `play` and `position`.
    Json,
    /// JSON Lines: one object with `play` and `position` per line.
    Jsonl,
    /// CSV with a header row: `play,position`.
    Csv,
}

/// One legal play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalRow {
    /// The play in standard notation.
    pub play: String,
    /// GNU Backgammon position ID after the play, still from the mover's
    /// side.
    pub position: String,
}

/// Every legal play of `roll` in `position`, from the highest point down
/// (see the module docs).
#[must_use]
pub fn legal_rows(position: &Position, roll: Roll) -> Vec<LegalRow> {
    let mut plays: Vec<(Vec<(u8, u8)>, LegalRow)> = crate::rules::legal_plays(position, roll)
        .iter()
        .map(|p| {
            let row = LegalRow {
                play: p.play.to_string(),
                position: position_id(&p.result),
            };
            (moves(p.play.steps()), row)
        })
        .collect();
    plays.sort_by(|(a, ra), (b, rb)| b.cmp(a).then_with(|| ra.position.cmp(&rb.position)));
    plays.into_iter().map(|(_, row)| row).collect()
}

/// The checkers' moves of a play as notation writes them, `(from, to)` for
/// each checker's journey (steps chained where one ends and the next
/// starts), highest first.
fn moves(steps: &[crate::rules::Step]) -> Vec<(u8, u8)> {
    let mut used = vec![false; steps.len()];
    let mut moves = Vec::with_capacity(steps.len());
    while let Some(start) = (0..steps.len())
        .filter(|&i| !used[i])
        .max_by_key(|&i| (steps[i].from, std::cmp::Reverse(i)))
    {
        used[start] = true;
        let mut to = steps[start].to;
        while to != 0 {
            let Some(next) = (0..steps.len()).find(|&i| !used[i] && steps[i].from == to) else {
                break;
            };
            used[next] = true;
            to = steps[next].to;
        }
        moves.push((steps[start].from, to));
    }
    moves.sort_unstable_by(|a, b| b.cmp(a));
    moves
}

/// Writes `rows` in `format` (nothing for no play as text, `[]` as JSON)
/// and flushes.
///
/// # Errors
/// Errors of `out`.
pub fn write(rows: &[LegalRow], format: LegalOutput, mut out: impl Write) -> io::Result<()> {
    match format {
        LegalOutput::Json => {
            serde_json::to_writer_pretty(&mut out, rows)?;
            writeln!(out)?;
        }
        LegalOutput::Jsonl => {
            for row in rows {
                serde_json::to_writer(&mut out, row)?;
                writeln!(out)?;
            }
        }
        LegalOutput::Csv => {
            writeln!(out, "play,position")?;
            for row in rows {
                // Neither a play nor a position ID holds a comma or a quote.
                writeln!(out, "{},{}", row.play, row.position)?;
            }
        }
        LegalOutput::Text => {
            for row in rows {
                writeln!(out, "{}\t{}", row.play, row.position)?;
            }
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Variant;

    fn opening(dice: (u8, u8)) -> Vec<LegalRow> {
        let roll = Roll::new(dice.0, dice.1).unwrap();
        legal_rows(&Position::starting(Variant::Backgammon), roll)
    }

    #[test]
    fn plays_come_from_the_highest_point_down() {
        let plays: Vec<String> = opening((3, 1)).into_iter().map(|r| r.play).collect();
        assert_eq!(plays.len(), 16);
        assert_eq!(plays[0], "24/21 24/23");
        assert_eq!(plays.last().map(String::as_str), Some("6/2"));
        let at = |play: &str| plays.iter().position(|p| p == play).unwrap();
        assert!(at("24/23 6/3") < at("24/21 8/7"));
        assert!(at("24/21 6/5") < at("24/20"));
        assert!(at("24/20") < at("13/10 8/7"));
        assert!(at("8/5 6/5") < at("8/4"));
    }

    #[test]
    fn every_format_writes_every_play() {
        let rows = opening((2, 1));
        let text = |format| {
            let mut out = Vec::new();
            write(&rows, format, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let lines = rows.len();
        assert_eq!(text(LegalOutput::Text).lines().count(), lines);
        assert_eq!(text(LegalOutput::Jsonl).lines().count(), lines);
        assert_eq!(text(LegalOutput::Csv).lines().count(), lines + 1);
        let json = text(LegalOutput::Json);
        assert_eq!(json.matches("\"play\"").count(), lines);
        assert!(text(LegalOutput::Csv).starts_with("play,position\n"));
        assert!(text(LegalOutput::Jsonl).starts_with(&format!(
            "{{\"play\":\"{}\",\"position\":\"{}\"}}\n",
            rows[0].play, rows[0].position
        )));
    }
}
