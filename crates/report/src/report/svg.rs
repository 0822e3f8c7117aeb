//! A position as an SVG board, for the HTML report.
//!
//! The board is drawn from the mover's side, as the text boards of
//! [`super::board`] and GNU Backgammon draw the player on roll: a brown
//! frame around a green cloth, triangles of alternating colours, the
//! mover's checkers light and at home in the bottom right quarter (points 1
//! to 6 from right to left, 7 to 12 on the bottom left, 13 to 24 along the
//! top from left to right), the opponent's dark. The bar runs down the
//! middle (the mover's checkers on it in the top half, where they enter);
//! the trays on the right hold the checkers borne off (the mover's at the
//! bottom); the cube sits on the left, in the middle when centred, at the
//! side of its owner otherwise. A stack of more than five shows its count on
//! its fifth checker. In Plakoto a pinned checker lies at the base of its
//! point with a ring around it and its pinner on top. The roll is drawn as
//! two dice on the right half.
//!
//! Plays are drawn as arrows from point to point ([`Diagram::plays`]); each
//! play is a group of class `play pN` (N its index), so that a page can show
//! one at a time.
//!
//! Everything drawn comes from the position the replay recorded; nothing is
//! judged here. Names are escaped for HTML ([`crate::escape::html`]).

use std::fmt::Write as _;

use crate::dice::Roll;
use crate::escape;
use crate::finding::Context;
use crate::notation::{BAR, OFF, PlayNotation};
use crate::position::Position;
use crate::rules::plakoto::PlakotoSetup;
use crate::side::Side;

/// Width of a point.
const PW: f64 = 32.0;
/// Checker radius.
const R: f64 = 14.5;
/// Checkers drawn per point before the count shows.
const STACK: usize = 5;
/// Left edge of the frame (the cube column is left of it).
const FRAME_X: f64 = 44.0;
/// Frame thickness.
const FRAME: f64 = 10.0;
/// Top of the frame (point numbers above it).
const FRAME_Y: f64 = 34.0;
/// Bar width.
const BAR_W: f64 = 36.0;
/// Gap between the point tips of the two halves.
const GAP: f64 = 36.0;
/// Tray width.
const TRAY_W: f64 = 34.0;

const LEFT_X: f64 = FRAME_X + FRAME;
const RIGHT_X: f64 = LEFT_X + 6.0 * PW + BAR_W;
const CLOTH_RIGHT: f64 = RIGHT_X + 6.0 * PW;
const TOP_Y: f64 = FRAME_Y + FRAME;
const POINT_H: f64 = 2.0 * R * STACK as f64;
const BOTTOM_Y: f64 = TOP_Y + 2.0 * POINT_H + GAP;
const TRAY_X: f64 = CLOTH_RIGHT + FRAME;
const WIDTH: f64 = TRAY_X + TRAY_W + FRAME;
const HEIGHT: f64 = BOTTOM_Y + FRAME + 34.0;

/// A position ready to draw, from the mover's side: the same frame as
/// [`Position`] (points 1 to 24 positive for the mover, negative for the
/// opponent, the mover's bar at 25, the opponent's at 0), with pinned
/// checkers for Plakoto.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram<'a> {
    /// Checkers on each point and bar (the top checkers of a Plakoto point).
    pub points: [i8; 26],
    /// `pinned[p]`: one checker of the other colour than `points[p]`'s lies
    /// pinned under them (Plakoto).
    pub pinned: [bool; 25],
    /// The mover's checkers borne off.
    pub our_off: u8,
    /// The opponent's checkers borne off.
    pub their_off: u8,
    /// Checkers per side (15, or 1 to 3 in Hypergammon).
    pub checkers: u8,
    /// The mover's and the opponent's names (may be empty).
    pub names: (&'a str, &'a str),
    /// Cube, scores and match length, when known.
    pub context: Option<&'a Context>,
    /// The roll being played.
    pub dice: Option<Roll>,
    /// Plays drawn as arrows; the first is shown unless a page hides it.
    pub plays: Vec<PlayNotation>,
    /// A title for screen readers and tooltips.
    pub title: String,
    /// A Plakoto position (a checker landing on a blot pins it).
    pub plakoto: bool,
}

impl<'a> Diagram<'a> {
    /// A backgammon (or Nackgammon, Hypergammon) position.
    #[must_use]
    pub fn of_position(position: &Position) -> Diagram<'a> {
        Diagram {
            points: *position.points(),
            pinned: [false; 25],
            our_off: position.our_off(),
            their_off: position.their_off(),
            checkers: position.checkers(),
            names: ("", ""),
            context: None,
            dice: None,
            plays: Vec::new(),
            title: String::new(),
            plakoto: false,
        }
    }

    /// A Plakoto position.
    #[must_use]
    pub fn of_plakoto(setup: &PlakotoSetup) -> Diagram<'a> {
        let mut points = [0i8; 26];
        points[1..25].copy_from_slice(&setup.points[1..25]);
        Diagram {
            points,
            pinned: setup.pinned,
            our_off: setup.our_off,
            their_off: setup.their_off,
            checkers: crate::rules::plakoto::CHECKERS,
            names: ("", ""),
            context: None,
            dice: None,
            plays: Vec::new(),
            title: String::new(),
            plakoto: true,
        }
    }

    /// The mover's pip count (pinned checkers included).
    #[must_use]
    pub fn our_pips(&self) -> u32 {
        let mut pips = 25 * u32::from(self.points[25].max(0).unsigned_abs());
        for p in 1..=24 {
            let n = self.points[p];
            if n > 0 {
                pips += p as u32 * u32::from(n.unsigned_abs());
            } else if n < 0 && self.pinned[p] {
                pips += p as u32;
            }
        }
        pips
    }

    /// The opponent's pip count (pinned checkers included).
    #[must_use]
    pub fn their_pips(&self) -> u32 {
        let mut pips = 25 * u32::from(self.points[0].min(0).unsigned_abs());
        for p in 1..=24 {
            let n = self.points[p];
            if n < 0 {
                pips += (25 - p as u32) * u32::from(n.unsigned_abs());
            } else if n > 0 && self.pinned[p] {
                pips += 25 - p as u32;
            }
        }
        pips
    }

    /// The SVG element (no XML declaration: it is meant to be inlined in
    /// HTML).
    #[must_use]
    pub fn svg(&self) -> String {
        let mut s = String::with_capacity(12 * 1024);
        let _ = write!(
            s,
            "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
             font-family=\"sans-serif\" role=\"img\" aria-label=\"{}\"><title>{}</title>",
            escape::html(&self.title),
            escape::html(&self.title)
        );
        self.frame(&mut s);
        self.numbers(&mut s);
        self.checkers(&mut s);
        self.trays(&mut s);
        self.cube(&mut s);
        self.dice(&mut s);
        self.captions(&mut s);
        for (index, play) in self.plays.iter().enumerate() {
            self.arrows(&mut s, index, play);
        }
        s.push_str("</svg>");
        s
    }

    fn frame(&self, s: &mut String) {
        let _ = write!(
            s,
            "<rect class=\"wood\" x=\"{FRAME_X}\" y=\"{FRAME_Y}\" width=\"{}\" height=\"{}\" rx=\"6\" \
             fill=\"#6b4226\" stroke=\"#3e2614\" stroke-width=\"2\"/>",
            WIDTH - FRAME_X,
            BOTTOM_Y + FRAME - FRAME_Y
        );
        for x in [LEFT_X, RIGHT_X] {
            let _ = write!(
                s,
                "<rect x=\"{x}\" y=\"{TOP_Y}\" width=\"{}\" height=\"{}\" fill=\"#2f6b3f\"/>",
                6.0 * PW,
                BOTTOM_Y - TOP_Y
            );
        }
        // The bar and the tray are wood; the tray has two wells.
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{TOP_Y}\" width=\"{BAR_W}\" height=\"{}\" fill=\"#5a361d\"/>",
            LEFT_X + 6.0 * PW,
            BOTTOM_Y - TOP_Y
        );
        let well = (BOTTOM_Y - TOP_Y - GAP) / 2.0;
        for y in [TOP_Y, BOTTOM_Y - well] {
            let _ = write!(
                s,
                "<rect x=\"{TRAY_X}\" y=\"{y}\" width=\"{TRAY_W}\" height=\"{well}\" fill=\"#2f6b3f\"/>"
            );
        }
        for p in 1..=24 {
            let (x, top) = point_x(p);
            let colour = if p % 2 == 1 { "#8e2a1c" } else { "#e9dcb8" };
            let (base, tip) = if top {
                (TOP_Y, TOP_Y + POINT_H - 4.0)
            } else {
                (BOTTOM_Y, BOTTOM_Y - POINT_H + 4.0)
            };
            let _ = write!(
                s,
                "<polygon points=\"{},{base} {},{base} {x},{tip}\" fill=\"{colour}\"/>",
                x - PW / 2.0 + 1.0,
                x + PW / 2.0 - 1.0
            );
        }
    }

    fn numbers(&self, s: &mut String) {
        for p in 1..=24 {
            let (x, top) = point_x(p);
            let y = if top {
                FRAME_Y - 6.0
            } else {
                BOTTOM_Y + FRAME + 16.0
            };
            let _ = write!(
                s,
                "<text x=\"{x}\" y=\"{y}\" class=\"num\" text-anchor=\"middle\" font-size=\"12\" \
                 fill=\"#333\">{p}</text>"
            );
        }
    }

    fn checkers(&self, s: &mut String) {
        for p in 1..=24 {
            let n = self.points[p];
            let (x, top) = point_x(p);
            let mut slot = 0;
            if self.pinned[p] && n != 0 {
                // The pinned checker lies under its pinner, at the base.
                let (cx, cy) = (x, slot_y(top, 0));
                checker(s, cx, cy, n < 0, None);
                let _ = write!(
                    s,
                    "<circle class=\"pin\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" \
                     stroke=\"#f2c230\" stroke-width=\"2.5\"><title>pinned</title></circle>",
                    R + 1.5
                );
                slot = 1;
            }
            stack(s, x, top, slot, usize::from(n.unsigned_abs()), n > 0);
        }
        // The bar: the mover's checkers in the top half, the opponent's in
        // the bottom half.
        let bar_x = LEFT_X + 6.0 * PW + BAR_W / 2.0;
        let ours = usize::from(self.points[25].unsigned_abs());
        let theirs = usize::from(self.points[0].unsigned_abs());
        for i in 0..ours.min(4) {
            let label = (i == ours.min(4) - 1 && ours > 4).then_some(ours);
            checker(
                s,
                bar_x,
                TOP_Y + POINT_H - R - 2.0 * R * i as f64,
                true,
                label,
            );
        }
        for i in 0..theirs.min(4) {
            let label = (i == theirs.min(4) - 1 && theirs > 4).then_some(theirs);
            checker(
                s,
                bar_x,
                BOTTOM_Y - POINT_H + R + 2.0 * R * i as f64,
                false,
                label,
            );
        }
    }

    fn trays(&self, s: &mut String) {
        let well = (BOTTOM_Y - TOP_Y - GAP) / 2.0;
        let per = ((well - 8.0) / f64::from(self.checkers.max(1))).min(9.0);
        for (count, mover) in [(self.our_off, true), (self.their_off, false)] {
            for i in 0..count {
                let y = if mover {
                    BOTTOM_Y - 4.0 - per * f64::from(i + 1)
                } else {
                    TOP_Y + 4.0 + per * f64::from(i)
                };
                let (fill, stroke) = colours(mover);
                let _ = write!(
                    s,
                    "<rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{}\" rx=\"1.5\" fill=\"{fill}\" \
                     stroke=\"{stroke}\" stroke-width=\"0.8\"/>",
                    TRAY_X + 3.0,
                    TRAY_W - 6.0,
                    (per - 1.0).max(1.0)
                );
            }
            if count > 0 {
                let y = if mover {
                    BOTTOM_Y - well - 4.0
                } else {
                    TOP_Y + well + 14.0
                };
                let _ = write!(
                    s,
                    "<text x=\"{}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"11\" \
                     fill=\"#f4ecd8\">{count} off</text>",
                    TRAY_X + TRAY_W / 2.0
                );
            }
        }
    }

    fn cube(&self, s: &mut String) {
        let Some(context) = self.context else { return };
        let size = 30.0;
        let x = (FRAME_X - size) / 2.0;
        let middle = (TOP_Y + BOTTOM_Y) / 2.0;
        if context.crawford {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#333\">\
                 Crawford</text><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" \
                 fill=\"#333\">no cube</text>",
                FRAME_X / 2.0,
                middle - 2.0,
                FRAME_X / 2.0,
                middle + 10.0
            );
            return;
        }
        let y = match context.owner {
            None => middle - size / 2.0,
            Some(owner) if owner == context.mover => BOTTOM_Y - size,
            Some(_) => TOP_Y,
        };
        let face = if context.owner.is_none() && context.cube <= 1 {
            64
        } else {
            context.cube
        };
        let _ = write!(
            s,
            "<g class=\"cube\"><rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" rx=\"4\" \
             fill=\"#fbf8f0\" stroke=\"#222\" stroke-width=\"1.5\"/><text x=\"{}\" y=\"{}\" \
             text-anchor=\"middle\" font-size=\"{}\" font-weight=\"bold\" fill=\"#222\">{face}</text></g>",
            x + size / 2.0,
            y + size / 2.0 + 5.0,
            if face >= 100 { 11 } else { 15 }
        );
    }

    fn dice(&self, s: &mut String) {
        let Some(roll) = self.dice else { return };
        let size = 26.0;
        let y = (TOP_Y + BOTTOM_Y) / 2.0 - size / 2.0;
        let centre = RIGHT_X + 3.0 * PW;
        for (i, die) in [roll.first.pips(), roll.second.pips()]
            .into_iter()
            .enumerate()
        {
            let x = centre - size - 4.0 + (size + 8.0) * i as f64;
            let _ = write!(
                s,
                "<g class=\"die\"><rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" rx=\"4\" \
                 fill=\"#fbf8f0\" stroke=\"#222\" stroke-width=\"1.2\"/>"
            );
            for (dx, dy) in pips(die) {
                let _ = write!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.6\" fill=\"#222\"/>",
                    x + size / 2.0 + dx * size * 0.28,
                    y + size / 2.0 + dy * size * 0.28
                );
            }
            s.push_str("</g>");
        }
    }

    fn captions(&self, s: &mut String) {
        let (ours, theirs) = self.names;
        let score = |mover: bool| {
            self.context
                .map(|c| {
                    let side = if mover { c.mover } else { c.mover.other() };
                    format!(" · score {}", c.scores[side])
                })
                .unwrap_or_default()
        };
        let name = |name: &str, letter: &str| {
            if name.trim().is_empty() {
                letter.to_owned()
            } else {
                escape::html(name.trim()).into_owned()
            }
        };
        let roll = self
            .dice
            .map(|r| format!(" · to play {r}"))
            .unwrap_or_default();
        let _ = write!(
            s,
            "<text x=\"{FRAME_X}\" y=\"13\" font-size=\"12.5\" fill=\"#222\"><tspan font-weight=\"bold\">\
             {}</tspan> (dark){} · pips {}</text>",
            name(theirs, "O"),
            score(false),
            self.their_pips()
        );
        let _ = write!(
            s,
            "<text x=\"{FRAME_X}\" y=\"{}\" font-size=\"12.5\" fill=\"#222\"><tspan font-weight=\"bold\">\
             {}</tspan> (light){} · pips {}{roll}</text>",
            HEIGHT - 3.0,
            name(ours, "X"),
            score(true),
            self.our_pips()
        );
    }

    fn arrows(&self, s: &mut String, index: usize, play: &PlayNotation) {
        let colour = if index == 0 { "#e8590c" } else { "#1c64d1" };
        let _ = write!(
            s,
            "<g class=\"play p{index}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" \
             stroke-linecap=\"round\" stroke-opacity=\"0.9\">"
        );
        // The checkers on each point as the play goes: a second checker
        // leaves from lower in the stack, and lands higher.
        let mut stacks = [0usize; 26];
        for (p, slot) in stacks.iter_mut().enumerate() {
            *slot = usize::from(self.points[p].max(0).unsigned_abs());
        }
        for (i, hop) in play.hops().iter().enumerate() {
            let (x1, y1) = self.anchor(hop.from, &mut stacks, true);
            let (x2, y2) = self.anchor(hop.to, &mut stacks, false);
            // Bend every arrow towards the middle of the board, a little more
            // for each hop so that repeated hops stay apart.
            let middle = (TOP_Y + BOTTOM_Y) / 2.0;
            let bend = 26.0 + 8.0 * i as f64;
            let cy = if (y1 + y2) / 2.0 < middle {
                (y1.max(y2) + bend).min(middle + 40.0)
            } else {
                (y1.min(y2) - bend).max(middle - 40.0)
            };
            let cx = (x1 + x2) / 2.0;
            // The arrowhead, along the curve's last tangent.
            let (dx, dy) = (x2 - cx, y2 - cy);
            let length = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / length, dy / length);
            let (hx, hy) = (x2 - ux * 10.0, y2 - uy * 10.0);
            let _ = write!(
                s,
                "<path d=\"M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}\"/>\
                 <path d=\"M{:.1},{:.1} L{x2:.1},{y2:.1} L{:.1},{:.1}\" stroke-linejoin=\"round\"/>",
                hx - uy * 6.0,
                hy + ux * 6.0,
                hx + uy * 6.0,
                hy - ux * 6.0
            );
            if hop.hit {
                let _ = write!(
                    s,
                    "<circle cx=\"{x2:.1}\" cy=\"{y2:.1}\" r=\"{}\" stroke-dasharray=\"3 2\"/>",
                    R + 3.0
                );
            }
        }
        s.push_str("</g>");
    }

    /// Where an arrow starts (`from`) or ends on point `p` of the mover's
    /// numbering (25 the bar, 0 off), given the mover's `stacks` so far
    /// (updated: a checker leaves or lands). A checker landing on an
    /// opposing blot it hits takes its place; on a Plakoto blot, it goes on
    /// top of it.
    fn anchor(&self, p: u8, stacks: &mut [usize; 26], from: bool) -> (f64, f64) {
        if p == BAR {
            stacks[25] = stacks[25].saturating_sub(1);
            return (LEFT_X + 6.0 * PW + BAR_W / 2.0, TOP_Y + POINT_H - R);
        }
        if p == OFF || p > 25 {
            return (TRAY_X + TRAY_W / 2.0, BOTTOM_Y - 30.0);
        }
        let p = usize::from(p);
        let (x, top) = point_x(p);
        // A pinned checker lies at the base, under the stack.
        let base = usize::from(self.pinned[p] && self.points[p] != 0);
        let theirs = usize::from(self.points[p].min(0).unsigned_abs());
        let slot = if from {
            stacks[p] = stacks[p].saturating_sub(1);
            base + stacks[p]
        } else {
            let below = match theirs {
                0 => base,
                // A blot hit: its place is taken.
                1 if !self.plakoto => 0,
                // A Plakoto blot stays (pinned) under the checker that lands;
                // a point the play may not land on is drawn above its stack.
                n => base + n,
            };
            stacks[p] += 1;
            below + stacks[p] - 1
        };
        (x, slot_y(top, slot.min(STACK - 1)))
    }
}

/// The centre of point `p` (1..=24, mover's numbering) and whether it is in
/// the top half.
fn point_x(p: usize) -> (f64, bool) {
    let column = |offset: f64, i: usize| offset + (i as f64 + 0.5) * PW;
    match p {
        1..=6 => (column(RIGHT_X, 6 - p), false),
        7..=12 => (column(LEFT_X, 12 - p), false),
        13..=18 => (column(LEFT_X, p - 13), true),
        _ => (column(RIGHT_X, p.saturating_sub(19).min(5)), true),
    }
}

/// The centre height of checker `slot` (0 at the edge) on a point.
fn slot_y(top: bool, slot: usize) -> f64 {
    let offset = R + 2.0 * R * slot as f64;
    if top {
        TOP_Y + offset
    } else {
        BOTTOM_Y - offset
    }
}

/// Fill and rim of a checker of the mover (light) or the opponent (dark).
fn colours(mover: bool) -> (&'static str, &'static str) {
    if mover {
        ("#f4ecd8", "#7a6a4f")
    } else {
        ("#2b2b2b", "#000")
    }
}

/// One checker, with `label` written on it.
fn checker(s: &mut String, x: f64, y: f64, mover: bool, label: Option<usize>) {
    let (fill, stroke) = colours(mover);
    let _ = write!(
        s,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{R}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.2\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-opacity=\"0.35\"/>",
        R - 4.5
    );
    if let Some(label) = label {
        let text = if mover { "#222" } else { "#f4ecd8" };
        let _ = write!(
            s,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" \
             fill=\"{text}\">{label}</text>",
            y + 4.5
        );
    }
}

/// `count` checkers on a point from slot `first`, the count on the last
/// one drawn when they do not all fit.
fn stack(s: &mut String, x: f64, top: bool, first: usize, count: usize, mover: bool) {
    let room = STACK - first.min(STACK);
    let drawn = count.min(room);
    for i in 0..drawn {
        let label = (i + 1 == drawn && count > room).then_some(count);
        checker(s, x, slot_y(top, first + i), mover, label);
    }
}

/// The pips of a die face, as offsets from its centre.
fn pips(face: u8) -> Vec<(f64, f64)> {
    match face {
        1 => vec![(0.0, 0.0)],
        2 => vec![(-1.0, -1.0), (1.0, 1.0)],
        3 => vec![(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => vec![(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => vec![
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => vec![
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    }
}

/// The mover of a finding's context, else the first player.
#[must_use]
pub fn mover_of(context: Option<&Context>, side: Option<Side>) -> Side {
    context.map(|c| c.mover).or(side).unwrap_or(Side::First)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Variant;

    #[test]
    fn the_starting_position_has_thirty_checkers_and_twenty_four_points() {
        let start = Position::starting(Variant::Backgammon);
        let mut diagram = Diagram::of_position(&start);
        diagram.names = ("Marta <b>", "Omar");
        diagram.dice = Roll::new(5, 2);
        diagram.plays = vec![PlayNotation::parse("13/8 6/4*").unwrap()];
        let svg = diagram.svg();
        assert_eq!(svg.matches("<polygon").count(), 24);
        // Two circles per checker (rim and ring): 30 checkers.
        assert_eq!(svg.matches(&format!("r=\"{R}\"")).count(), 30);
        assert!(svg.contains("Marta &lt;b&gt;"));
        assert!(!svg.contains("<b>"));
        assert!(svg.contains("class=\"play p0\""));
        assert_eq!(diagram.our_pips(), 167);
        assert_eq!(diagram.their_pips(), 167);
    }

    #[test]
    fn a_pinned_checker_is_drawn_under_its_pinner() {
        let mut setup = crate::rules::plakoto::PlakotoPosition::starting().setup();
        setup.points[24] = 14;
        setup.points[1] = -14;
        setup.points[10] = 1;
        setup.pinned[10] = false;
        setup.points[15] = -1;
        setup.pinned[15] = true; // our checker pinned under theirs
        setup.points[24] = 13;
        let diagram = Diagram::of_plakoto(&setup);
        let svg = diagram.svg();
        assert_eq!(svg.matches("class=\"pin\"").count(), 1);
        assert_eq!(
            diagram.our_pips(),
            13 * 24 + 10 + 15,
            "the pinned checker counts"
        );
    }

    #[test]
    fn points_run_from_the_mover_s_side() {
        assert!(point_x(1).0 > point_x(6).0);
        assert!(!point_x(1).1 && point_x(24).1);
        assert!(point_x(13).0 < point_x(24).0);
        assert!(point_x(12).0 < point_x(7).0);
    }
}
