//! The analysis a record carries, joined to the replay: each analysed
//! decision gets the [`Context`] the replay established at it (score, cube,
//! Crawford) and goes to its match's per-player
//! [`Tally`](crate::skill::Tally).
//!
//! A checker play the replay found illegal (or impossible) is counted as a
//! move the engine's list does not hold: GNU Backgammon's own rule for a play
//! not among its candidates (no error, no mark), since the engine analysed
//! legal plays only.

use super::recorder::{Recorder, finding};
use super::replayer::Replayer;
use super::state::{GameEvent, MatchState, PendingAnalysis, PlayMade};
use crate::catalogue::Code;
use crate::parse::{ActionKind, Analysis};
use crate::rules::matchplay::Crawford;
use crate::side::Side;
use crate::skill::{Context, Decision, Engine};

/// GNU Backgammon's threshold of a very bad play, and XG's of a blunder
/// (EMG).
const VERY_BAD: f64 = 0.12;
const XG_BLUNDER: f64 = 0.08;

/// Analyses a replayer's buffers hold before they first grow (a game of
/// an analysed match has about 60: two a turn).
const ANALYSES_RESERVED: usize = 128;

impl Replayer<'_, '_> {
    /// Keeps an analysis for the replay of its game.
    pub(super) fn keep_analysis(&mut self, analysis: Analysis) {
        if self.game_ref().is_none() {
            return;
        }
        if self.analyses.capacity() == 0 {
            // Room for a game of usual length at once, not grown (and
            // copied) a few times in every file.
            self.analyses.reserve(ANALYSES_RESERVED);
            self.skill_game.reserve(ANALYSES_RESERVED);
        }
        self.analyses.push(PendingAnalysis {
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
            let at = next;
            next += 1;
            let Some(context) = self.current.as_ref().and_then(skill_context) else {
                continue;
            };
            let chequer = matches!(pending.analysis.decision, Decision::Chequer { .. });
            if self.options.blunders
                && chequer
                && !illegal
                && let Some(m) = self.current.as_ref()
            {
                let engine = self.skill_engine.as_str();
                let analysis = &pending.analysis;
                blunder(m, &mut self.recorder, engine, &mut self.last_play, analysis);
            }
            self.skill_game.push((context, at, illegal && chequer));
        }
        next
    }

    /// Keeps the play of `event` (a roll) and the board before it.
    pub(super) fn note_play(&mut self, event: &GameEvent<'_>) {
        let GameEvent::Action(action) = event else {
            return;
        };
        let ActionKind::Roll { dice, .. } = action.kind else {
            return;
        };
        self.last_play = Some(Box::new(PlayMade {
            location: action.location,
            side: action.side,
            row: action.row,
            text: action.text.to_owned(),
            dice,
            before: self.view(action.side),
        }));
    }

    /// Whether event `index`, just replayed, is a play the replay found
    /// illegal (findings from `first` on are the event's).
    pub(super) fn play_found_illegal(&self, event: &GameEvent<'_>, first: usize) -> bool {
        let GameEvent::Action(action) = event else {
            return false;
        };
        matches!(action.kind, ActionKind::Roll { .. })
            && self.recorder.findings.get(first..).is_some_and(|found| {
                found.iter().any(|f| {
                    matches!(f.code, Code::IllegalPlay | Code::ImpossiblePlay)
                        && f.location == action.location
                })
            })
    }
}

/// The situation of `m`'s game that an analysed decision is made in: the
/// score, the cube, the Crawford game, the rules of gammons and beavers.
pub(super) fn skill_context(m: &MatchState) -> Option<Context> {
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

/// Adds a game's analysed decisions, as its last replay joined them
/// (`joined`: the context, the index in `analyses`, the play was found
/// illegal), to match `m`'s skill statistics; `engine` analysed them.
pub(super) fn tally_game_skill(
    m: &mut MatchState,
    engine: &str,
    joined: &[(Context, usize, bool)],
    analyses: &[PendingAnalysis],
) {
    if joined.is_empty() {
        return;
    }
    let skill = m.summary.skill.get_or_insert_with(Box::default);
    for &(context, at, illegal) in joined {
        let Some(pending) = analyses.get(at) else {
            continue;
        };
        if let Some(depth) = pending.analysis.depth
            && !skill.depths.contains(&depth)
        {
            skill.depths.push(depth);
            skill.engines.push(Engine {
                name: engine.to_owned(),
                depth: Some(depth.to_string()),
            });
        }
        skill.decisions += 1;
        let decision = &pending.analysis.decision;
        let unlisted;
        let decision = match decision {
            // Not among the engine's candidates: see the module docs.
            Decision::Chequer { .. } if illegal => {
                let mut copy = decision.clone();
                if let Decision::Chequer { played, .. } = &mut copy {
                    *played = None;
                }
                unlisted = copy;
                &unlisted
            }
            _ => decision,
        };
        // The second player's tally is the first's mirrored when
        // the match ends (`MatchSkill::complete`).
        skill.players.first.add(&context, decision, Side::First);
        skill.players.second.count_move(decision, Side::Second);
        for side in Side::BOTH {
            skill.xg[side].add(decision, side);
        }
    }
}

/// A game of analysed match `m` ended (`winner` won `points`, at
/// `context`): its result, for the results the statistics compare with
/// luck.
pub(super) fn tally_game_end(
    m: &mut MatchState,
    context: Context,
    winner: Option<Side>,
    points: u32,
) {
    let Some(skill) = m.summary.skill.as_mut() else {
        return;
    };
    let end = Decision::GameEnd { winner, points };
    skill.players.first.add(&context, &end, Side::First);
}

impl Replayer<'_, '_> {
    /// [`tally_game_skill`] in the match being replayed; the game's
    /// analyses are done with.
    pub(super) fn tally_game_skill(&mut self) {
        if let Some(m) = self.current.as_mut() {
            tally_game_skill(m, &self.skill_engine, &self.skill_game, &self.analyses);
        }
        self.skill_game.clear();
        self.analyses.clear();
    }
}

/// A `blunder` finding, kept in `rec`, for the checker play the analysis
/// `analysis` (by `engine`) marks very bad in match `m`: the last play
/// replayed, taken from `last_play` when it is that player's.
fn blunder(
    m: &MatchState,
    rec: &mut Recorder,
    engine: &str,
    last_play: &mut Option<Box<PlayMade>>,
    analysis: &Analysis,
) {
    let (decision, depth, best) = (&analysis.decision, analysis.depth, &analysis.best);
    let Decision::Chequer {
        player,
        candidates,
        played: Some(played),
        xg_error,
        ..
    } = decision
    else {
        return;
    };
    let (Some(first), Some(made)) = (candidates.first(), candidates.get(*played)) else {
        return;
    };
    let (lost, threshold, what) = match xg_error {
        Some(error) => (error.abs(), XG_BLUNDER, "a blunder"),
        None => (first.equity - made.equity, VERY_BAD, "very bad"),
    };
    if lost < threshold {
        return;
    }
    let Some(play) = last_play.take().filter(|p| p.side == *player) else {
        return;
    };
    let engine = match depth {
        Some(depth) => format!("{engine}, {depth}"),
        None => engine.to_owned(),
    };
    let best = best.as_ref().map_or_else(
        || "the best play".to_owned(),
        |b| format!("the best play, {b}"),
    );
    let message = format!(
        "the record's analysis ({engine}) marks this play {what}: it gives up {lost:.3} (EMG) \
         against {best}"
    );
    let PlayMade {
        location,
        side,
        row,
        text,
        dice,
        before,
    } = *play;
    let index = m.record(
        rec,
        finding(Code::Blunder)
            .located(location)
            .side(Some(side))
            .row(row)
            .text(text)
            .rolled(dice)
            .before(before)
            .message(message),
    );
    // Thousandths of equity: an f64 below 1,000 points always fits.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let millis = (lost * 1000.0).round().clamp(0.0, f64::from(u32::MAX)) as u32;
    if let Some(f) = rec.findings.get_mut(index) {
        f.lost_millis = Some(millis);
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
    use super::*;
    use crate::location::Location;
    use crate::replay::state::open_match;
    use crate::replay::{Options, check_bytes};
    use crate::rules::Cube;
    use crate::skill::{Candidate, Depth};
    use crate::test_util::shared_or_skip;

    /// The first player's checker play, analysed at 2 plies: the play made
    /// (the second candidate) gives up `lost` against the best.
    fn analysed_play(lost: f64) -> Analysis {
        Analysis {
            location: Location::START,
            decision: Decision::Chequer {
                player: Side::First,
                candidates: vec![Candidate { equity: 0.1 }, Candidate { equity: 0.1 - lost }],
                played: Some(1),
                legal_plays: 5,
                xg_error: None,
            },
            depth: Some(Depth::Plies(2)),
            best: None,
        }
    }

    /// An analysed decision is made at the cube and score of the game.
    #[test]
    fn a_decision_is_made_at_the_games_cube_and_score() {
        let mut m = open_match(5);
        m.score.record(Side::Second, 3);
        let g = m.game.as_mut().unwrap();
        g.cube = Cube {
            value: 2,
            owner: Some(Side::Second),
        };
        g.crawford = Crawford::Yes;
        let context = skill_context(&m).unwrap();
        assert_eq!((context.length, context.cube), (5, 2));
        assert_eq!(context.score, crate::side::ByPlayer::new(0, 3));
        assert_eq!(context.owner, Some(Side::Second));
        assert!(context.crawford);
        m.game = None;
        assert!(skill_context(&m).is_none());
    }

    /// A play the analysis marks very bad is a `blunder` at the last play,
    /// with the equity it gave up; a small error is none.
    #[test]
    fn a_very_bad_play_is_a_blunder() {
        let m = open_match(5);
        let mut rec = Recorder::new();
        let play = || {
            Some(Box::new(PlayMade {
                location: Location::START,
                side: Side::First,
                row: Some(4),
                text: "31: 8/5 6/5".to_owned(),
                dice: crate::dice::Roll::new(3, 1),
                before: None,
            }))
        };
        let mut last = play();
        blunder(
            &m,
            &mut rec,
            "GNU Backgammon",
            &mut last,
            &analysed_play(0.05),
        );
        assert!(rec.findings.is_empty() && last.is_some());
        blunder(
            &m,
            &mut rec,
            "GNU Backgammon",
            &mut last,
            &analysed_play(0.25),
        );
        assert!(last.is_none());
        let [f] = &rec.findings[..] else {
            panic!("{:?}", rec.findings)
        };
        assert_eq!(f.code, Code::Blunder);
        assert_eq!((f.lost_millis, f.row), (Some(250), Some(4)));
        assert_eq!(f.player.as_deref(), Some("Omar"));
        assert!(
            f.message.contains(
                "marks this play very bad: it gives up 0.250 (EMG) against the best play"
            ),
            "{}",
            f.message
        );
    }

    /// A game's analysed decisions go to its match's statistics, with the
    /// engine and depth that analysed them.
    #[test]
    fn a_games_decisions_go_to_its_match() {
        let mut m = open_match(5);
        let context = skill_context(&m).unwrap();
        let analyses = [PendingAnalysis {
            before: 0,
            analysis: analysed_play(0.02),
        }];
        tally_game_skill(&mut m, "GNU Backgammon", &[], &analyses);
        assert!(m.summary.skill.is_none());
        tally_game_skill(&mut m, "GNU Backgammon", &[(context, 0, false)], &analyses);
        tally_game_end(&mut m, context, Some(Side::First), 1);
        let skill = m.summary.skill.as_deref().unwrap();
        assert_eq!(skill.decisions, 1);
        assert_eq!(skill.depths, [Depth::Plies(2)]);
        assert_eq!(skill.engines[0].name, "GNU Backgammon");
        assert_eq!(skill.players[Side::First].moves, 1);
    }

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
        assert_eq!(skill.xg[Side::First].decisions(), 0);
        let plain = std::fs::read(dir.join("003.mat")).expect("read");
        let report = check_bytes("003.mat", &plain, &Options::default());
        assert!(report.matches[0].skill.is_none());
    }

    /// XG's stats window, as published for two of these matches: PR and
    /// decisions (unforced plays + doubles + answers). XG's count differs
    /// from GNU Backgammon's: gnubg counts every cube decision it analysed
    /// (`Total cube decisions`), rates per unforced play and close cube
    /// decision in mEMG, and has no PR.
    #[test]
    fn xg_pr_and_decisions_agree_with_its_stats_window() {
        let Some(dir) = shared_or_skip("corpus/xg/kevung__gbf", "analysed .xg") else {
            return;
        };
        // (file, player, PR shown, decisions shown = plays + doubles + answers)
        let published = [
            (
                "data__charlot1-charlot2_7p_2025-11-08-2305.xg",
                [(0.39, [85, 3, 2]), (0.42, [64, 13, 2])],
            ),
            (
                "Aachen2024__double__Squire-Jorgensen-Harmand-Unger_7_point_match_18-08-2024.xg",
                // XG shows 144 unforced plays for the second side; the record
                // holds 145 analysed plays with a choice (the extra one lost
                // nothing): the PR still agrees within 0.02.
                [(3.13, [138, 16, 2]), (3.07, [145, 12, 5])],
            ),
        ];
        for (file, players) in published {
            let bytes = std::fs::read(dir.join(file)).expect("read");
            let report = check_bytes(file, &bytes, &Options::default());
            let skill = report.matches[0].skill.as_ref().expect("analysed");
            for (side, (pr, counts)) in Side::BOTH.into_iter().zip(players) {
                let x = &skill.xg[side];
                let ours = x.pr().expect("decisions");
                assert!(
                    (ours - pr).abs() <= 0.02,
                    "{file} {side:?}: PR {ours} against {pr}"
                );
                assert_eq!(
                    [x.checker_decisions, x.double_decisions, x.take_decisions],
                    counts,
                    "{file} {side:?}"
                );
            }
            assert!(skill.engines.iter().all(|e| e.name == "eXtreme Gammon"));
        }
    }
}
