//! The cube: doubles, beavers, raccoons, takes and drops.
//!
//! Whether a double is allowed at all (the Crawford game, the cube out of
//! use or at its limit, its owner), whether its value is right and whether
//! it gains anything are judged by [`crate::rules::doubling`]; this room
//! adds what needs the replay (turn order, the offer waiting for its answer,
//! automatic doubles, a Crawford game that was uncertain) and records the
//! verdicts.

use super::in_force::{RuleSource, RulesInForce};
use super::recorder::{Draft, finding};
use super::replayer::Replayer;
use super::state::{Ending, Offer};
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

impl Replayer<'_, '_> {
    /// `Doubles => N` (`written` is N, when written).
    pub(super) fn double(&mut self, action: &Action<'_>, written: Option<u32>) {
        let side = action.side;
        let Some(m) = self.current.as_ref() else {
            return;
        };
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
            self.record(finding(Code::TurnOrder).at(action).message(message));
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
        let cube = self.automatic_cube(written);
        self.resolve_on_action(side, false);
        let expected = self.check_double_turn(action, expected, unknown);
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
                self.record(draft.at(action));
            }
            return self.double_offered(side, crawford, cube, expected, unknown);
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
            self.record(draft.at(action));
        }
        let by_line: Vec<_> = double_drafts(&only(&verdict), &rules, &cube, needed)
            .into_iter()
            .map(|d| self.complete(d.at(action)))
            .collect();
        let by_replay: Vec<_> = double_drafts(&only(&replayed), &rules, &cube, replayed_needed)
            .into_iter()
            .map(|d| self.complete(d.at(action)))
            .collect();
        if let Some(d) = self.current.as_mut().and_then(|m| m.score_dispute.as_mut()) {
            d.by_line.extend(by_line);
            d.by_replay.extend(by_replay);
        }
        self.double_offered(side, crawford, cube, expected, unknown);
    }

    /// Keeps the double of `action` offered, waiting for its answer.
    fn double_offered(
        &mut self,
        side: Side,
        crawford: Crawford,
        cube: Cube,
        expected: Option<Side>,
        unknown: bool,
    ) {
        if crawford == Crawford::Unknown {
            // A double in a game whose Crawford status was unknown: it was post-Crawford.
            if let Some(m) = self.current.as_mut() {
                m.score.resolve_unknown();
            }
            if let Some(g) = self.game() {
                g.crawford = Crawford::No;
            }
        }
        if let Some(m) = self.current.as_mut() {
            m.summary.cube_actions += 1;
        }
        // After a take the player on turn rolls: the doubler, or the
        // opponent when the double came out of turn.
        let on_turn = expected.filter(|&e| e != side && !unknown).unwrap_or(side);
        if let Some(g) = self.game() {
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

    /// The cube before a double written as `Doubles => written`: automatic
    /// doubles are not written in a `.mat` record, so the first double's
    /// value shows the cube the game started with.
    fn automatic_cube(&mut self, written: Option<u32>) -> Cube {
        let Some(mut cube) = self.game_ref().map(|g| g.cube) else {
            return Cube::default();
        };
        if let Some(n) = written
            && let Some(start) = self.automatic_start(n / 2)
            && start > cube.value
        {
            cube.value = start;
            if let Some(g) = self.game() {
                g.cube.value = start;
            }
        }
        cube
    }

    /// Whether the double of `action` starts its player's turn, the
    /// opponent (`expected` to act) having played; the player on turn now.
    fn check_double_turn(
        &mut self,
        action: &Action<'_>,
        expected: Option<Side>,
        unknown: bool,
    ) -> Option<Side> {
        let side = action.side;
        // Against a closed board the opponent's turn was certainly a dance:
        // if it was not written, this double starts the doubler's own turn.
        let dances = expected
            .filter(|&e| e != side)
            .and_then(|e| self.dances_of(e));
        if certain_dance(dances) && !unknown {
            let draft = self.missing_turn(action, dances);
            self.record(draft);
            if let Some(g) = self.game() {
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
            self.record(finding(Code::DoubleAfterRoll).at(action).message(message));
        }
        expected
    }

    /// `Beavers => N` or `Raccoons => N`: a link of the chain of redoubles
    /// answering a double. Whatever the word (GNU Backgammon writes
    /// `Beavers` for every link), the first link is a beaver and the next
    /// ones raccoons, up to the number the rules allow.
    pub(super) fn beaver(&mut self, action: &Action<'_>, written: Option<u32>, raccoon: bool) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.summary.cube_actions += 1;
        let rules = m.rules;
        let Some(g) = m.game.as_ref() else { return };
        let Some(offer) = g.offer.filter(|o| o.by != side) else {
            let word = if raccoon { "raccoon" } else { "beaver" };
            self.record(
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
        self.record_beaver(action, &verdict, &rules, offer.offered, link);
        if let Some(g) = self.game() {
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
    /// `link` of its chain, answering an offer to `offered`.
    fn record_beaver(
        &mut self,
        action: &Action<'_>,
        verdict: &BeaverVerdict,
        rules: &RulesInForce,
        offered: u32,
        link: Link,
    ) {
        let raccoon = link.number > 1;
        let word = if raccoon { "raccoon" } else { "beaver" };
        match verdict.refused {
            Some(BeaverRefusal::TooMany(most)) => {
                let how = match rules.beaver_limit.source {
                    RuleSource::Default => format!(
                        "{most}, GNU Backgammon's default, as the file does not say; --beavers N sets the number"
                    ),
                    source => format!("{most} ({})", source.name()),
                };
                self.record(finding(Code::BeaverNotAllowed).at(action).message(format!(
                    "redouble number {} of one double (a {word}), where the rules allow {how}",
                    link.number
                )));
            }
            Some(BeaverRefusal::MatchPlay) => {
                self.record(finding(Code::BeaverNotAllowed).at(action).message(format!(
                    "a {word} in match play, where beavers and raccoons are not allowed (--match-beavers allows them under an old club rule)"
                )));
            }
            Some(BeaverRefusal::Excluded) => {
                self.record(finding(Code::BeaverNotAllowed).at(action).message(format!(
                    "a {word} although the rules in force ({}) do not allow beavers",
                    rules.beavers.source.name()
                )));
            }
            None => {}
        }
        if verdict.assumed_allowed {
            self.record(
                finding(Code::AssumedRule)
                    .kind(Kind::Beavers)
                    .at(action)
                    .message(format!("the file does not say whether beavers were allowed; a {word} was played, so they are taken as allowed")),
            );
            if let Some(m) = self.current.as_mut() {
                m.rules.beavers.value = true;
            }
        }
        if let Some(limit) = verdict.above_limit {
            self.record(finding(Code::CubeDisabled).at(action).message(format!(
                "a {word} to {} above the cube limit of {limit}",
                verdict.value
            )));
        }
        if let Some(n) = verdict.wrong_value {
            let written_word = match &action.kind {
                crate::parse::ActionKind::Raccoon(_) => "Raccoons",
                _ => "Beavers",
            };
            self.record(finding(Code::DoubleWrongValue).at(action).message(format!(
                "`{written_word} => {n}` but the offer was {offered}, so it makes the cube {}",
                verdict.value
            )));
        }
    }

    /// `Takes` (`take`) or `Drops`.
    pub(super) fn answer(&mut self, action: &Action<'_>, take: bool) {
        let side = action.side;
        let Some(m) = self.current.as_mut() else {
            return;
        };
        m.summary.cube_actions += 1;
        let Some(g) = m.game.as_mut() else { return };
        let Some(offer) = g.offer.filter(|o| o.by != side) else {
            if g.cube_unknown {
                // The double may be the cell that could not be read.
                g.next = Some(side.other());
                return;
            }
            let word = if take { "take" } else { "drop" };
            self.record(
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

    /// With automatic doubles in force and the cube not yet turned in this
    /// game: `value` when it is a cube the game may have started with
    /// (the cube times 2, 4, ... up to the number of automatic doubles).
    pub(super) fn automatic_start(&self, value: u32) -> Option<u32> {
        let m = self.current.as_ref()?;
        let g = m.game.as_ref()?;
        let most = m.rules.automatic_doubles.value;
        if m.rules.length != 0 || most == 0 || g.cube_turned || g.cube.owner.is_some() {
            return None;
        }
        (1..=u32::from(most))
            .map(|k| g.cube.value.saturating_mul(1 << k))
            .find(|&start| start == value)
    }
}
