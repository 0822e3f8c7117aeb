//! How far apart two written plays are, for ranking the legal plays closest
//! to what a record says (typo analysis, diagnostics).

use super::{PlayNotation, PointName};

/// The character edit (Levenshtein) distance between two texts.
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// How far two plays' notations are apart: each is made a list of moves (chains without a hit merged into
/// one move, repeats expanded), then moves are paired to minimise the sum
/// of character edit distances, a move left unpaired costing its length.
/// Order and the split of a checker's path into steps do not count.
#[must_use]
pub fn play_distance(written: &PlayNotation, legal: &PlayNotation) -> usize {
    paired(moves(written, true), moves(legal, true))
}

/// Like [`play_distance`], but hops are paired as written, chains not
/// joined, and hit marks ignored (some writers never mark hits): a slip
/// inside a chain (`13/9 9/4` written `13/7 9/4`) stays one character away.
#[must_use]
pub fn hop_distance(written: &PlayNotation, legal: &PlayNotation) -> usize {
    let plain = |play: &PlayNotation| {
        moves(play, false)
            .into_iter()
            .map(|m| m.replace('*', ""))
            .collect()
    };
    paired(plain(written), plain(legal))
}

/// The cheapest pairing of two lists of moves by character edit distance,
/// a move left unpaired costing its length.
fn paired(a: Vec<String>, b: Vec<String>) -> usize {
    // Pair the shorter list into the longer one, by dynamic programming on
    // the set of the longer list's moves used (legal plays have at most 4).
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() > 16 {
        return usize::MAX;
    }
    let full = 1usize << long.len();
    let mut best = vec![usize::MAX; full];
    best[0] = 0;
    for m in &short {
        let mut next = vec![usize::MAX; full];
        for (mask, &cost) in best.iter().enumerate() {
            if cost == usize::MAX {
                continue;
            }
            // Unpaired.
            let unpaired = cost + m.len();
            next[mask] = next[mask].min(unpaired);
            for (j, other) in long.iter().enumerate() {
                if mask & (1 << j) == 0 {
                    let with = mask | (1 << j);
                    let c = cost + edit_distance(m, other);
                    next[with] = next[with].min(c);
                }
            }
        }
        best = next;
    }
    best.iter()
        .enumerate()
        .filter(|(_, c)| **c != usize::MAX)
        .map(|(mask, c)| {
            c + long
                .iter()
                .enumerate()
                .filter(|(j, _)| mask & (1 << j) == 0)
                .map(|(_, m)| m.len())
                .sum::<usize>()
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// Joins one hop to the hop that continues from its landing point (no hit
/// there, not borne off); false when none does.
fn join_one(hops: &mut Vec<(u8, u8, bool)>) -> bool {
    for i in 0..hops.len() {
        let (from, to, hit) = hops[i];
        if hit || to == 0 {
            continue;
        }
        if let Some(j) = (0..hops.len()).find(|&j| j != i && hops[j].0 == to) {
            let (_, end, end_hit) = hops[j];
            hops[i] = (from, end, end_hit);
            hops.remove(j);
            return true;
        }
    }
    false
}

/// The moves of a play as text: hops chained through a point without a hit
/// merged when `join` (`24/18 18/13` is `24/13`).
fn moves(play: &PlayNotation, join: bool) -> Vec<String> {
    let mut hops: Vec<(u8, u8, bool)> = play.hops().iter().map(|h| (h.from, h.to, h.hit)).collect();
    while join && join_one(&mut hops) {}
    hops.iter()
        .map(|&(from, to, hit)| {
            format!(
                "{}/{}{}",
                PointName(from),
                PointName(to),
                if hit { "*" } else { "" }
            )
        })
        .collect()
}
