//! The analysis a record carries, joined to the replay: each analysed
//! decision gets the [`Context`] the replay established at it (score, cube,
//! Crawford) and goes to its match's per-player [`Tally`].
//!
//! A checker play the replay found illegal (or impossible) is counted as a
//! move the engine's list does not hold: GNU Backgammon's own rule for a play
//! not among its candidates (no error, no mark), since the engine analysed
//! legal plays only.

use super::driver::Replayer;
use super::state::GameEvent;
use crate::catalogue::Code;
use crate::parse::{ActionKind, Analysis};
use crate::rules::matchplay::Crawford;
use crate::side::{ByPlayer, Side};
use crate::skill::{Context, Decision, Engine, Tally};

/// The skill statistics of one match: who analysed it and each player's
/// sums.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSkill {
    /// The engines (and depths) that analysed the record, in the order met.
    pub engines: Vec<Engine>,
    /// Each player's sums.
    pub players: ByPlayer<Tally>,
    /// Analysed decisions read.
    pub decisions: u32,
}

impl Eq for MatchSkill {}

/// An analysis waiting for the replay of its game.
#[derive(Clone, Debug)]
pub(super) struct Pending {
    /// The number of the game's events read before it.
    pub(super) before: usize,
    pub(super) analysis: Analysis,
}

impl Replayer<'_, '_> {
    /// Keeps an analysis for the replay of its game.
    pub(super) fn keep_analysis(&mut self, analysis: &Analysis) {
        if self.game_ref().is_none() {
            return;
        }
        let mut analysis = analysis.clone();
        analysis.location = self.shift.locate(analysis.location);
        self.analyses.push(Pending {
            before: self.events.len(),
            analysis,
        });
    }

    /// Joins the analyses read before event `index` to the replay as it
    /// stands; `illegal`: the event before was a play found illegal.
    /// Returns the next analysis to join.
    pub(super) fn join_analyses(&mut self, mut next: usize, index: usize, illegal: bool) -> usize {
        while let Some(pending) = self.analyses.get(next) {
            if pending.before > index {
                break;
            }
            next += 1;
            let Some(context) = self.skill_context() else {
                continue;
            };
            let mut decision = pending.analysis.decision.clone();
            if illegal && let Decision::Chequer { played, .. } = &mut decision {
                *played = None;
            }
            let depth = pending.analysis.depth;
            self.skill_game.push((context, decision, depth));
        }
        next
    }

    /// Whether event `index`, just replayed, is a play the replay found
    /// illegal (findings from `first` on are the event's).
    pub(super) fn play_found_illegal(&self, event: &GameEvent<'_>, first: usize) -> bool {
        let GameEvent::Action(action) = event else {
            return false;
        };
        matches!(action.kind, ActionKind::Roll { .. })
            && self.findings.get(first..).is_some_and(|found| {
                found.iter().any(|f| {
                    matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay)
                        && f.location == action.location
                })
            })
    }

    pub(super) fn skill_context(&self) -> Option<Context> {
        let m = self.current.as_ref()?;
        let g = m.game.as_ref()?;
        Some(Context {
            length: m.score.length,
            score: m.score.scores,
            cube: g.cube.value,
            owner: g.cube.owner,
            crawford: g.crawford == Crawford::Yes,
            crawford_rule: m.score.crawford_rule,
            jacoby: m.rules.jacoby.value,
            beavers: m.rules.beavers.value,
        })
    }

    /// Adds the current game's analysed decisions, as its last replay
    /// joined them, to its match.
    pub(super) fn tally_game_skill(&mut self) {
        self.analyses.clear();
        if self.skill_game.is_empty() {
            return;
        }
        let game = std::mem::take(&mut self.skill_game);
        let Some(m) = self.current.as_mut() else {
            return;
        };
        let producer = self.skill_engine.clone();
        let skill = m.summary.skill.get_or_insert_with(Box::default);
        for (context, decision, depth) in &game {
            let engine = Engine {
                name: producer.clone(),
                depth: depth.map(|d| d.to_string()),
            };
            if depth.is_some() && !skill.engines.contains(&engine) {
                skill.engines.push(engine);
            }
            skill.decisions += 1;
            for side in Side::BOTH {
                skill.players[side].add(context, decision, side);
            }
        }
        self.skill_game = game;
        self.skill_game.clear();
    }

    /// A game of an analysed match ended: its result, for the results the
    /// statistics compare with luck.
    pub(super) fn tally_game_end(&mut self, context: Context, winner: Option<Side>, points: u32) {
        let Some(skill) = self
            .current
            .as_mut()
            .and_then(|m| m.summary.skill.as_mut())
        else {
            return;
        };
        let end = Decision::GameEnd { winner, points };
        for side in Side::BOTH {
            skill.players[side].add(&context, &end, side);
        }
    }
}

/// The name of the program that analysed a record, from its producer tag
/// (SGF `AP[GNU Backgammon:1.07.001]`).
pub(super) fn engine_name(application: Option<&str>) -> String {
    match application.map(str::trim) {
        Some(ap) if !ap.is_empty() => ap.replacen(':', " ", 1),
        _ => "unknown engine".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use crate::replay::{Options, check_bytes};
    use crate::side::Side;
    use crate::test_util::shared_or_skip;

    #[test]
    fn an_analysed_sgf_gives_each_player_his_decisions() {
        let Some(dir) = shared_or_skip("corpus/gnubg-analysed", "analysed SGF") else {
            return;
        };
        let bytes = std::fs::read(dir.join("003.sgf")).expect("read");
        let report = check_bytes("003.sgf", &bytes, &Options::default());
        let skill = report.matches[0].skill.as_ref().expect("analysed");
        assert_eq!(skill.players[Side::First].moves, 62);
        assert_eq!(skill.players[Side::Second].moves, 64);
        assert_eq!(skill.engines[0].name, "GNU Backgammon 1.07.001");
        assert_eq!(skill.engines[0].depth.as_deref(), Some("0-ply"));
        let plain = std::fs::read(dir.join("003.mat")).expect("read");
        let report = check_bytes("003.mat", &plain, &Options::default());
        assert!(report.matches[0].skill.is_none());
    }
}
