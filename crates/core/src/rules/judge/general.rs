//! The general path: every interpretation of the written hops tried, the
//! legal set generated when needed, an illegal play classified.

use super::*;

/// One way of making the written hops from the dice.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Interp {
    pub(super) hops: [Hop; MAX_INTERP_HOPS],
    pub(super) dice: [[u8; 4]; MAX_INTERP_HOPS],
    pub(super) lens: [u8; MAX_INTERP_HOPS],
    pub(super) n: usize,
    pub(super) used: u8,
}

/// Why the deepest attempt to play an interpretation failed.
#[derive(Copy, Clone, Debug)]
pub(super) struct Failure {
    pub(super) depth: usize,
    pub(super) rule: IllegalStep,
}

/// The general path of [`judge`]: `hops` are the hops of `play` less the
/// `0/0` ones. Every fast path above gives the judgement this gives. Out of
/// line: the fast paths' caller stays small.
#[inline(never)]
pub(super) fn general<B: Board>(
    position: &B,
    roll: Roll,
    play: &PlayNotation,
    hops: &[Hop],
    generator: &mut MoveGen<B>,
) -> Judgement<B> {
    if hops.is_empty() && !any_step(position, roll) {
        // A dance: no die can be played at all.
        let mut j = Judgement::new(PlayVerdict::Legal, *position);
        j.max_dice = Some(0);
        j.legal_count = Some(0);
        return j;
    }

    let literal = match physical(position, hops) {
        Ok(p) => p,
        Err((kind, hop)) => {
            // Report the index in the hops as written.
            let written = play
                .hops()
                .iter()
                .enumerate()
                .filter(|(_, h)| !(h.from == 0 && h.to == 0))
                .nth(hop)
                .map_or(hop, |(i, _)| i);
            return Judgement::new(PlayVerdict::Impossible { kind, hop: written }, *position);
        }
    };

    if hops.is_empty() {
        let count = generator.generate(position, roll).len();
        let mut j = if count == 0 {
            Judgement::new(PlayVerdict::Legal, *position)
        } else {
            Judgement::new(PlayVerdict::Illegal(IllegalKind::NoPlay), *position)
        };
        j.max_dice = Some(generator.max_dice());
        j.legal_count = Some(count);
        return j;
    }

    let mut interps = [Interp::default(); 4];
    let count = interpretations(hops, roll, &mut interps);
    let interps = &interps[..count];
    let full = roll.steps() as u8;

    // Fast path: an interpretation that uses every die and plays step by step.
    let mut legal: [(B, Play, usize); 4] = [(*position, Play::default(), 0); 4];
    let mut n_legal = 0;
    let mut best_failure: Option<(usize, Failure)> = None;
    let mut feasible_partial: Option<(usize, B, Play)> = None;
    // Each interpretation played step by step once, kept for the legal set.
    let mut played: [Option<(B, Play)>; 4] = [None; 4];
    for (i, interp) in interps.iter().enumerate() {
        match playable(position, interp) {
            Ok((result, steps)) => {
                played[i] = Some((result, steps));
                if interp.used == full {
                    legal[n_legal] = (result, steps, i);
                    n_legal += 1;
                } else if feasible_partial.is_none() {
                    feasible_partial = Some((i, result, steps));
                }
            }
            Err(f) => {
                if best_failure.is_none_or(|(_, b)| f.depth > b.depth) {
                    best_failure = Some((i, f));
                }
            }
        }
    }

    let mut max_dice = None;
    let mut legal_count = None;
    if n_legal == 0 {
        // The legal set decides.
        let generated = generator.generate(position, roll).len();
        legal_count = Some(generated);
        max_dice = Some(generator.max_dice());
        if generated == 0 {
            let (result, steps, used) = as_played(position, hops, interps, best_failure, literal);
            // Steps the dice cannot make at all are the more telling fault
            // (most often a misread roll); else a play where none was legal.
            let kind = if interps.is_empty() {
                IllegalKind::WrongDice
            } else {
                IllegalKind::PlayWhenNone
            };
            let mut j = Judgement::new(PlayVerdict::Illegal(kind), result);
            j.steps = steps;
            j.dice_used = used;
            j.max_dice = max_dice;
            j.legal_count = legal_count;
            return j;
        }
        for (i, interp) in interps.iter().enumerate() {
            if let Some((result, steps)) = played[i] {
                if generator.contains(&result) {
                    legal[n_legal] = (result, steps, i);
                    n_legal += 1;
                }
            } else if let Some(result) = apply_interp(position, hops, interp) {
                // Not playable step by step, but the same position as a legal
                // play (decided by resulting position).
                if generator.contains(&result.0) {
                    legal[n_legal] = (result.0, result.1, i);
                    n_legal += 1;
                }
            }
        }
        if n_legal == 0 {
            let max = generator.max_dice();
            let (kind, result, steps, used) = if let Some((i, result, steps)) = feasible_partial {
                let interp = &interps[i];
                let kind = if interp.used < max {
                    IllegalKind::UnderPlayed
                } else {
                    IllegalKind::SmallerDie
                };
                (kind, result, steps, interp.used)
            } else if let Some((_, failure)) = best_failure {
                let (result, steps, used) =
                    as_played(position, hops, interps, best_failure, literal);
                (kind_of(failure.rule), result, steps, used)
            } else {
                (IllegalKind::WrongDice, literal, Play::default(), 0)
            };
            let mut j = Judgement::new(PlayVerdict::Illegal(kind), result);
            j.steps = steps;
            j.dice_used = used;
            j.max_dice = max_dice;
            j.legal_count = legal_count;
            return j;
        }
    }

    // Legal: choose among the legal readings by hit marks (a written `*` is
    // strong evidence, a missing one weak: some writers never mark hits), then
    // by fewer hits (no intermediate hit unless the notation says so).
    let mut order: [usize; 4] = [0, 1, 2, 3];
    let order = &mut order[..n_legal];
    let score = |k: usize| {
        let (_, steps, i) = &legal[k];
        let marks = hit_marks(&interps[*i], steps);
        let hits = steps.steps().iter().filter(|s| s.hit).count();
        (marks.spurious, marks.missing, hits)
    };
    order.sort_by_key(|&k| score(k));
    let (result, steps, i) = legal[order[0]];
    let mut j = Judgement::new(PlayVerdict::Legal, result);
    j.steps = steps;
    j.dice_used = interps[i].used;
    j.max_dice = max_dice;
    j.legal_count = legal_count;
    j.hit_marks = hit_marks(&interps[i], &steps);
    // Other readings stay possible unless a written `*` rules them out.
    let best_spurious = j.hit_marks.spurious;
    let mut alternatives = [None; 3];
    let mut alt = 0;
    for &k in order.iter().skip(1) {
        let other = legal[k].0;
        if other != result
            && score(k).0 == best_spurious
            && !alternatives.iter().flatten().any(|p| *p == other)
            && alt < 3
        {
            alternatives[alt] = Some(other);
            alt += 1;
        }
    }
    j.alternatives = Alternatives::from_slots(alternatives);
    j
}

pub(super) fn kind_of(rule: IllegalStep) -> IllegalKind {
    match rule {
        IllegalStep::MustEnterFirst => IllegalKind::BarFirst,
        IllegalStep::NotAllHome => IllegalKind::BearOffEarly,
        IllegalStep::HigherCheckerFirst => IllegalKind::BearOffLower,
        IllegalStep::Blocked => IllegalKind::BlockedPath,
        IllegalStep::NoChecker => IllegalKind::WrongDice,
        IllegalStep::Pinned => IllegalKind::PinnedChecker,
        IllegalStep::PinningPoint => IllegalKind::OntoPinnedPoint,
        IllegalStep::PinnedBearOff => IllegalKind::BearOffPinned,
    }
}

/// Applies the hops literally (no intermediate landings), finding for each a
/// checker on its source in some order.
pub(super) fn physical<B: Board>(position: &B, hops: &[Hop]) -> Result<B, (ImpossibleKind, usize)> {
    for (i, hop) in hops.iter().enumerate() {
        if hop.from == 0 || usize::from(hop.to) == OUR_BAR || (hop.to > hop.from) {
            return Err((ImpossibleKind::Backward, i));
        }
    }
    let mut p = *position;
    let mut done = 0u32;
    let all = (1u32 << hops.len()) - 1;
    while done != all {
        let mut progressed = false;
        for (i, hop) in hops.iter().enumerate() {
            if done & (1 << i) != 0 || !p.movable(usize::from(hop.from)) {
                continue;
            }
            if hop.to != 0 && p.closed(usize::from(hop.to)) {
                return Err((ImpossibleKind::OntoMadePoint, i));
            }
            if hop.from != hop.to {
                p.move_checker(usize::from(hop.from), usize::from(hop.to), 0);
            }
            done |= 1 << i;
            progressed = true;
        }
        if !progressed {
            let first = (0..hops.len()).find(|i| done & (1 << i) == 0).unwrap_or(0);
            return Err((ImpossibleKind::NoChecker, first));
        }
    }
    Ok(p)
}

/// Every way of making the hops from the dice; returns how many were written.
pub(super) fn interpretations(hops: &[Hop], roll: Roll, out: &mut [Interp; 4]) -> usize {
    let (a, b) = (roll.first.pips(), roll.second.pips());
    let mut count = 0;
    let mut push = |seqs: &[&[u8]]| {
        if count >= out.len() {
            return;
        }
        let mut it = Interp {
            n: hops.len(),
            ..Interp::default()
        };
        for (h, seq) in seqs.iter().enumerate() {
            it.hops[h] = hops[h];
            it.dice[h][..seq.len()].copy_from_slice(seq);
            it.lens[h] = seq.len() as u8;
            it.used += seq.len() as u8;
        }
        out[count] = it;
        count += 1;
    };
    if hops.is_empty() || hops.len() > MAX_INTERP_HOPS {
        return 0;
    }
    if a == b {
        let mut seqs: [&[u8]; MAX_INTERP_HOPS] = [&[]; MAX_INTERP_HOPS];
        let fours = [a; 4];
        let mut total = 0;
        for (h, hop) in hops.iter().enumerate() {
            let (from, to, d) = (i32::from(hop.from), i32::from(hop.to), i32::from(a));
            let k = if to > 0 {
                if (from - to) % d != 0 {
                    return 0;
                }
                (from - to) / d
            } else {
                (from + d - 1) / d
            };
            if k < 1 {
                return 0;
            }
            total += k;
            if total > 4 {
                return 0;
            }
            seqs[h] = &fours[..k as usize];
        }
        push(&seqs[..hops.len()]);
        return count;
    }
    match hops {
        [h] => {
            for seq in [&[a][..], &[b][..], &[a, b][..], &[b, a][..]] {
                if makes(h, seq) {
                    push(&[seq]);
                }
            }
        }
        [h1, h2] => {
            for (s1, s2) in [(&[a][..], &[b][..]), (&[b][..], &[a][..])] {
                if makes(h1, s1) && makes(h2, s2) {
                    push(&[s1, s2]);
                }
            }
        }
        _ => {}
    }
    count
}

/// True when the dice `seq`, in order, take a checker from `hop.from` to
/// `hop.to` (landing on the board at every intermediate step).
pub(super) fn makes(hop: &Hop, seq: &[u8]) -> bool {
    let (from, to) = (i32::from(hop.from), i32::from(hop.to));
    let total: i32 = seq.iter().map(|&d| i32::from(d)).sum();
    if to > 0 {
        return total == from - to;
    }
    let before_last: i32 = seq[..seq.len() - 1].iter().map(|&d| i32::from(d)).sum();
    before_last < from && total >= from
}

/// Tries every interleaving of the interpretation's steps (each hop's steps
/// in order) under the movement rules. Ok with the result, else the failure
/// of the attempt that got furthest.
pub(super) fn playable<B: Board>(position: &B, interp: &Interp) -> Result<(B, Play), Failure> {
    let mut search = Search {
        interp,
        steps: [Step::default(); 4],
        best: Failure {
            depth: 0,
            rule: IllegalStep::NoChecker,
        },
        result: *position,
    };
    // Where each hop's checker stands: its source before any step.
    let mut at = [0u8; MAX_INTERP_HOPS];
    for (slot, hop) in at.iter_mut().zip(&interp.hops[..interp.n]) {
        *slot = hop.from;
    }
    if search.run(position, [0; MAX_INTERP_HOPS], at, 0) {
        let mut play = Play::default();
        for s in &search.steps[..usize::from(interp.used)] {
            play.push(*s);
        }
        Ok((search.result, play))
    } else {
        Err(search.best)
    }
}

/// The depth-first search of [`playable`]: hops tried in order at every
/// depth, the first full sequence kept.
pub(super) struct Search<'i, B> {
    interp: &'i Interp,
    /// The steps of the sequence being tried.
    steps: [Step; 4],
    /// The failure of the attempt that got furthest.
    best: Failure,
    /// The position after the full sequence, once found.
    result: B,
}

impl<B: Board> Search<'_, B> {
    /// Tries the steps left (`progress`: steps done per hop; `at`: where
    /// each hop's checker stands) from `position`, at `depth` steps done.
    pub(super) fn run(
        &mut self,
        position: &B,
        progress: [u8; MAX_INTERP_HOPS],
        at: [u8; MAX_INTERP_HOPS],
        depth: usize,
    ) -> bool {
        let interp = self.interp;
        if depth == usize::from(interp.used) {
            self.result = *position;
            return true;
        }
        for h in 0..interp.n {
            let k = usize::from(progress[h]);
            if k >= usize::from(interp.lens[h]) {
                continue;
            }
            let from = usize::from(at[h]);
            let die = interp.dice[h][k];
            match position.check_step(from, die) {
                Ok(()) => {
                    let mut after = *position;
                    self.steps[depth] = after.apply_step(from, die);
                    let mut next = progress;
                    next[h] += 1;
                    // A step before the hop's last lands on the board.
                    let mut next_at = at;
                    next_at[h] = at[h].saturating_sub(die);
                    if self.run(&after, next, next_at, depth + 1) {
                        return true;
                    }
                }
                Err(IllegalStep::NoChecker) => {}
                Err(rule) => {
                    // The attempt that got furthest; of equals, the first
                    // tried (the hops in the order written): a play that
                    // breaks two rules is named by the first it breaks.
                    // `NoChecker` is never kept: it marks no failure yet.
                    if depth > self.best.depth || self.best.rule == IllegalStep::NoChecker {
                        self.best = Failure { depth, rule };
                    }
                }
            }
        }
        false
    }
}

/// Applies an interpretation ignoring the movement rules (not the physical
/// ones): hops in an order that finds a checker on each source, landing on
/// each intermediate point that is not blocked (and hitting a blot there).
pub(super) fn apply_interp<B: Board>(
    position: &B,
    hops: &[Hop],
    interp: &Interp,
) -> Option<(B, Play)> {
    let mut p = *position;
    let mut play = Play::default();
    let mut done = 0u32;
    let all = (1u32 << hops.len()) - 1;
    while done != all {
        let mut progressed = false;
        for h in 0..interp.n {
            if done & (1 << h) != 0 || !p.movable(usize::from(interp.hops[h].from)) {
                continue;
            }
            let mut at = i32::from(interp.hops[h].from);
            let mut from = at as usize;
            for (k, &die) in interp.dice[h][..usize::from(interp.lens[h])]
                .iter()
                .enumerate()
            {
                at -= i32::from(die);
                let last = k + 1 == usize::from(interp.lens[h]);
                let to = at.max(0) as usize;
                if !last && p.closed(to) {
                    // Jumped over a blocked point: no landing there.
                    continue;
                }
                play.push(p.move_checker(from, to, die));
                from = to;
            }
            done |= 1 << h;
            progressed = true;
        }
        if !progressed {
            return None;
        }
    }
    Some((p, play))
}

/// The position an illegal play left: the furthest-reaching interpretation
/// applied without the movement rules, else the hops applied literally.
pub(super) fn as_played<B: Board>(
    position: &B,
    hops: &[Hop],
    interps: &[Interp],
    best_failure: Option<(usize, Failure)>,
    literal: B,
) -> (B, Play, u8) {
    let chosen = best_failure
        .map(|(i, _)| i)
        .or((!interps.is_empty()).then_some(0));
    if let Some(i) = chosen
        && let Some((result, play)) = apply_interp(position, hops, &interps[i])
    {
        return (result, play, interps[i].used);
    }
    (literal, Play::default(), 0)
}

/// Compares the `*` marks with the hits of the steps played.
pub(super) fn hit_marks(interp: &Interp, steps: &Play) -> HitMarks {
    let mut mask = HitMask::default();
    for s in steps.steps() {
        mask.step(s);
    }
    // Points each hop lands on: its intermediate landings and its destination.
    for h in 0..interp.n {
        let hop = interp.hops[h];
        let mut landings = 0u32;
        let mut at = i32::from(hop.from);
        for &die in &interp.dice[h][..usize::from(interp.lens[h])] {
            at -= i32::from(die);
            if at > 0 {
                landings |= 1 << at;
            }
        }
        mask.path(&hop, landings);
    }
    mask.marks()
}
