//! What an eXtreme Gammon move or cube record's analysis says, handed on
//! as the readers' analysis events.

use super::*;

impl Builder {
    pub(super) fn analysis(
        &mut self,
        location: Location,
        decision: Decision,
        depth: Option<Depth>,
    ) {
        self.analysis_best(location, decision, depth, None);
    }

    pub(super) fn analysis_best(
        &mut self,
        location: Location,
        decision: Decision,
        depth: Option<Depth>,
        best: Option<PlayNotation>,
    ) {
        self.events.push(Event::Analysis(Box::new(Analysis {
            location,
            decision,
            depth,
            best,
        })));
    }

    /// The analysis of a cube record (before its double, if any).
    pub(super) fn cube_analysis(&mut self, offset: usize, cube: &Cube, raw: &[u8]) {
        let (Some(side), Some(a)) = (side_of(cube.active), super::super::analysis::cube(raw))
        else {
            return;
        };
        let action = match (cube.double, cube.take) {
            (d, _) if d < 0 => return,
            (1, 0) => CubeAction::Pass,
            (1, 1) => CubeAction::Take,
            (1, _) => CubeAction::Beaver,
            _ => CubeAction::NoDouble,
        };
        self.analysis(
            at(offset),
            Decision::Cube {
                doubler: side,
                action,
                no_double: a.no_double,
                double_take: a.double_take,
                double_pass: Some(a.double_pass),
                xg_errors: Some(a.errors),
            },
            a.depth,
        );
    }

    /// The analysis of a move record: the roll's luck is given before the
    /// play, the play's analysis kept for after it.
    pub(super) fn move_analysis_before(
        &mut self,
        offset: usize,
        play: &Move,
        raw: &[u8],
    ) -> Option<super::super::analysis::MoveAnalysis> {
        let side = side_of(play.active)?;
        let a = super::super::analysis::checker(raw)?;
        if let Some(luck) = a.luck {
            self.analysis(
                at(offset),
                Decision::Luck {
                    player: side,
                    value: luck,
                    class: None,
                },
                None,
            );
        }
        Some(a)
    }

    pub(super) fn move_analysis_after(
        &mut self,
        offset: usize,
        play: &Move,
        analysis: Option<super::super::analysis::MoveAnalysis>,
    ) {
        let (Some(side), Some(a)) = (side_of(play.active), analysis) else {
            return;
        };
        if !play.played {
            return;
        }
        let legal_plays = if a.forced {
            1
        } else {
            u32::try_from(a.equities.len()).unwrap_or(u32::MAX)
        };
        self.analysis_best(
            at(offset),
            Decision::Chequer {
                player: side,
                candidates: a
                    .equities
                    .iter()
                    .map(|&equity| Candidate { equity })
                    .collect(),
                played: a.played,
                legal_plays,
                xg_error: Some(a.error),
            },
            a.depth,
            a.best,
        );
    }
}
