//! The cube: doubles, beavers, raccoons, takes and drops.
//!
//! Whether a double is allowed at all (the Crawford game, the cube out of
//! use or at its limit, its owner), whether its value is right and whether
//! it gains anything are judged by [`crate::rules::doubling`]; this room
//! adds what needs the replay (turn order, the offer waiting for its answer,
//! automatic doubles, a Crawford game that was uncertain) and records the
//! verdicts.

use super::in_force::{RuleSource, RulesInForce};
use super::recorder::{Draft, Recorder, finding};
use super::replayer::Replayer;
use super::settle::resolve_on_action;
use super::state::{Ending, MatchState, Offer};
use super::turns::{dances_of, missing_turn};
use crate::catalogue::{Code, Kind};
use crate::parse::Action;
use crate::rules::doubling::{
    BeaverRefusal, BeaverVerdict, Beavers, DoubleVerdict, Link, judge_beaver, judge_double,
};
use crate::rules::turns::certain_dance;
use crate::rules::{Crawford, Cube, DoubleError};
use crate::side::Side;

/// The `double-in-crawford` finding's draft.
fn crawford_double(rules: &RulesInForce) -> Draft {
    let mut message = "a double in the Crawford game, where nobody may double".to_string();
    if rules.crawford.assumed() {
        message.push_str(" (the Crawford rule was assumed: the file does not say; use --crawford off if the match was played without it)");
    }
    finding(Code::DoubleInCrawford).message(message)
}

/// The findings of the rules' verdict on a double (to be placed at it).
fn double_drafts(
    verdict: &DoubleVerdict,
    rules: &RulesInForce,
    cube: &Cube,
    needed: u32,
) -> Vec<Draft> {
    let mut drafts = Vec::new();
    if let Some(refusal) = verdict.refused {
        drafts.push(match refusal {
            DoubleError::Crawford => crawford_double(rules),
            DoubleError::Disabled => finding(Code::CubeDisabled).message(format!(
                "a double although the cube is not in use ({})",
                rules.cube_enabled.source.name()
            )),
            DoubleError::AtLimit => finding(Code::CubeDisabled).message(format!(
                "a double to {} above the cube limit of {}",
                cube.offered(),
                rules.cube_limit.value.unwrap_or(0)
            )),
            DoubleError::NotOwner => finding(Code::DoubleNotOwner)
                .message("a double by the player who does not own the cube"),
        });
    }
    if let Some(n) = verdict.wrong_value {
        drafts.push(finding(Code::DoubleWrongValue).message(format!(
            "`Doubles => {n}` but the cube is at {}, so a double makes it {}",
            cube.value,
            cube.offered()
        )));
    }
    if verdict.dead {
        drafts.push(finding(Code::DeadCube).message(format!(
            "a double although the cube at {} already covers the {needed} point(s) the doubler needs",
            cube.value
        )));
    }
    drafts
}

/// `Doubles => N` (`written` is N, when written) by `action`'s player, in
/// match `m`: its findings kept in `rec`, the offer left waiting for its
/// answer.
pub(super) fn double(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    written: Option<u32>,
) {
    let side = action.side;
    let rules = m.rules;
    let needed = m.score.needed(side);
    let Some(g) = m.game.as_ref() else { return };
    if let Some(offer) = g.offer {
        // A second double before an answer.
        let message = if offer.by == side {
            "a second double by the same player before any answer"
        } else {
            "a double while the opponent's double is still unanswered"
        };
        m.record(rec, finding(Code::TurnOrder).at(action).message(message));
        return;
    }
    // A score line the replay disputes: what depends on the score waits
    // for the next score line to tell which was right.
    let disputed = m
        .score_dispute
        .as_ref()
        .map(|d| (d.before.needed(side), d.crawford == Crawford::Yes));
    let expected = g.next;
    let crawford = g.crawford;
    let unknown = g.unknown;
    let cube = automatic_cube(m, written);
    resolve_on_action(m, rec, side, false);
    let expected = check_double_turn(m, rec, action, expected, unknown);
    let cube_rules = rules.cube_rules();
    let verdict = judge_double(
        &cube,
        side,
        &cube_rules,
        crawford == Crawford::Yes,
        written,
        needed,
    );
    let Some((replayed_needed, replayed_crawford)) = disputed else {
        for draft in double_drafts(&verdict, &rules, &cube, needed) {
            m.record(rec, draft.at(action));
        }
        return double_offered(m, side, crawford, cube, expected, unknown);
    };
    let replayed = judge_double(
        &cube,
        side,
        &cube_rules,
        replayed_crawford,
        written,
        replayed_needed,
    );
    // What both scores agree on is recorded now, the rest held.
    let common = DoubleVerdict {
        refused: verdict.refused.filter(|&r| Some(r) == replayed.refused),
        wrong_value: verdict.wrong_value,
        // The same message only when the points needed are the same.
        dead: verdict.dead && replayed.dead && needed == replayed_needed,
    };
    let only = |v: &DoubleVerdict| DoubleVerdict {
        refused: v.refused.filter(|_| common.refused.is_none()),
        wrong_value: None,
        dead: v.dead && !common.dead,
    };
    for draft in double_drafts(&common, &rules, &cube, needed) {
        m.record(rec, draft.at(action));
    }
    let by_line: Vec<_> = double_drafts(&only(&verdict), &rules, &cube, needed)
        .into_iter()
        .map(|d| m.complete(d.at(action)))
        .collect();
    let by_replay: Vec<_> = double_drafts(&only(&replayed), &rules, &cube, replayed_needed)
        .into_iter()
        .map(|d| m.complete(d.at(action)))
        .collect();
    if let Some(d) = m.score_dispute.as_mut() {
        d.by_line.extend(by_line);
        d.by_replay.extend(by_replay);
    }
    double_offered(m, side, crawford, cube, expected, unknown);
}

/// Keeps the double of `side` offered in match `m`, waiting for its answer.
fn double_offered(
    m: &mut MatchState,
    side: Side,
    crawford: Crawford,
    cube: Cube,
    expected: Option<Side>,
    unknown: bool,
) {
    if crawford == Crawford::Unknown {
        // A double in a game whose Crawford status was unknown: it was post-Crawford.
        m.score.resolve_unknown();
        if let Some(g) = m.game.as_mut() {
            g.crawford = Crawford::No;
        }
    }
    m.summary.cube_actions += 1;
    // After a take the player on turn rolls: the doubler, or the
    // opponent when the double came out of turn.
    let on_turn = expected.filter(|&e| e != side && !unknown).unwrap_or(side);
    if let Some(g) = m.game.as_mut() {
        g.offer = Some(Offer {
            by: side,
            original: on_turn,
            offered: cube.offered(),
            on_drop: cube.value,
            owner_after_take: side.other(),
            animal: false,
            links: 0,
            refused: false,
            out_of_turn: on_turn != side,
        });
        g.next = Some(side.other());
    }
}

/// The cube before a double written as `Doubles => written` in match `m`:
/// automatic doubles are not written in a `.mat` record, so the first
/// double's value shows the cube the game started with (the game's cube
/// is set to it).
fn automatic_cube(m: &mut MatchState, written: Option<u32>) -> Cube {
    let Some(mut cube) = m.game.as_ref().map(|g| g.cube) else {
        return Cube::default();
    };
    if let Some(n) = written
        && let Some(start) = automatic_start(m, n / 2)
        && start > cube.value
    {
        cube.value = start;
        if let Some(g) = m.game.as_mut() {
            g.cube.value = start;
        }
    }
    cube
}

/// Whether the double of `action` starts its player's turn, the
/// opponent (`expected` to act) having played; the player on turn now.
fn check_double_turn(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    expected: Option<Side>,
    unknown: bool,
) -> Option<Side> {
    let side = action.side;
    // Against a closed board the opponent's turn was certainly a dance:
    // if it was not written, this double starts the doubler's own turn.
    let dances = expected
        .filter(|&e| e != side)
        .zip(m.game.as_ref())
        .and_then(|(e, g)| dances_of(g, e));
    if certain_dance(dances) && !unknown {
        m.record(rec, missing_turn(action, dances));
        if let Some(g) = m.game.as_mut() {
            g.next = Some(side);
        }
        return Some(side);
    }
    if expected.is_some_and(|e| e != side) && !unknown {
        let mut message = "a double offered after rolling, or by the player not on turn: a double must start the doubler's own turn, before he rolls".to_owned();
        if let Some(n) = dances {
            message.push_str(&format!(
                " (the opponent was on the bar, where {n} of 36 rolls dance: if his dance was left out, the double was in turn)"
            ));
        }
        m.record(
            rec,
            finding(Code::DoubleAfterRoll).at(action).message(message),
        );
    }
    expected
}

/// `Beavers => N` or `Raccoons => N` (`raccoon`) by `action`'s player, in
/// match `m`: a link of the chain of redoubles answering a double.
/// Whatever the word (GNU Backgammon writes `Beavers` for every link), the
/// first link is a beaver and the next ones raccoons, up to the number the
/// rules allow.
pub(super) fn beaver(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    written: Option<u32>,
    raccoon: bool,
) {
    let side = action.side;
    m.summary.cube_actions += 1;
    let rules = m.rules;
    let Some(g) = m.game.as_ref() else { return };
    let Some(offer) = g.offer.filter(|o| o.by != side) else {
        let word = if raccoon { "raccoon" } else { "beaver" };
        m.record(
            rec,
            finding(Code::AnswerWithoutDouble)
                .at(action)
                .message(format!("a {word} with no double to answer")),
        );
        return;
    };
    let link = Link {
        number: offer.links.saturating_add(1),
        most: rules.beaver_limit.value,
    };
    let raccoon = link.number > 1;
    let beavers = if rules.length > 0 {
        Beavers::MatchPlay {
            club_rule: rules.match_beavers.value,
        }
    } else {
        Beavers::Money {
            allowed: rules.beavers.value,
            stated: !rules.beavers.assumed(),
        }
    };
    let mut verdict = judge_beaver(
        offer.offered,
        beavers,
        rules.cube_limit.value,
        written,
        link,
    );
    if offer.refused {
        // The chain was already found not allowed.
        verdict.refused = None;
    }
    let refused = offer.refused || verdict.refused.is_some();
    record_beaver(m, rec, action, &verdict, offer.offered, link);
    if let Some(g) = m.game.as_mut() {
        g.offer = Some(Offer {
            by: side,
            original: offer.original,
            offered: verdict.value,
            on_drop: offer.offered,
            // The player the double was offered to owns the cube once
            // the chain is taken (as GNU Backgammon keeps it).
            owner_after_take: if raccoon {
                offer.owner_after_take
            } else {
                side
            },
            animal: true,
            links: link.number,
            refused,
            out_of_turn: offer.out_of_turn,
        });
        // The player the beaver (or raccoon) was offered to answers it.
        g.next = Some(side.other());
    }
}

/// Records the rules' verdict on the beaver (or raccoon) of `action`,
/// `link` of its chain, answering an offer to `offered`; a beaver where
/// the file does not say whether they are allowed makes them allowed in
/// `m`'s rules.
fn record_beaver(
    m: &mut MatchState,
    rec: &mut Recorder,
    action: &Action<'_>,
    verdict: &BeaverVerdict,
    offered: u32,
    link: Link,
) {
    let rules = m.rules;
    let raccoon = link.number > 1;
    let word = if raccoon { "raccoon" } else { "beaver" };
    let refusal = match verdict.refused {
        Some(BeaverRefusal::TooMany(most)) => {
            let how = match rules.beaver_limit.source {
                RuleSource::Default => format!(
                    "{most}, GNU Backgammon's default, as the file does not say; --beavers N sets the number"
                ),
                source => format!("{most} ({})", source.name()),
            };
            Some(format!(
                "redouble number {} of one double (a {word}), where the rules allow {how}",
                link.number
            ))
        }
        Some(BeaverRefusal::MatchPlay) => Some(format!(
            "a {word} in match play, where beavers and raccoons are not allowed (--match-beavers allows them under an old club rule)"
        )),
        Some(BeaverRefusal::Excluded) => Some(format!(
            "a {word} although the rules in force ({}) do not allow beavers",
            rules.beavers.source.name()
        )),
        None => None,
    };
    if let Some(message) = refusal {
        m.record(
            rec,
            finding(Code::BeaverNotAllowed).at(action).message(message),
        );
    }
    if verdict.assumed_allowed {
        m.record(
            rec,
            finding(Code::AssumedRule)
                .kind(Kind::Beavers)
                .at(action)
                .message(format!("the file does not say whether beavers were allowed; a {word} was played, so they are taken as allowed")),
        );
        m.rules.beavers.value = true;
    }
    if let Some(limit) = verdict.above_limit {
        m.record(
            rec,
            finding(Code::CubeDisabled).at(action).message(format!(
                "a {word} to {} above the cube limit of {limit}",
                verdict.value
            )),
        );
    }
    if let Some(n) = verdict.wrong_value {
        let written_word = match &action.kind {
            crate::parse::ActionKind::Raccoon(_) => "Raccoons",
            _ => "Beavers",
        };
        m.record(
            rec,
            finding(Code::DoubleWrongValue).at(action).message(format!(
                "`{written_word} => {n}` but the offer was {offered}, so it makes the cube {}",
                verdict.value
            )),
        );
    }
}

/// `Takes` (`take`) or `Drops` by `action`'s player, in match `m`.
pub(super) fn answer(m: &mut MatchState, rec: &mut Recorder, action: &Action<'_>, take: bool) {
    let side = action.side;
    m.summary.cube_actions += 1;
    let Some(g) = m.game.as_mut() else { return };
    let Some(offer) = g.offer.filter(|o| o.by != side) else {
        if g.cube_unknown {
            // The double may be the cell that could not be read.
            g.next = Some(side.other());
            return;
        }
        let word = if take { "take" } else { "drop" };
        m.record(
            rec,
            finding(Code::AnswerWithoutDouble)
                .at(action)
                .message(format!("a {word} with no double to answer")),
        );
        return;
    };
    g.offer = None;
    if take {
        g.cube.take(offer.owner_after_take, offer.offered);
        g.cube_turned = true;
        // After a double out of turn (reported once), whoever rolls next
        // is not a second finding.
        g.next = (!offer.out_of_turn).then_some(offer.original);
    } else {
        g.over = Some(Ending::Drop {
            winner: offer.by,
            points: offer.on_drop,
        });
        g.next = None;
        g.dropped = Some((offer, action.location));
    }
}

/// With automatic doubles in force in match `m` and the cube not yet
/// turned in its game: `value` when it is a cube the game may have
/// started with (the cube times 2, 4, ... up to the number of automatic
/// doubles).
pub(super) fn automatic_start(m: &MatchState, value: u32) -> Option<u32> {
    let g = m.game.as_ref()?;
    let most = m.rules.automatic_doubles.value;
    if m.rules.length != 0 || most == 0 || g.cube_turned || g.cube.owner.is_some() {
        return None;
    }
    (1..=u32::from(most))
        .map(|k| g.cube.value.saturating_mul(1 << k))
        .find(|&start| start == value)
}

impl Replayer<'_, '_> {
    /// [`double`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn double(&mut self, action: &Action<'_>, written: Option<u32>) {
        if let Some((m, rec)) = self.table() {
            double(m, rec, action, written);
        }
    }

    /// [`beaver`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn beaver(&mut self, action: &Action<'_>, written: Option<u32>, raccoon: bool) {
        if let Some((m, rec)) = self.table() {
            beaver(m, rec, action, written, raccoon);
        }
    }

    /// [`answer`] in the match being replayed (kept out of line: not the
    /// common action).
    #[inline(never)]
    pub(super) fn answer(&mut self, action: &Action<'_>, take: bool) {
        if let Some((m, rec)) = self.table() {
            answer(m, rec, action, take);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ActionKind;
    use crate::replay::state::{action_at, open_match};

    /// A double in the Crawford game is refused by the rules and recorded
    /// at the double, with its player's name and the cube it was made at;
    /// the offer waits for its answer all the same.
    #[test]
    fn a_double_in_the_crawford_game_is_recorded() {
        let mut m = open_match(5);
        m.game.as_mut().unwrap().crawford = Crawford::Yes;
        let mut rec = Recorder::new();
        let action = action_at(9, Side::First, "Doubles => 2", ActionKind::Double(Some(2)));
        double(&mut m, &mut rec, &action, Some(2));
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::DoubleInCrawford);
        assert_eq!(f.player.as_deref(), Some("Omar"));
        assert_eq!(f.location.line, 9);
        assert_eq!(f.context.map(|c| c.cube), Some(1));
        let g = m.game.as_ref().unwrap();
        assert_eq!(g.offer.map(|o| (o.by, o.offered)), Some((Side::First, 2)));
        assert_eq!(g.next, Some(Side::Second));
        assert_eq!(m.summary.cube_actions, 1);
    }

    /// A double taken turns the cube to the taker at 2, and the doubler
    /// rolls next; a drop ends the game at the cube's value before it.
    #[test]
    fn a_take_turns_the_cube_and_a_drop_ends_the_game() {
        for take in [true, false] {
            let mut m = open_match(0);
            let mut rec = Recorder::new();
            let offer = action_at(3, Side::Second, "Doubles => 2", ActionKind::Double(Some(2)));
            double(&mut m, &mut rec, &offer, Some(2));
            let kind = if take {
                ActionKind::Take
            } else {
                ActionKind::Drop
            };
            answer(
                &mut m,
                &mut rec,
                &action_at(3, Side::First, "Takes", kind),
                take,
            );
            assert!(rec.findings.is_empty(), "{:?}", rec.findings);
            let g = m.game.as_ref().unwrap();
            assert!(g.offer.is_none());
            if take {
                assert_eq!((g.cube.value, g.cube.owner), (2, Some(Side::First)));
                assert_eq!(g.next, Some(Side::Second));
            } else {
                assert_eq!(
                    g.over.map(|e| (e.winner(), e.points())),
                    Some((Side::Second, Some(1)))
                );
            }
            assert_eq!(m.summary.cube_actions, 2);
        }
    }

    /// An answer with no double before it is a finding, unless a cell that
    /// could not be read may have been the double.
    #[test]
    fn an_answer_without_a_double_is_recorded_unless_the_cube_is_unknown() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let take = action_at(4, Side::Second, "Takes", ActionKind::Take);
        answer(&mut m, &mut rec, &take, true);
        assert_eq!(rec.findings.len(), 1);
        assert_eq!(rec.findings[0].code, Code::AnswerWithoutDouble);
        assert_eq!(rec.findings[0].message, "a take with no double to answer");
        m.game.as_mut().unwrap().cube_unknown = true;
        answer(&mut m, &mut rec, &take, true);
        assert_eq!(rec.findings.len(), 1);
        assert_eq!(m.game.as_ref().unwrap().next, Some(Side::First));
    }

    /// A beaver in match play is not allowed; the chain goes on at the
    /// beavered value.
    #[test]
    fn a_beaver_in_match_play_is_not_allowed() {
        let mut m = open_match(7);
        let mut rec = Recorder::new();
        let offer = action_at(5, Side::First, "Doubles => 2", ActionKind::Double(Some(2)));
        double(&mut m, &mut rec, &offer, Some(2));
        let beavered = action_at(5, Side::Second, "Beavers => 4", ActionKind::Beaver(Some(4)));
        beaver(&mut m, &mut rec, &beavered, Some(4), false);
        let codes: Vec<Code> = rec.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::BeaverNotAllowed]);
        let offer = m.game.as_ref().unwrap().offer.unwrap();
        assert_eq!(
            (offer.by, offer.offered, offer.refused),
            (Side::Second, 4, true)
        );
    }
}
