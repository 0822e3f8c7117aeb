//! Game headers: the players' names and the score each game starts at,
//! checked against the first game's names and the results replayed so far.
//!
//! A score line that disagrees with the replay is judged by
//! [`crate::rules::score_line`] (a mistyped value of the last resignation,
//! missing games, a wrong line); the next score line may show the earlier
//! one was a slip, and the earlier finding is revised then, not doubled.

use super::TraceStep;
use super::recorder::{Draft, Recorder, finding};
use super::replayer::Replayer;
use super::state::{GameSeed, GameState, MatchState, ScoreDispute, WinsDispute};
use super::wording;
use crate::catalogue::{Code, Kind};
use crate::finding::Finding;
use crate::parse::{Format, GameHeader};
use crate::rules::Crawford;
use crate::rules::score_line::{ScoreMismatch, judge_mismatch};
use crate::side::{ByPlayer, Side};

impl WinsDispute {
    /// The `score-mismatch` message; `settled` once the next score line has
    /// followed this one (the `Wins` line was the mistake).
    fn message(
        &self,
        format: Format,
        recorded: ByPlayer<u32>,
        expected: ByPlayer<u32>,
        settled: bool,
    ) -> String {
        let score = wording::score(format);
        let result = wording::result_at(format, self.at.line);
        let verdict = match (settled, format) {
            (true, Format::Mat) => format!(
                "the next game's score line agrees with this one: the `Wins` line at line {} is probably mistyped",
                self.at.line
            ),
            (true, _) => format!(
                "the next game's {score} agrees with this one: the last game's {} is probably wrong",
                wording::result(format)
            ),
            (false, Format::Mat) => "one of the two is mistyped".to_owned(),
            (false, _) => "one of the two is wrong".to_owned(),
        };
        format!(
            "the game starts at {}-{} but the results so far make it {}-{}: the last game's resignation is counted {} by {result} and {} by this {score}; {verdict}",
            recorded.first,
            recorded.second,
            expected.first,
            expected.second,
            points_word(self.written),
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

/// A score-mismatch finding: its index, the scores written and replayed.
type Mismatch = (usize, ByPlayer<u32>, ByPlayer<u32>);

/// What a game header says against the replay: findings to record once the
/// game is open, and earlier findings it revises.
#[derive(Default)]
struct HeaderFindings {
    drafts: Vec<Draft>,
    /// This line's `score-mismatch` (its index among `drafts`).
    mismatch: Option<Mismatch>,
    /// That mismatch points at the last game's `Wins` line.
    wins_line: Option<WinsDispute>,
    /// A resignation read as conceding the match, and yet the match goes
    /// on: its finding and the points the winner needed.
    conceded: Option<(usize, u32)>,
    /// This line follows the replay again: the earlier line was mistyped.
    mistyped: Option<Mismatch>,
    /// This line follows the record's own count after a mismatch that
    /// pointed at a `Wins` line: the `Wins` line was the mistake.
    follows_record: Option<(Mismatch, WinsDispute)>,
}

/// Opens the game of `header` in match `m`, read from a record of
/// `format`: its names and score line checked, its state set up, its
/// findings kept in `rec` and earlier ones revised (with the contexts of
/// the `trace` steps of a game whose score line was mistyped).
pub(super) fn open_game(
    m: &mut MatchState,
    rec: &mut Recorder,
    trace: &mut [TraceStep],
    format: Format,
    header: &GameHeader<'_>,
) {
    let names = ByPlayer::new(
        trimmed(header.names.first.name),
        trimmed(header.names.second.name),
    );
    m.games += 1;
    m.summary.games += 1;
    let mut found = HeaderFindings {
        drafts: check_names(m, header, names),
        ..HeaderFindings::default()
    };
    // The game's own names only where they are not the match's (most
    // games write the first game's names: nothing to copy).
    let names = match &m.first_names {
        Some(first) if first.first == names.first && first.second == names.second => None,
        _ => Some(ByPlayer::new(
            names.first.to_owned(),
            names.second.to_owned(),
        )),
    };
    for side in Side::BOTH {
        m.summary.players[side].games += 1;
    }
    // A resignation read as conceding the match, and yet the match goes
    // on: its value was wrong, and this score line is taken as it is.
    found.conceded = m.concession.take();
    if found.conceded.is_some() {
        m.result_unknown = true;
    }
    let dispute = m.score_dispute.take();
    let before = m.score;
    let result_unknown = m.result_unknown;
    check_score_line(m, header, format, &mut found);
    let settled = if found.mistyped.is_some() {
        Settled::Mistyped
    } else if found.mismatch.is_none()
        && !result_unknown
        && header.scores.first.is_some()
        && header.scores.second.is_some()
    {
        Settled::Right
    } else {
        Settled::Unknown
    };
    let held = dispute.map_or_else(Vec::new, |d| settle_dispute(m, d, settled, format));
    // A line the replay disputes that puts the match over is one finding,
    // its score-mismatch, unless the replay's own score is over too.
    let disputed_end = found.mismatch.is_some() && !before.is_over();
    if m.score.is_over() && !m.after_match_reported && !disputed_end {
        m.after_match_reported = true;
        found.drafts.push(
            finding(Code::GamesAfterMatch)
                .located(header.location)
                .message(format!(
                    "a game starts after the match was over ({}-{} in a {}-point match)",
                    m.score.scores.first, m.score.scores.second, m.rules.length
                )),
        );
    }
    let crawford = match header.crawford {
        Some(true) => Crawford::Yes,
        Some(false) => Crawford::No,
        None => m.score.crawford(),
    };
    // The line disagrees with the replay: the next score line will tell
    // which was right.
    if found.mismatch.is_some() {
        m.score_dispute = Some(ScoreDispute {
            before,
            crawford: if header.crawford.is_some() {
                crawford
            } else {
                before.crawford()
            },
            line: header.score_location.line,
            by_line: Vec::new(),
            by_replay: Vec::new(),
        });
    }
    m.score.begin_game();
    m.alt_expected = None;
    m.game = Some(GameState::new(
        GameSeed::of(
            header,
            m.rules.variant.value,
            crawford,
            m.score.scores,
            m.variant_unknown,
        ),
        names,
    ));
    for f in held {
        rec.keep(f);
    }
    record_header_findings(m, rec, trace, format, found);
}

/// Records a header's findings (`m`'s game is open) and revises the
/// earlier findings it settles.
fn record_header_findings(
    m: &mut MatchState,
    rec: &mut Recorder,
    trace: &mut [TraceStep],
    format: Format,
    found: HeaderFindings,
) {
    let first_new = rec.findings.len();
    for draft in found.drafts {
        m.record(rec, draft);
    }
    m.mismatch = found
        .mismatch
        .map(|(i, recorded, expected)| (first_new + i, recorded, expected));
    m.mismatch_wins_line = found.wins_line;
    if let Some((index, needed)) = found.conceded
        && let Some(winner) = rec.findings.get(index).and_then(|f| f.side)
    {
        let (winner, loser) = (m.name(winner), m.name(winner.other()));
        if let Some(f) = rec.findings.get_mut(index) {
            f.kind = None;
            f.severity = Code::ResignValue.severity();
            f.message = format!(
                "{loser}'s resignation is worth the {needed} point(s) {winner} needed, but the match goes on with another game: the resignation's value is wrong (a resignation is worth 1, 2 or 3 times the cube)"
            );
        }
    }
    if let Some(((index, recorded, expected), dispute)) = found.follows_record
        && let Some(f) = rec.findings.get_mut(index)
    {
        f.message = dispute.message(format, recorded, expected, true);
    }
    if let Some(mistyped) = found.mistyped {
        revise_mistyped(rec, trace, format, mistyped, first_new);
    }
}

/// The score line of finding `index` was mistyped (the next one follows
/// the replay again): no game is missing, and the findings of the game
/// under it (before `end`) and its `trace` steps were made at the
/// replayed score.
fn revise_mistyped(
    rec: &mut Recorder,
    trace: &mut [TraceStep],
    format: Format,
    (index, recorded, expected): Mismatch,
    end: usize,
) {
    let Some(f) = rec.findings.get_mut(index) else {
        return;
    };
    f.kind = Some(Kind::Wrong);
    // An eXtreme Gammon file has no typed score line: its game record
    // holds the score.
    // An eXtreme Gammon file has no typed line, nor has an SGF file.
    let score = wording::score(format);
    let (next, this) = if format == Format::Mat {
        (
            format!("the next game's {score}"),
            format!("this {score} is mistyped"),
        )
    } else {
        (
            format!("the next game's {score}"),
            format!("this game's {score} is wrong"),
        )
    };
    f.message = format!(
        "the game starts at {}-{} but the results so far make it {}-{}, and {next} agrees with them: {this}",
        recorded.first, recorded.second, expected.first, expected.second
    );
    // Their match IDs and XGIDs say so, and so do the positions `show`
    // and `explain` give for the game's actions.
    let (match_number, game) = (f.match_number, f.game);
    let revise = |context: Option<&mut crate::finding::Context>| {
        if let Some(context) = context
            && context.scores == recorded
        {
            context.scores = expected;
        }
    };
    for later in rec.findings.iter_mut().take(end).skip(index + 1) {
        if later.match_number == match_number {
            revise(later.context.as_mut());
        }
    }
    for step in trace
        .iter_mut()
        .filter(|s| s.match_number == match_number && s.game == game)
    {
        revise(step.context.as_mut());
    }
}

impl Replayer<'_, '_> {
    /// [`open_game`] in the match being replayed.
    pub(super) fn open_game(&mut self, header: &GameHeader<'_>) {
        if let Some(m) = self.current.as_mut() {
            open_game(m, &mut self.recorder, &mut self.trace, self.format, header);
        }
    }
}

/// What the score line after a disputed one shows of it.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Settled {
    /// It agrees with the replay: the disputed line was mistyped.
    Mistyped,
    /// It follows the disputed line: that line was right.
    Right,
    /// It shows neither (another dispute, no line, the end of the match).
    Unknown,
}

/// The findings on the last game's doubles that depended on its disputed
/// score line, to report now that the next score line is read (or the
/// match ended): those by the score the line turned out right; none while
/// it is not known (a verdict that depends on it is not certain).
/// `format`: the record's, which names the score the line disputes.
fn settle_dispute(
    m: &mut MatchState,
    dispute: ScoreDispute,
    settled: Settled,
    format: Format,
) -> Vec<Finding> {
    let ScoreDispute {
        before,
        crawford,
        line,
        by_line,
        mut by_replay,
    } = dispute;
    match settled {
        Settled::Right => return by_line,
        Settled::Unknown => return Vec::new(),
        Settled::Mistyped => {}
    }
    m.score.settle_mistyped(&before, crawford);
    let which = match format {
        Format::Mat => format!("the game's score line (line {line}) is mistyped"),
        Format::Sgf => format!("the game's match score (`MI`, line {line}) is wrong"),
        Format::Xg => "the game's recorded score is wrong".to_owned(),
    };
    for f in &mut by_replay {
        f.message.push_str(&format!(
            "; judged at the score the results so far give: {which}"
        ));
    }
    by_replay
}

/// The names of a game's score line against the first game's.
fn check_names(m: &mut MatchState, header: &GameHeader<'_>, names: ByPlayer<&str>) -> Vec<Draft> {
    let Some(first) = &mut m.first_names else {
        m.first_names = Some(ByPlayer::new(
            names.first.to_owned(),
            names.second.to_owned(),
        ));
        m.summary.players.first.name = names.first.to_owned();
        m.summary.players.second.name = names.second.to_owned();
        return Vec::new();
    };
    // A side the first game did not name takes the first name written for
    // it: that is no change of name.
    for side in Side::BOTH {
        if first[side].is_empty() && !names[side].is_empty() {
            first[side] = names[side].to_owned();
            m.summary.players[side].name = names[side].to_owned();
        }
    }
    let first = &*first;
    let mut drafts = Vec::new();
    for side in Side::BOTH {
        // An unreadable score line gives no names: nothing to compare.
        // The same bytes (the common case) compared first: one `memcmp`.
        if !names[side].is_empty()
            && first[side] != names[side]
            && !first[side].eq_ignore_ascii_case(names[side])
        {
            drafts.push(
                finding(Code::NameChange)
                    .located(header.score_location)
                    .side(Some(side))
                    .about_record()
                    .message(format!(
                        "the player `{}` of the first game is now written `{}`",
                        first[side], names[side]
                    )),
            );
        }
    }
    drafts
}

/// `name` without the white space around it, as [`str::trim`] gives it: a
/// name that starts and ends with printable ASCII (as the `.mat` reader
/// gives them) is returned as it is, without the general trim.
fn trimmed(name: &str) -> &str {
    match (name.as_bytes().first(), name.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => name,
        _ => name.trim(),
    }
}

/// The scores a game's header writes, against the replay.
fn check_score_line(
    m: &mut MatchState,
    header: &GameHeader<'_>,
    format: Format,
    found: &mut HeaderFindings,
) {
    let (Some(a), Some(b)) = (header.scores.first, header.scores.second) else {
        return;
    };
    let recorded = ByPlayer::new(a, b);
    if m.games == 1 {
        if recorded != ByPlayer::new(0, 0) {
            found.drafts.push(
                finding(Code::MatchFragment)
                    .located(header.score_location)
                    .message(format!(
                        "the record starts at {}-{}, not 0-0: it continues a match{}",
                        recorded.first,
                        recorded.second,
                        if m.rules.length > 0 {
                            "; whether the Crawford game was already played may be unknown"
                        } else {
                            ""
                        }
                    )),
            );
            m.score.start_fragment(recorded);
        }
    } else if recorded != m.score.scores
        && m.rules.length > 0
        && Some(recorded) != m.alt_expected
        && Some(recorded) != m.replayed
        && !m.result_unknown
    {
        score_mismatch(m, header, format, recorded, found);
    } else {
        if recorded != m.score.scores {
            if Some(recorded) == m.replayed {
                found.mistyped = m.mismatch;
            }
            m.score.set_scores(recorded);
        } else if m.replayed.is_some() && m.mismatch_wins_line.is_some() {
            found.follows_record = m.mismatch.zip(m.mismatch_wins_line);
        }
        m.replayed = None;
    }
}

/// A score line writing `recorded`, which the replay cannot explain.
fn score_mismatch(
    m: &mut MatchState,
    header: &GameHeader<'_>,
    format: Format,
    recorded: ByPlayer<u32>,
    found: &mut HeaderFindings,
) {
    let expected = m.score.scores;
    let verdict = judge_mismatch(
        recorded,
        expected,
        m.last_resign.map(|(resignation, _)| resignation),
    );
    let dispute = match (verdict, m.last_resign) {
        (ScoreMismatch::ResignationValue { counted }, Some((resignation, at))) => {
            Some(WinsDispute {
                at,
                written: resignation.written,
                counted,
            })
        }
        _ => None,
    };
    let gap = verdict == ScoreMismatch::Gap;
    let message = match &dispute {
        Some(dispute) => dispute.message(format, recorded, expected, false),
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
    found.wins_line = dispute;
    found.mismatch = Some((found.drafts.len(), recorded, expected));
    found.drafts.push(
        finding(Code::ScoreMismatch)
            .kind(if gap { Kind::Gap } else { Kind::Wrong })
            .located(header.score_location)
            .message(message),
    );
    m.replayed = Some(expected);
    if gap {
        m.score.jump_to(recorded);
    } else {
        m.score.disputed(recorded);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::Location;
    use crate::parse::PlayerName;
    use crate::replay::state::open_match;

    /// The header of game `number` naming `first` and `second`, at
    /// `scores`, on line 40.
    fn header<'a>(
        number: u32,
        first: &'a str,
        second: &'a str,
        scores: (u32, u32),
    ) -> GameHeader<'a> {
        let at = Location {
            line: 40,
            ..Location::START
        };
        GameHeader {
            location: at,
            number: Some(number),
            score_location: at,
            names: ByPlayer::new(
                PlayerName {
                    name: first,
                    rating: None,
                },
                PlayerName {
                    name: second,
                    rating: None,
                },
            ),
            scores: ByPlayer::new(Some(scores.0), Some(scores.1)),
            crawford: None,
            initial_cube: None,
        }
    }

    /// A match of 7 points whose first game Omar won with `points`, closed.
    fn after_first_game(points: u32) -> MatchState {
        let mut m = open_match(7);
        m.game = None;
        m.score.record(Side::First, points);
        m
    }

    /// A score line that follows the replay opens the game at its score,
    /// with nothing to report.
    #[test]
    fn a_score_line_that_follows_the_replay_opens_the_game() {
        let mut m = after_first_game(2);
        let mut rec = Recorder::new();
        open_game(
            &mut m,
            &mut rec,
            &mut [],
            Format::Mat,
            &header(2, "Omar", "Marta", (2, 0)),
        );
        assert!(rec.findings.is_empty(), "{:?}", rec.findings);
        let g = m.game.as_ref().unwrap();
        assert_eq!((g.number, g.start_scores), (Some(2), ByPlayer::new(2, 0)));
        assert!(g.names.is_none());
        assert_eq!(m.games, 2);
    }

    /// A score line the replay cannot explain is a `score-mismatch` at the
    /// line, and the dispute waits for the next score line.
    #[test]
    fn a_score_line_against_the_replay_is_disputed() {
        let mut m = after_first_game(2);
        let mut rec = Recorder::new();
        open_game(
            &mut m,
            &mut rec,
            &mut [],
            Format::Mat,
            &header(2, "Omar", "Marta", (0, 5)),
        );
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::ScoreMismatch);
        assert!(
            f.message
                .starts_with("the game starts at 0-5 but the results so far make it 2-0"),
            "{}",
            f.message
        );
        assert_eq!(f.location.line, 40);
        assert_eq!(m.replayed, Some(ByPlayer::new(2, 0)));
        assert!(m.score_dispute.is_some());
        assert_eq!(m.mismatch.map(|(i, _, _)| i), Some(0));
    }

    /// A player written under another name is a `name-change` about the
    /// record, naming both spellings; the game keeps its own names.
    #[test]
    fn a_new_name_is_a_name_change() {
        let mut m = after_first_game(1);
        let mut rec = Recorder::new();
        open_game(
            &mut m,
            &mut rec,
            &mut [],
            Format::Mat,
            &header(2, "Omar", "Martha", (1, 0)),
        );
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::NameChange);
        assert_eq!(f.side, Some(Side::Second));
        assert_eq!(
            f.message,
            "the player `Marta` of the first game is now written `Martha`"
        );
        assert_eq!(f.before, None);
        assert_eq!(m.player(Side::Second).as_deref(), Some("Martha"));
    }

    /// A name is trimmed as `str::trim` trims it, white space of every
    /// kind on either side or none.
    #[test]
    fn a_name_is_trimmed_as_trim_does() {
        let edges = [
            "",
            " ",
            "  ",
            "\t",
            "\n",
            "\u{a0}",
            "\u{3000}",
            "\u{2009} ",
            "x",
            "é",
            "\u{85}",
        ];
        let middles = [
            "",
            "a",
            "Rupert",
            "José María",
            "a b",
            " ",
            "\u{a0}",
            "1989,1529",
            "~!",
        ];
        for start in edges {
            for middle in middles {
                for end in edges {
                    let name = format!("{start}{middle}{end}");
                    assert_eq!(trimmed(&name), name.trim(), "{name:?}");
                }
            }
        }
    }
}
