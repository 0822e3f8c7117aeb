//! A place in a file (match, game, move): its findings as diagnostics, or
//! its actions in order with their positions (`explain FILE --game --move`,
//! `show`).

use std::fmt::Write as _;

use super::render::{Diagnostic, Note};
use super::style::Label;
use super::{Explainer, legal_plays_note};
use crate::escape::terminal;
use crate::finding::{Context, Finding, LegalPlays};
use crate::replay::TraceStep;
use crate::report::board::Board;
use crate::side::ByPlayer;

/// Which part of a file to explain or show: every `None` means "all".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The match, by its ordinal in the file.
    pub match_number: Option<u32>,
    /// The game number as written.
    pub game: Option<u32>,
    /// The move: the transcript's row number; in a record without row
    /// numbers (SGF, `.xg`), the row the game takes laid out as a `.mat`.
    pub row: Option<u32>,
}

impl Place {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(m) = self.match_number {
            parts.push(format!("match {m}"));
        }
        if let Some(g) = self.game {
            parts.push(format!("game {g}"));
        }
        if let Some(r) = self.row {
            parts.push(format!("move {r}"));
        }
        parts.join(", ")
    }
}

impl<'a> Explainer<'a> {
    /// The diagnostics at `place`; where nothing was found there, each
    /// action at that place with its position and, for a roll, its legal
    /// plays, saying it is in order. Needs a report replayed with
    /// [`crate::replay::Options::trace`] to show actions without findings.
    ///
    /// # Errors
    /// A message when the file holds no such game or move.
    pub fn place(&self, place: &Place) -> Result<String, String> {
        // The cells of the steps at `place`, worked out once.
        let cells: std::collections::HashSet<usize> = if place.row.is_some() {
            self.steps_at(place)
                .iter()
                .map(|(s, _)| s.location.byte)
                .collect()
        } else {
            std::collections::HashSet::new()
        };
        let findings: Vec<&Finding> = self
            .report
            .findings
            .iter()
            .filter(|f| self.finding_at(f, place, &cells))
            .collect();
        if place.game.is_none() && place.match_number.is_none() && place.row.is_none() {
            let all = self.all();
            if !all.is_empty() {
                return Ok(all);
            }
            // A clean file: say so, and what was checked.
            let (games, plays) = self
                .report
                .matches
                .iter()
                .fold((0, 0), |(g, p), m| (g + m.games, p + m.plays));
            let matches = self.report.matches.len();
            return Ok(format!(
                "{}: nothing found in {matches} {}, {games} {}, {plays} {} (`bgaudit show` prints its positions)\n",
                self.path(),
                if matches == 1 { "match" } else { "matches" },
                if games == 1 { "game" } else { "games" },
                if plays == 1 { "play" } else { "plays" },
            ));
        }
        let steps = self.steps_at(place);
        if findings.is_empty() && steps.is_empty() {
            return Err(self.nothing_at(place));
        }
        let mut out = String::new();
        if findings.is_empty() && place.row.is_none() {
            let _ = writeln!(
                out,
                "{}: nothing found in {} (`bgaudit show` prints its positions)",
                self.path(),
                place.describe()
            );
        } else if findings.is_empty() {
            for (step, row) in steps {
                out.push_str(&self.in_order(step, row));
                out.push('\n');
            }
        } else {
            for finding in findings {
                out.push_str(&self.finding(finding));
                out.push('\n');
            }
        }
        Ok(out)
    }

    /// Each action at `place` with the board before and after it (from the
    /// actor's side) and the findings at its cell. Needs a report replayed
    /// with [`crate::replay::Options::trace`].
    ///
    /// # Errors
    /// A message when the file holds no such game or move.
    pub fn show(&self, place: &Place) -> Result<String, String> {
        let steps = self.steps_at(place);
        if steps.is_empty() {
            return Err(self.nothing_at(place));
        }
        let trace = &self.report.trace;
        // The findings by the place of their cell, found once.
        let mut at_cell: std::collections::HashMap<usize, Vec<&Finding>> =
            std::collections::HashMap::new();
        for f in &self.report.findings {
            at_cell.entry(f.location.byte).or_default().push(f);
        }
        let mut out = String::new();
        let room = self.width.map(usize::from);
        for (step, row) in steps {
            let names = self.names(step.match_number);
            let on_top = self.bottom.is_some_and(|bottom| bottom != step.side);
            let cell = terminal(&step.text);
            // An SGF move node is shown with its play in notation, as
            // `explain` shows it.
            let played = step
                .before
                .as_ref()
                .zip(step.dice)
                .filter(|_| is_sgf_move(&step.text))
                .and_then(|(before, roll)| {
                    sgf_play(step, &crate::rules::legal_plays(before, roll))
                });
            let mut title = format!("{}: {cell}", self.where_text(step, row));
            if let Some(play) = played {
                let _ = write!(title, " ({play})");
            }
            if !self.report.path.is_empty() {
                let _ = write!(
                    title,
                    "   ({})",
                    crate::report::place_in(self.report, step.location)
                );
            }
            let (lines, indent) = self.fit(0, &title, 2);
            for (i, line) in lines.iter().enumerate() {
                let indent = if i == 0 { 0 } else { indent };
                let _ = writeln!(out, "{:indent$}{}", "", self.style.bold(line));
            }
            for f in at_cell
                .get(&step.location.byte)
                .into_iter()
                .flatten()
                .filter(|f| f.location == step.location)
            {
                let label = format!("{}[{}]", f.severity.as_str(), f.name());
                let message = terminal(&f.message);
                let (lines, indent) = self.fit(label.chars().count() + 4, &message, 4);
                let mut lines = lines.into_iter();
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    self.style.label(f.severity.into(), &label),
                    lines.next().unwrap_or_default()
                );
                for line in lines {
                    let _ = writeln!(out, "{:indent$}{line}", "");
                }
            }
            match &step.before {
                Some(before) => {
                    out.push_str("before:\n");
                    let board = Board {
                        position: before,
                        mover: Some(step.side),
                        names: ByPlayer::new(&names.first, &names.second),
                        context: step.context.as_ref(),
                        dice: step.dice,
                        after: false,
                    };
                    for line in board.lines_turned_within(room, on_top) {
                        let _ = writeln!(out, "{line}");
                    }
                }
                None => out.push_str("before: the position is not known here\n"),
            }
            match (&step.before, &step.after) {
                (_, None) => out.push_str("after: the position is not known here\n"),
                (Some(before), Some(after)) if before == after => {
                    out.push_str("after: no checker moved\n");
                }
                (_, Some(after)) => {
                    out.push_str("after:\n");
                    let context = after_context(trace, step);
                    let board = Board {
                        position: after,
                        mover: Some(step.side),
                        names: ByPlayer::new(&names.first, &names.second),
                        context: context.as_ref(),
                        dice: None,
                        after: true,
                    };
                    for line in board.lines_turned_within(room, on_top) {
                        let _ = writeln!(out, "{line}");
                    }
                }
            }
            out.push('\n');
        }
        Ok(out)
    }

    /// The steps of the trace at `place`, in order, with their move
    /// numbers.
    pub(super) fn steps_at(&self, place: &Place) -> Vec<(&'a TraceStep, Option<u32>)> {
        self.numbered()
            .into_iter()
            .filter(|(step, row)| {
                place.match_number.is_none_or(|m| m == step.match_number)
                    && place.game.is_none_or(|g| step.game == Some(g))
                    && place.row.is_none_or(|r| *row == Some(r))
            })
            .collect()
    }

    /// Every step with its move number: the row as written; in a game
    /// written without row numbers, the row the replay counted (see
    /// [`crate::parse::rows`]).
    pub(super) fn numbered(&self) -> Vec<(&'a TraceStep, Option<u32>)> {
        self.report
            .trace
            .iter()
            .map(|step| (step, step.row))
            .collect()
    }

    pub(super) fn finding_at(
        &self,
        finding: &Finding,
        place: &Place,
        cells: &std::collections::HashSet<usize>,
    ) -> bool {
        if place
            .match_number
            .is_some_and(|m| m != finding.match_number)
            || place.game.is_some_and(|g| finding.game != Some(g))
        {
            return false;
        }
        match place.row {
            None => true,
            Some(row) => {
                finding.row == Some(row)
                    || (finding.row.is_none() && cells.contains(&finding.location.byte))
            }
        }
    }

    /// Why nothing is at `place`: the games (or moves) the file does have.
    pub(super) fn nothing_at(&self, place: &Place) -> String {
        let mut games: Vec<u32> = self
            .report
            .trace
            .iter()
            .filter(|s| place.match_number.is_none_or(|m| m == s.match_number))
            .filter_map(|s| s.game)
            .collect();
        games.sort_unstable();
        games.dedup();
        let path = self.path();
        if let Some(game) = place.game
            && games.contains(&game)
        {
            let mut rows: Vec<u32> = self
                .numbered()
                .into_iter()
                .filter(|(s, _)| {
                    s.game == Some(game) && place.match_number.is_none_or(|m| m == s.match_number)
                })
                .filter_map(|(_, row)| row)
                .collect();
            rows.sort_unstable();
            rows.dedup();
            return format!(
                "{path}: no {} (game {game} has moves {})",
                place.describe(),
                ranges(&rows)
            );
        }
        let mut matches: Vec<u32> = self.report.trace.iter().map(|s| s.match_number).collect();
        matches.sort_unstable();
        matches.dedup();
        if let Some(m) = place.match_number
            && !matches.contains(&m)
            && !matches.is_empty()
        {
            format!("{path}: no match {m} (matches: {})", ranges(&matches))
        } else if games.is_empty() {
            format!(
                "{path}: no {}: the file holds no replayed game",
                place.describe()
            )
        } else {
            format!(
                "{path}: no {} (games: {})",
                place.describe(),
                ranges(&games)
            )
        }
    }

    /// An action without a finding: its position, its legal plays.
    pub(super) fn in_order(&self, step: &TraceStep, row: Option<u32>) -> String {
        let mut notes = Vec::new();
        let message = match (&step.before, step.dice) {
            (Some(before), Some(roll)) => {
                let legal = crate::rules::legal_plays(before, roll);
                let count = legal.len();
                let shown = match sgf_play(step, &legal) {
                    Some(play) => format!("`{}` ({play})", step.text),
                    None => format!("`{}`", step.text),
                };
                notes.push(self.board_note(
                    step.match_number,
                    before,
                    Some(step.side),
                    step.context.as_ref(),
                    step.dice,
                ));
                let ranked = LegalPlays::ranked(
                    legal.iter().map(|p| p.play.to_string()),
                    step.written.as_ref(),
                );
                notes.push(legal_plays_note(&ranked));
                if count == 0 {
                    format!("{shown}: no legal play exists, the roll is lost")
                } else {
                    format!(
                        "{shown} is legal: one of {} legal play{}",
                        count,
                        if count == 1 { "" } else { "s" }
                    )
                }
            }
            (Some(before), None) => {
                if let Some(context) = &step.context {
                    notes.push(Note::new(
                        "cube",
                        self.cube_text(step.match_number, context),
                    ));
                }
                notes.push(self.board_note(
                    step.match_number,
                    before,
                    Some(step.side),
                    step.context.as_ref(),
                    None,
                ));
                format!("`{}`: no finding", step.text)
            }
            (None, _) => format!(
                "`{}` is not checked: the position is not known here",
                step.text
            ),
        };
        self.render(&Diagnostic {
            label: Label::Ok,
            name: None,
            message,
            location: step.location,
            match_number: step.match_number,
            game: step.game,
            row,
            player: Some(&step.player),
            text: &step.text,
            notes,
        })
    }

    /// `match 1, game 2, move 8, Marta`.
    pub(super) fn where_text(&self, step: &TraceStep, row: Option<u32>) -> String {
        let mut parts = Vec::new();
        if step.match_number > 0 {
            parts.push(format!("match {}", step.match_number));
        }
        if let Some(g) = step.game {
            parts.push(format!("game {g}"));
        }
        if let Some(r) = row {
            parts.push(format!("move {r}"));
        }
        if !step.player.trim().is_empty() {
            parts.push(terminal(step.player.trim()).into_owned());
        }
        parts.join(", ")
    }
}

/// Whether a cell is an SGF move node (`B[64aggk]`).
fn is_sgf_move(text: &str) -> bool {
    text.starts_with(['B', 'W']) && text.contains('[')
}

/// An SGF move (`B[64aggk]`) in notation, `64: 8/2 6/2`: the legal play of
/// `legal` (the roll's) that reaches the position after it. `None` for a
/// cell of another format, a roll with no move, or a position no legal play
/// reaches.
fn sgf_play(
    step: &TraceStep,
    legal: &[crate::rules::LegalPlay<crate::position::Position>],
) -> Option<String> {
    let sgf = is_sgf_move(&step.text);
    let roll = step.dice?;
    let after = step.after.as_ref()?;
    legal
        .iter()
        .find(|p| &p.result == after)
        .filter(|p| sgf && !p.play.steps().is_empty())
        .map(|p| format!("{roll}: {}", p.play))
}

/// The context after `step`: that of the next action of the same game (the
/// cube may have turned), seen from `step`'s side; else `step`'s own.
fn after_context(trace: &[TraceStep], step: &TraceStep) -> Option<Context> {
    // `step` is an element of `trace`: its index from its address, so that
    // showing a whole file stays linear.
    let offset = (std::ptr::from_ref(step) as usize).checked_sub(trace.as_ptr() as usize)?
        / std::mem::size_of::<TraceStep>().max(1);
    let index = trace
        .get(offset)
        .filter(|s| std::ptr::eq(*s, step))
        .map(|_| offset)
        .or_else(|| trace.iter().position(|s| std::ptr::eq(s, step)))?;
    let next = trace
        .get(index + 1)
        .filter(|n| n.match_number == step.match_number && n.game == step.game)
        .and_then(|n| n.context)
        .or(step.context)?;
    Some(Context {
        mover: step.side,
        ..next
    })
}

/// `1-3, 5, 7-9`.
fn ranges(numbers: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::wrap;

    #[test]
    fn numbers_are_written_as_ranges_and_text_is_wrapped() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[]), "");
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    }
}
