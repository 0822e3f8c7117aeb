//! The analysis GNU Backgammon writes into a move node: `A` (the checker-play
//! candidates), `DA` (the cube decision), `LU` with `GW`/`GB` (the roll's
//! luck). Read into [`Decision`]s; a value in another shape than GNU
//! Backgammon 1.07 writes (a rollout, an older layout) is left unread: the
//! decision is then not analysed.

use super::{Prop, Reader, Visitor, value};
use crate::notation::PlayNotation;
use crate::parse::{Analysis, Location};
use crate::side::Side;
use crate::skill::{Candidate, CubeAction, Decision, Depth, LuckClass};
use crate::swar;

/// The analysis properties of one node.
#[derive(Default)]
pub(super) struct NodeAnalysis<'p, 'a> {
    pub(super) moves: Option<&'p Prop<'a>>,
    pub(super) cube: Option<&'p Prop<'a>>,
    pub(super) luck: Option<&'p Prop<'a>>,
    pub(super) good_for_white: Option<&'p Prop<'a>>,
    pub(super) good_for_black: Option<&'p Prop<'a>>,
    /// Where the node's move is: the place of its analysis (see
    /// `ANALYSIS_KEYS`).
    pub(super) at: Location,
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

/// The number after `E ver 3` tokens: `Nc`/`NC` gives the plies (digits
/// read as `str::parse::<u8>` reads them: an optional `+`, no overflow).
fn plies(token: &[u8]) -> Option<u8> {
    let digits = token.strip_suffix(b"C").or(token.strip_suffix(b"c"))?;
    let digits = digits.strip_prefix(b"+").unwrap_or(digits);
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u8, |n, &b| {
        let d = b.wrapping_sub(b'0');
        (d <= 9).then_some(())?;
        n.checked_mul(10)?.checked_add(d)
    })
}

/// A decimal as GNU Backgammon writes it (`-0.050580`, `1.313205`): exact
/// integer digits over a power of ten, which IEEE division rounds as
/// `str::parse` does; anything else (an exponent, many digits) by
/// `str::parse`.
fn number(token: &[u8]) -> Option<f64> {
    const POWERS: [f64; 16] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ];
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, token),
    };
    if let Some(x) = six_decimals(digits) {
        return Some(if negative { -x } else { x });
    }
    // The digits before the point, then those after it (wrapping: a
    // mantissa of more than 15 digits is not used).
    let mut mantissa: u64 = 0;
    let mut rest = digits;
    while let Some((&b, tail)) = rest.split_first() {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
        rest = tail;
    }
    let whole = digits.len() - rest.len();
    let mut decimals = 0;
    if let Some((b'.', tail)) = rest.split_first() {
        rest = tail;
        while let Some((&b, tail)) = rest.split_first() {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
            decimals += 1;
            rest = tail;
        }
    }
    let count = whole + decimals;
    if !rest.is_empty() || count > 15 {
        let x: f64 = std::str::from_utf8(token).ok()?.parse().ok()?;
        return x.is_finite().then_some(x);
    }
    if count == 0 {
        return None;
    }
    // At most 15 digits: exact in an f64, as is 10^15.
    #[allow(clippy::cast_precision_loss)]
    let x = mantissa as f64 / POWERS[decimals];
    Some(if negative { -x } else { x })
}

/// GNU Backgammon's commonest decimal, `d.dddddd` (a probability, most
/// equities), read as one word: the point taken out and a `0` put in front,
/// eight digits are summed in three multiplications (pairs, fours, the
/// eight). The same quotient as the digit walk of [`number`].
fn six_decimals(digits: &[u8]) -> Option<f64> {
    let chunk = <&[u8; 8]>::try_from(digits).ok()?;
    if chunk[1] != b'.' {
        return None;
    }
    let word = swar::word(chunk);
    let eight = u64::from(b'0') | ((word & 0xFF) << 8) | (word & !0xFFFF);
    if swar::at_least(eight, b'0') & swar::below(eight, b'9' + 1) != swar::HIGH {
        return None;
    }
    let d = eight - swar::splat(b'0');
    // Each byte the value of its digit and the one before, times ten.
    let pairs = d.wrapping_mul(10).wrapping_add(d >> 8);
    const LOW_PAIRS: u64 = 0x0000_00FF_0000_00FF;
    let value = ((pairs & LOW_PAIRS).wrapping_mul(100 + (1_000_000 << 32))
        + ((pairs >> 16) & LOW_PAIRS).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    // Seven digits: exact in an f64, as is 10^6.
    #[allow(clippy::cast_precision_loss)]
    Some(value as f64 / 1e6)
}

/// The tokens of `text` at the increasing indices `wanted`, cut as
/// `split(u8::is_ascii_whitespace)` without the empty pieces cuts them;
/// `None` when the value holds fewer tokens.
///
/// GNU Backgammon's values hold dozens of tokens of which a few are read:
/// the value is taken eight bytes at a time, the tokens starting in a word
/// found as a mask (a byte not blank after a blank one), so that the
/// tokens not wanted cost no walk over their bytes. A word with a blank
/// other than the space (a line break, a tab) or a control character
/// hands the value to the plain walk.
fn pick_tokens<const N: usize>(text: &[u8], wanted: [usize; N]) -> Option<[&[u8]; N]> {
    let mut out = [&text[..0]; N];
    let Some(&first) = wanted.first() else {
        return Some(out);
    };
    let (mut want, mut next, mut index) = (first, 0, 0);
    // The high bit of the first byte: the byte before the word was blank
    // (the start of the text counts as blank).
    let mut blank_before = 0x80;
    let mut base = 0;
    loop {
        let word = word_at(text, base)?;
        let blank = swar::below(word, 0x21);
        if blank != swar::equal(word, b' ') {
            return pick_tokens_walking(text, wanted);
        }
        let mut starts = !blank & swar::HIGH & ((blank << 8) | blank_before);
        blank_before = blank >> 56;
        while starts != 0 {
            if index == want {
                let token = text.get(base + swar::first_set_byte(starts)..)?;
                let len = token
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .unwrap_or(token.len());
                out[next] = token.get(..len)?;
                next += 1;
                match wanted.get(next) {
                    Some(&w) => want = w,
                    None => return Some(out),
                }
            }
            index += 1;
            starts &= starts - 1;
        }
        base += 8;
    }
}

/// The eight bytes of `text` from `base`, the bytes past its end read as
/// spaces; `None` from its end on.
fn word_at(text: &[u8], base: usize) -> Option<u64> {
    if let Some(chunk) = text
        .get(base..base + 8)
        .and_then(|c| <&[u8; 8]>::try_from(c).ok())
    {
        return Some(swar::word(chunk));
    }
    let left = text.len().checked_sub(base).filter(|&left| left > 0)?;
    let spaces = swar::splat(b' ') << (8 * left);
    if let Some(last) = text.last_chunk::<8>() {
        // The last eight bytes, shifted down to the ones from `base`.
        return Some((swar::word(last) >> (8 * (8 - left))) | spaces);
    }
    let tail = text.get(base..)?;
    Some(
        tail.iter()
            .rev()
            .fold(0, |word, &b| (word << 8) | u64::from(b))
            | spaces,
    )
}

/// [`pick_tokens`] by a walk over every byte.
fn pick_tokens_walking<const N: usize>(text: &[u8], wanted: [usize; N]) -> Option<[&[u8]; N]> {
    let mut out = [&text[..0]; N];
    let mut tokens = text
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty());
    let mut taken = 0;
    for (slot, want) in out.iter_mut().zip(wanted) {
        *slot = tokens.nth(want.checked_sub(taken)?)?;
        taken = want + 1;
    }
    Some(out)
}

/// One candidate: `<steps> E ver 3 p p p p p score <plies>C ...`, and its
/// steps.
fn candidate(text: &[u8]) -> Option<(Candidate, Option<Depth>, &[u8])> {
    let [steps, e, ver, three, score, depth] = pick_tokens(text, [0, 1, 2, 3, 9, 10])?;
    if [e, ver, three] != [b"E".as_slice(), b"ver", b"3"] {
        return None;
    }
    let equity = number(score)?;
    Some((Candidate { equity }, plies(depth).map(Depth::Plies), steps))
}

/// `DA[E ver 3 <plies>C d n p  p×5 e ND  p×5 e DT]`: no double and
/// double/take, cubeful, from the doubler's side.
fn cube(text: &[u8]) -> Option<(f64, f64, Option<Depth>)> {
    let [e, ver, three, depth, no_double, double_take] = pick_tokens(text, [0, 1, 2, 3, 13, 20])?;
    if [e, ver, three] != [b"E".as_slice(), b"ver", b"3"] {
        return None;
    }
    let depth = plies(depth).map(Depth::Plies);
    Some((number(no_double)?, number(double_take)?, depth))
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
            && let Some((no_double, double_take, depth)) = cube(v.raw.as_bytes())
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
                    props.at,
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
                .and_then(|v| number(v.raw.trim().as_bytes()))
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
                props.at,
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
    pub(super) fn analysis_after(&mut self, side: Side, props: &NodeAnalysis<'_, 'a>) {
        let Some(prop) = props.moves else {
            if props.any() {
                self.give(
                    props.at,
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
        // The best candidate and the one played are read; the others only
        // counted (GNU Backgammon lists every legal play: most of an
        // analysed file, and no statistic needs them).
        let Some((best, depth, best_steps)) =
            rest.first().and_then(|v| candidate(v.raw.as_bytes()))
        else {
            return;
        };
        // The best and the played: two at most.
        let mut candidates = Vec::with_capacity(2);
        candidates.push(best);
        let played = match index.raw.trim().parse::<usize>() {
            Ok(0) => Some(0),
            Ok(i) => match rest.get(i).map(|v| candidate(v.raw.as_bytes())) {
                Some(Some((made, _, _))) => {
                    candidates.push(made);
                    Some(1)
                }
                Some(None) => return,
                None => None,
            },
            Err(_) => None,
        };
        let count = u32::try_from(rest.len()).unwrap_or(u32::MAX);
        let best = value::steps(best_steps, side).ok();
        self.give_best(
            props.at,
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
        self.visitor.analysis(Analysis {
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
        fn analysis(&mut self, analysis: Analysis) {
            self.0.push("analysis".to_owned());
            self.1.push(analysis);
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
    fn numbers_are_read_as_str_parse_reads_them() {
        for text in [
            "0.507361",
            "-0.050580",
            "1.313205",
            "0",
            "-0.000000",
            "12",
            "0.1",
            "1e-3",
            "0.12345678901234567",
            "-1000.000000",
            "0.014120",
        ] {
            let expected: f64 = text.parse().expect("a number");
            assert_eq!(super::number(text.as_bytes()), Some(expected), "{text}");
        }
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let text = format!("{}.{:06}", (x >> 40) % 3, x % 1_000_000);
            let expected: f64 = text.parse().expect("a number");
            assert_eq!(super::number(text.as_bytes()), Some(expected), "{text}");
        }
        for bad in ["", "-", ".", "x", "1.2.3", "nan", "inf"] {
            assert_eq!(super::number(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn tokens_are_picked_as_a_split_on_blanks_cuts_them() {
        let walk = |text: &[u8], wanted: [usize; 4]| {
            let tokens: Vec<&[u8]> = text
                .split(u8::is_ascii_whitespace)
                .filter(|t| !t.is_empty())
                .collect();
            wanted
                .iter()
                .map(|&w| tokens.get(w).map(|t| t.to_vec()))
                .collect::<Option<Vec<_>>>()
        };
        let alphabet = b"  ab1.-\t\n\x0b\x01\xc3\xa9E";
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for round in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 40) as usize;
            let text: Vec<u8> = (0..len)
                .map(|i| alphabet[((x >> (i % 50)) as usize + i * 7 + round) % alphabet.len()])
                .collect();
            let first = (x >> 20) as usize % 4;
            let wanted = [
                first,
                first + 1,
                first + 3,
                first + 4 + (x >> 30) as usize % 5,
            ];
            assert_eq!(
                super::pick_tokens(&text, wanted).map(|t| t.map(<[u8]>::to_vec).to_vec()),
                walk(&text, wanted),
                "{text:?} {wanted:?}"
            );
            assert_eq!(
                super::pick_tokens_walking(&text, wanted).map(|t| t.map(<[u8]>::to_vec).to_vec()),
                walk(&text, wanted),
                "{text:?} {wanted:?}"
            );
        }
        let cube = CUBE.trim_start_matches("DA[").trim_end_matches(']');
        assert_eq!(
            super::cube(cube.as_bytes()),
            Some((0.499116, 0.476925, Some(Depth::Plies(0))))
        );
        assert_eq!(
            super::cube(cube.replace(' ', "\n").as_bytes()),
            super::cube(cube.as_bytes())
        );
    }

    #[test]
    fn plies_are_read_as_str_parse_reads_them() {
        for digits in [
            "0", "2", "+3", "255", "256", "", "+", "-1", "1x", "007", "99999",
        ] {
            let expected = digits.parse::<u8>().ok();
            assert_eq!(
                super::plies(format!("{digits}C").as_bytes()),
                expected,
                "{digits}"
            );
            assert_eq!(
                super::plies(format!("{digits}c").as_bytes()),
                expected,
                "{digits}"
            );
        }
        assert_eq!(super::plies(b"2"), None);
    }

    #[test]
    fn values_of_another_shape_are_left_unread() {
        let text = "(;GM[6]\n;W[31hefe]DA[R ver 3 rollout]A[0][hefe X]LU[lucky])";
        let events = read(text);
        assert!(events.1.is_empty(), "{:?}", events.1);
    }
}
