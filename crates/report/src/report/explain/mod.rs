//! Findings as compiler-style diagnostics, positions step by step, and the
//! catalogue entry of a code: the text of `check --explain`, `explain` and
//! `show`.
//!
//! ```text
//! error[illegal-play/wrong-dice]: `6/4 8/4` cannot be made with 52; probable ...
//!   --> fixtures/examples/club-final-7pt.mat:34:6  (match 1, game 2, move 8, Marta)
//!    |
//! 34 |   8) 52: 6/4 8/4                 31: 6/5 8/5
//!    |      ^^^^^^^^^^^
//!    = board: Marta (X) to play 52
//!       +13-14-15-16-17-18------19-20-21-22-23-24-+   O Omar: ...
//!       ...
//!    = legal plays: 40; closest to what was written: ...
//!    = probable transcription error: the dice were most probably 42, one die misread: ...
//!    = as written: with 52 rather than 42 the play cannot be made: ...
//!    = help: `bgaudit explain illegal-play/wrong-dice` quotes the rule
//! ```
//!
//! What a diagnostic shows depends on the finding's family
//! ([`crate::catalogue::Family`]) and on what the replay recorded: a checker play
//! gets the board, the legal plays of its roll (all of them when there are
//! at most [`ALL_PLAYS_UP_TO`], else their count and the first ones: those
//! after which the typo analysis found the rest of the game replaying best,
//! then the closest to the play as written) and the typo analysis; a cube action the cube, the score
//! and the board; a result or score finding the scores; a reading problem
//! only its line. The transcript line comes from the file itself
//! ([`Source`]); without it the diagnostic still names the place.
//!
//! Nothing here judges a play or reads a message: a finding carries what
//! its diagnostic shows (the play as written, the legal plays of its roll,
//! the typo analysis), worked out once by the replay. Only an action without
//! a finding asks the rules engine ([`crate::rules::legal_plays`]) for the
//! legal plays of the position the replay recorded.

mod code;
mod place;
mod render;
mod source;
mod style;

pub use crate::finding::{ALL_PLAYS_UP_TO, CLOSEST_PLAYS, notation_distance};
pub use code::{explain_code, explain_code_within};
pub use place::Place;
pub use source::Source;
pub use style::Style;

use super::board::{Board, cube_state, match_kind};
use crate::catalogue::Family;
use crate::escape::terminal;
use crate::finding::{Context, Finding, LegalPlays};
use crate::position::Position;
use crate::replay::FileReport;
use crate::side::{ByPlayer, Side};
use render::{Diagnostic, Note};

/// Source lines longer than this are shown as a window around the cell.
const MAX_LINE: usize = 100;
/// Width of text paragraphs in `explain CODE`.
const WRAP: usize = 78;

/// Renders a file's findings and steps. Everything that comes from the
/// input (the file name, players' names, the quoted line, cells, messages
/// that quote them) is written escaped ([`crate::escape::terminal`]): it
/// never drives the terminal.
#[derive(Clone, Debug)]
pub struct Explainer<'a> {
    report: &'a FileReport,
    source: Option<&'a Source>,
    style: Style,
    /// The width text is wrapped to, `None` for no wrapping.
    width: Option<u16>,
    /// `show`: the player drawn at the bottom of every board (`None`: the
    /// player acting).
    bottom: Option<Side>,
}

impl<'a> Explainer<'a> {
    /// An explainer of `report`, quoting lines from `source` when given.
    #[must_use]
    pub fn new(report: &'a FileReport, source: Option<&'a Source>, style: Style) -> Self {
        Explainer {
            report,
            source,
            style,
            width: None,
            bottom: None,
        }
    }

    /// The same, `show` drawing every board with `bottom` at the bottom
    /// (`None`: the player acting, X, whoever it is).
    #[must_use]
    pub fn with_bottom(self, bottom: Option<Side>) -> Self {
        Explainer { bottom, ..self }
    }

    /// The same, its text fitted to `width` columns when given (a
    /// terminal's): headlines and notes wrapped, the quoted line cut to a
    /// window, the boards' panels put under them when beside them is too
    /// wide.
    #[must_use]
    pub fn with_width(self, width: Option<u16>) -> Self {
        Explainer { width, ..self }
    }

    /// The file's name, escaped.
    fn path(&self) -> std::borrow::Cow<'a, str> {
        terminal(&self.report.path)
    }

    /// Every finding of the file as a diagnostic, in input order, each
    /// followed by an empty line; an unreadable file gives one diagnostic
    /// with the reason.
    #[must_use]
    pub fn all(&self) -> String {
        let mut out = String::new();
        for finding in &self.report.findings {
            out.push_str(&self.finding(finding));
            out.push('\n');
        }
        out
    }

    /// One finding as a diagnostic (ending with a line break).
    #[must_use]
    pub fn finding(&self, finding: &Finding) -> String {
        let entry = finding.entry();
        let stood = finding.stood.map(stood_note);
        let mut notes: Vec<Note> = stood.into_iter().collect();
        match entry.family {
            Family::Play | Family::Record => self.play_notes(finding, entry.family, &mut notes),
            Family::Cube => self.cube_notes(finding, &mut notes),
            Family::Score => self.score_notes(finding, &mut notes),
            Family::Reading => {}
        }
        let what = if entry.rules.is_empty() {
            "says more"
        } else {
            "quotes the rule"
        };
        notes.push(Note::new(
            "help",
            format!("`bgaudit explain {}` {what}", entry.name()),
        ));
        self.render(&Diagnostic {
            label: finding.severity.into(),
            name: Some(finding.name()),
            message: finding.message.clone(),
            location: finding.location,
            match_number: finding.match_number,
            game: finding.game,
            row: finding.row,
            player: finding.player.as_deref(),
            text: &finding.text,
            notes,
        })
    }

    /// A checker play or the record: the board, the legal plays of the
    /// roll, the typo analysis.
    fn play_notes(&self, finding: &Finding, family: Family, notes: &mut Vec<Note>) {
        if let Some(before) = &finding.before {
            notes.push(self.board_note(
                finding.match_number,
                before,
                finding.side,
                finding.context.as_ref(),
                finding.dice,
            ));
            if family == Family::Play
                && let Some(legal) = &finding.legal
            {
                notes.push(legal_plays_note(legal));
            }
        }
        notes.extend(typo_note(finding));
        notes.extend(as_written_note(finding));
    }

    /// A cube action: the cube, the score, the board.
    fn cube_notes(&self, finding: &Finding, notes: &mut Vec<Note>) {
        if let Some(context) = &finding.context {
            notes.push(Note::new(
                "cube",
                self.cube_text(finding.match_number, context),
            ));
            notes.push(Note::new(
                "score",
                self.score_text(context, finding.match_number, finding.game),
            ));
        }
        if let Some(before) = &finding.before {
            notes.push(self.board_note(
                finding.match_number,
                before,
                finding.side,
                finding.context.as_ref(),
                finding.dice,
            ));
        }
    }

    /// A result or the score: the scores, the cube.
    fn score_notes(&self, finding: &Finding, notes: &mut Vec<Note>) {
        if let Some(context) = &finding.context {
            notes.push(Note::new(
                "score",
                self.score_text(context, finding.match_number, finding.game),
            ));
            notes.push(Note::new(
                "cube",
                self.cube_text(finding.match_number, context),
            ));
        }
    }

    /// The players' names of match `number`, as written (escaped).
    fn names(&self, number: u32) -> ByPlayer<String> {
        self.report
            .matches
            .iter()
            .find(|m| m.number == number)
            .map_or_else(ByPlayer::default, |m| {
                ByPlayer::new(
                    terminal(m.players.first.name.trim()).into_owned(),
                    terminal(m.players.second.name.trim()).into_owned(),
                )
            })
    }

    fn name_of(&self, number: u32, side: Side) -> String {
        let name = self.names(number)[side].clone();
        if name.is_empty() {
            format!("the {side} player")
        } else {
            name
        }
    }

    fn board_note(
        &self,
        number: u32,
        position: &Position,
        mover: Option<Side>,
        context: Option<&Context>,
        dice: Option<crate::dice::Roll>,
    ) -> Note {
        let names = self.names(number);
        let mover = context.map(|c| c.mover).or(mover);
        let board = Board {
            position,
            mover,
            names: ByPlayer::new(&names.first, &names.second),
            context,
            dice,
            after: false,
        };
        let who = match mover {
            Some(side) => format!("{} (X)", self.name_of(number, side)),
            None => "the player on roll (X)".to_owned(),
        };
        let text = match dice {
            Some(roll) => format!("{who} to play {roll}"),
            None => format!("{who} to act"),
        };
        Note {
            label: "board",
            text,
            block: board.lines_within(self.block_room()),
        }
    }

    /// `2, owned by Omar`.
    fn cube_text(&self, number: u32, context: &Context) -> String {
        cube_state(context, |side| self.name_of(number, side))
    }

    fn score_text(&self, context: &Context, number: u32, game: Option<u32>) -> String {
        let names = ByPlayer::new(
            self.name_of(number, Side::First),
            self.name_of(number, Side::Second),
        );
        let at = game.map_or_else(String::new, |g| format!(" at the start of game {g}"));
        format!(
            "{} {}, {} {}{at} ({})",
            names.first,
            context.scores.first,
            names.second,
            context.scores.second,
            match_kind(context)
        )
    }
}

/// Whether a rule violation stood.
fn stood_note(stood: bool) -> Note {
    if stood {
        Note::new(
            "stood",
            "the opponent rolled or doubled next, accepting the play as made",
        )
    } else {
        Note::new(
            "contestable",
            "the game ended before the opponent acted, so it could still be contested",
        )
    }
}

/// The typo analysis of a finding, when it was made.
/// How the replay's message says that the rest of the record does not
/// decide between the play as written and one a slip of the pen away.
const CANNOT_TELL: &str = "cannot tell a transcription error from a real one";

fn typo_note(finding: &Finding) -> Option<Note> {
    let suggestion = finding.suggestion.as_deref().map(str::trim);
    if finding.likely_typo == Some(true)
        && let Some(meant) = finding.meant_dice
    {
        let play = suggestion
            .and_then(|s| s.split_once(": "))
            .map_or_else(String::new, |(_, play)| format!("`{play}` "));
        return Some(Note::new(
            "probable transcription error",
            format!(
                "the dice were most probably {meant}, one die misread: {play}is a legal play of \
                 {meant}, which keeps the rest of the record consistent"
            ),
        ));
    }
    match (finding.likely_typo, suggestion) {
        (Some(true), Some(s)) if !s.is_empty() => Some(Note::new(
            "probable transcription error",
            format!(
                "the record most probably meant `{s}`, which keeps the rest of the record \
                 consistent"
            ),
        )),
        (Some(true), _) => Some(Note::new(
            "probable transcription error",
            "a legal play close to the notation keeps the rest of the record consistent",
        )),
        (Some(false), _) => Some(Note::new(
            "not a typo",
            "the play as written is what the rest of the record follows",
        )),
        (None, _) if finding.message.contains(CANNOT_TELL) => Some(Note::new(
            "cannot tell",
            "the play as written and a play one slip of the pen away from it fit the rest of the \
             record equally well (the message names it): a transcription error or a real one",
        )),
        (None, Some(s)) if !s.is_empty() => Some(Note::new("suggestion", format!("`{s}`"))),
        (None, _) => None,
    }
}

/// The other story of a play read with other dice: the dice as written,
/// and who must be wrong then.
fn as_written_note(finding: &Finding) -> Option<Note> {
    let meant = finding.meant_dice?;
    let written = finding.dice?;
    let who = match finding.server {
        Some(server) => format!(
            "{server} accepts no illegal play, so the record, not the player, is wrong either way"
        ),
        None => "if the dice are right, the player made an illegal play".to_owned(),
    };
    Some(Note::new(
        "as written",
        format!("with {written} rather than {meant} the play cannot be made: {who}"),
    ))
}

/// The legal plays of a roll: all when few, else the count and the closest
/// to the play as written.
fn legal_plays_note(legal: &LegalPlays) -> Note {
    if legal.count == 0 {
        return Note::new("legal plays", "none: the roll cannot be played");
    }
    let quoted = legal
        .listed
        .iter()
        .map(|p| format!("`{p}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if legal.count <= ALL_PLAYS_UP_TO {
        Note::new("legal plays", format!("({}) {quoted}", legal.count))
    } else {
        let how = if legal.fitted {
            "fitting the rest of the game best, then closest to what was written"
        } else if legal.ranked {
            "closest to what was written"
        } else {
            "among them"
        };
        Note::new("legal plays", format!("{}; {how}: {quoted}", legal.count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};
    use crate::finding::Severity;
    use crate::report::testing::{file, finding_of};

    #[test]
    fn a_finding_without_a_line_names_its_file_only() {
        let mut f = finding_of(
            Code::IllegalPlay,
            Some(Kind::WrongDice),
            Severity::Error,
            Side::First,
            "Alice",
            0,
        );
        f.location.column = 0;
        let report = file("a.mat", ["Alice", "Bob"], vec![f.clone()]);
        let text = Explainer::new(&report, None, Style::plain()).finding(&f);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "error[illegal-play/wrong-dice]: illegal-play here"
        );
        assert_eq!(lines[1], " --> a.mat  (match 1, game 2, move 7, Alice)");
        assert!(lines[2].starts_with("  = stood:"), "{text}");
        // No context: the board has no scores, the IDs are a money game's.
        assert!(
            text.contains("X Alice: pips 167, off 0; to play 52"),
            "{text}"
        );
        // Few legal plays: all of them, the closest to `13/7 13/12` first.
        assert!(text.contains("= legal plays: (8) `13/8 13/11`, "), "{text}");
    }

    #[test]
    fn input_text_is_escaped_and_wrapped_to_the_width() {
        let mut f = finding_of(
            Code::IllegalPlay,
            Some(Kind::WrongDice),
            Severity::Error,
            Side::First,
            "\u{1b}[31mAnn\u{1b}]0;title\u{7}",
            2,
        );
        f.text = "43: 24/20 23/21".to_owned();
        f.message = format!(
            "`24/20 23/21` cannot be made with 43; as written, {}'s play gives more trouble \
             further on in the game",
            "=HYPERLINK(\"x\")\u{202e}Bo"
        );
        let report = file(
            "evil\u{1b}[2J.mat",
            [
                "\u{1b}[31mAnn\u{1b}]0;title\u{7}",
                "=HYPERLINK(\"x\")\u{202e}Bo",
            ],
            vec![f.clone()],
        );
        let source = Source::from_text(" Game 1\n  2) 43: 24/20 23/21\u{1b}[0m   51: 13/8\n");
        let explainer = Explainer::new(&report, Some(&source), Style { colour: true });
        // Colour codes are the style's own; nothing else is a control.
        let strip = |text: &str| {
            let mut rest = text.to_owned();
            for code in ["1", "1;31", "1;34", "0"] {
                rest = rest.replace(&format!("\u{1b}[{code}m"), "");
            }
            rest
        };
        for width in [None, Some(60)] {
            let text = explainer.clone().with_width(width).finding(&f);
            let plain = strip(&text);
            assert!(
                !plain
                    .chars()
                    .any(|c| c != '\n' && crate::escape::is_unsafe_for_terminal(c)),
                "{plain}"
            );
            for expected in [
                "evil\\x1b[2J.mat:2:5",
                "\\x1b[31mAnn\\x1b]0;title\\x07",
                "=HYPERLINK(\"x\")\\u{202e}Bo",
                "23/21\\x1b[0m",
            ] {
                assert!(plain.contains(expected), "{expected} missing in\n{plain}");
            }
            if width.is_some() {
                assert!(plain.lines().all(|l| l.chars().count() <= 60), "{plain}");
                // The headline and the legal plays are wrapped, a quoted play
                // kept whole.
                assert!(
                    plain.lines().nth(1).is_some_and(|l| l.starts_with("    ")),
                    "{plain}"
                );
                assert!(
                    plain.lines().any(|l| l.trim_start().starts_with('`')),
                    "{plain}"
                );
            }
        }
    }
}
