//! The analysis GNU Backgammon writes into a move node: `A` (the checker-play
//! candidates), `DA` (the cube decision), `LU` with `GW`/`GB` (the roll's
//! luck). Read into [`Decision`]s; a value in another shape than GNU
//! Backgammon 1.07 writes (a rollout, an older layout) is left unread: the
//! decision is then not analysed.

use super::{Prop, Reader, Visitor, value};
use crate::dice::Roll;
use crate::notation::PlayNotation;
use crate::parse::{Analysis, Location};
use crate::side::Side;
use crate::skill::{Candidate, CubeAction, Decision, Depth, LuckClass};

/// The analysis properties of one node.
#[derive(Default)]
pub(super) struct NodeAnalysis<'p, 'a> {
    pub(super) moves: Option<&'p Prop<'a>>,
    pub(super) cube: Option<&'p Prop<'a>>,
    pub(super) luck: Option<&'p Prop<'a>>,
    pub(super) good_for_white: Option<&'p Prop<'a>>,
    pub(super) good_for_black: Option<&'p Prop<'a>>,
}

impl NodeAnalysis<'_, '_> {
    pub(super) fn any(&self) -> bool {
        self.moves.is_some() || self.cube.is_some() || self.luck.is_some()
    }
}

/// What the node's move is, for the analysis given before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum NodeMove {
    Roll,
    Double,
    Beaver,
    Take,
    Drop,
    Other,
}

/// The number after `E ver 3` tokens: `Nc`/`NC` gives the plies.
fn plies(token: &str) -> Option<u8> {
    token.strip_suffix(['C', 'c']).and_then(|n| n.parse().ok())
}

fn number(token: Option<&str>) -> Option<f64> {
    token
        .and_then(|t| t.parse::<f64>().ok())
        .filter(|x| x.is_finite())
}

/// One candidate: `<steps> E ver 3 p p p p p score <plies>C ...`.
fn candidate(text: &str) -> Option<(Candidate, Option<Depth>)> {
    let mut tokens = text.split_ascii_whitespace();
    let _steps = tokens.next()?;
    if tokens.next()? != "E" || tokens.next()? != "ver" || tokens.next()? != "3" {
        return None;
    }
    let mut rest = tokens.skip(5);
    let equity = number(rest.next())?;
    let depth = rest.next().and_then(plies).map(Depth::Plies);
    Some((Candidate { equity }, depth))
}

/// `DA[E ver 3 <plies>C d n p  p×5 e ND  p×5 e DT]`: no double and
/// double/take, cubeful, from the doubler's side.
fn cube(text: &str) -> Option<(f64, f64, Option<Depth>)> {
    let mut tokens = [""; 21];
    let mut count = 0;
    for (slot, token) in tokens.iter_mut().zip(text.split_ascii_whitespace()) {
        *slot = token;
        count += 1;
    }
    if count < 21 || tokens[..3] != ["E", "ver", "3"] {
        return None;
    }
    let depth = plies(tokens[3]).map(Depth::Plies);
    Some((number(Some(tokens[13]))?, number(Some(tokens[20]))?, depth))
}

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    /// The analysis of the node that stands before its move: the cube
    /// decision and the roll's luck.
    pub(super) fn analysis_before(
        &mut self,
        side: Side,
        kind: NodeMove,
        props: &NodeAnalysis<'_, 'a>,
    ) {
        if let Some(prop) = props.cube
            && let Some(v) = self.first_value(prop)
            && let Some((no_double, double_take, depth)) = cube(&value::unescape(v.raw))
        {
            let (doubler, action) = match kind {
                NodeMove::Roll => (side, CubeAction::NoDouble),
                NodeMove::Double => (side, CubeAction::Double),
                NodeMove::Beaver => (side.other(), CubeAction::Beaver),
                NodeMove::Take => (side.other(), CubeAction::Take),
                NodeMove::Drop => (side.other(), CubeAction::Pass),
                NodeMove::Other => (side, CubeAction::NoDouble),
            };
            if kind != NodeMove::Other {
                self.give(
                    prop.location,
                    Decision::Cube {
                        doubler,
                        action,
                        no_double,
                        double_take,
                        double_pass: None,
                        xg_errors: None,
                    },
                    depth,
                );
            }
        }
        if kind == NodeMove::Roll
            && let Some(prop) = props.luck
            && let Some(value) = self
                .first_value(prop)
                .and_then(|v| number(Some(v.raw.trim())))
        {
            let mark = |prop: Option<&Prop<'a>>| {
                prop.and_then(|p| self.first_value(p))
                    .map(|v| v.raw.trim() == "2")
            };
            let good = if side == Side::First {
                (mark(props.good_for_white), mark(props.good_for_black))
            } else {
                (mark(props.good_for_black), mark(props.good_for_white))
            };
            let class = match good {
                (Some(true), _) => Some(LuckClass::VeryLucky),
                (Some(false), _) => Some(LuckClass::Lucky),
                (None, Some(true)) => Some(LuckClass::VeryUnlucky),
                (None, Some(false)) => Some(LuckClass::Unlucky),
                (None, None) => None,
            };
            self.give(
                prop.location,
                Decision::Luck {
                    player: side,
                    value,
                    class,
                },
                None,
            );
        }
    }

    /// The checker-play analysis, given after the play: the candidates of
    /// `A`, or none for a roll the engine saw no choice in (a dance).
    pub(super) fn analysis_after(
        &mut self,
        side: Side,
        dice: Option<Roll>,
        props: &NodeAnalysis<'_, 'a>,
    ) {
        let Some(prop) = props.moves else {
            if props.any() {
                let location = props
                    .luck
                    .or(props.cube)
                    .map_or(Location::START, |p| p.location);
                self.give(
                    location,
                    Decision::Chequer {
                        player: side,
                        candidates: Vec::new(),
                        played: None,
                        legal_plays: 0,
                        xg_error: None,
                    },
                    None,
                );
            }
            return;
        };
        let values = self.values_of(prop);
        let Some((index, rest)) = values.split_first() else {
            return;
        };
        let played = index.raw.trim().parse::<usize>().ok();
        let mut candidates = Vec::with_capacity(rest.len().min(64));
        let mut depth = None;
        for v in rest {
            let Some((c, d)) = candidate(&value::unescape(v.raw)) else {
                return;
            };
            candidates.push(c);
            depth = depth.or(d);
        }
        let count = u32::try_from(candidates.len()).unwrap_or(u32::MAX);
        let played = played.filter(|&i| i < candidates.len());
        let best = dice.zip(rest.first()).and_then(|(dice, v)| {
            let steps = value::unescape(v.raw);
            let steps = steps.split_ascii_whitespace().next()?;
            let text = format!("{}{}{steps}", dice.first, dice.second);
            match value::parse_move(&text, side) {
                Ok(value::Move::Roll(_, play)) => Some(play),
                _ => None,
            }
        });
        self.give_best(
            prop.location,
            Decision::Chequer {
                player: side,
                candidates,
                played,
                legal_plays: count,
                xg_error: None,
            },
            depth,
            best,
        );
    }

    fn give(&mut self, location: Location, decision: Decision, depth: Option<Depth>) {
        self.give_best(location, decision, depth, None);
    }

    fn give_best(
        &mut self,
        location: Location,
        decision: Decision,
        depth: Option<Depth>,
        best: Option<PlayNotation>,
    ) {
        self.visitor.analysis(&Analysis {
            location,
            decision,
            depth,
            best,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::{Action, Analysis, Visitor};
    use crate::side::Side;
    use crate::skill::{CubeAction, Decision, Depth, LuckClass};

    /// The analyses and actions of a text, in reading order.
    #[derive(Default)]
    struct Events(Vec<String>, Vec<Analysis>);

    impl<'a> Visitor<'a> for Events {
        fn action(&mut self, action: &Action<'a>) {
            self.0.push(action.text.to_owned());
        }
        fn analysis(&mut self, analysis: &Analysis) {
            self.0.push("analysis".to_owned());
            self.1.push(analysis.clone());
        }
    }

    fn read(text: &str) -> Events {
        let mut events = Events::default();
        super::super::read(text, &mut events);
        events
    }

    const CUBE: &str = "DA[E ver 3 0C 1 0.000000 1 0.5 0.1 0.0 0.1 0.0 0.0 0.499116 0.5 0.1 0.0 0.1 0.0 0.0 0.476925]";

    #[test]
    fn a_move_node_gives_its_cube_decision_and_luck_before_the_play_and_its_candidates_after() {
        let text = format!(
            "(;GM[6]MI[length:3]\n;W[31hefe]{CUBE}A[1][xuxw E ver 3 0.5 0.1 0 0.1 0 0.25 2C 0 1 0 1][hefe E ver 3 0.5 0.1 0 0.1 0 0.125 2C 0 1 0 1]LU[-0.65432]GB[2])"
        );
        let events = read(&text);
        assert_eq!(
            events.0,
            ["analysis", "analysis", "W[31hefe]", "analysis"],
            "cube and luck before, checker play after"
        );
        let [cube, luck, chequer] = &events.1[..] else {
            panic!("{:?}", events.1);
        };
        assert_eq!(
            cube.decision,
            Decision::Cube {
                doubler: Side::First,
                action: CubeAction::NoDouble,
                no_double: 0.499116,
                double_take: 0.476925,
                double_pass: None,
                xg_errors: None,
            }
        );
        assert_eq!(cube.depth, Some(Depth::Plies(0)));
        assert_eq!(
            luck.decision,
            Decision::Luck {
                player: Side::First,
                value: -0.65432,
                class: Some(LuckClass::VeryUnlucky),
            }
        );
        let Decision::Chequer {
            player,
            candidates,
            played,
            ..
        } = &chequer.decision
        else {
            panic!("{chequer:?}");
        };
        assert_eq!(*player, Side::First);
        assert_eq!(candidates.len(), 2);
        assert_eq!(candidates[0].equity, 0.25);
        assert_eq!(*played, Some(1));
        assert_eq!(chequer.depth, Some(Depth::Plies(2)));
        assert_eq!(
            chequer.best.map(|b| b.to_string()).as_deref(),
            Some("24/21 24/23")
        );
    }

    #[test]
    fn double_take_and_drop_nodes_are_judged_from_the_doubler_side() {
        let text =
            format!("(;GM[6]MI[length:3]\n;W[double]{CUBE}\n;B[take]{CUBE}\n;W[double]{CUBE})");
        let actions: Vec<(Side, CubeAction)> = read(&text)
            .1
            .iter()
            .filter_map(|a| match a.decision {
                Decision::Cube {
                    doubler, action, ..
                } => Some((doubler, action)),
                _ => None,
            })
            .collect();
        assert_eq!(
            actions,
            [
                (Side::First, CubeAction::Double),
                (Side::First, CubeAction::Take),
                (Side::First, CubeAction::Double),
            ]
        );
    }

    #[test]
    fn values_of_another_shape_are_left_unread() {
        let text = "(;GM[6]\n;W[31hefe]DA[R ver 3 rollout]A[0][hefe X]LU[lucky])";
        let events = read(text);
        assert!(events.1.is_empty(), "{:?}", events.1);
    }
}
