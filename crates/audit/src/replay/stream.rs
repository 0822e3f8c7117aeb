//! Findings handed on while a file is replayed, as soon as nothing later
//! can change them or sort ahead of them: the report of a file replayed
//! whole (an SGF text, an eXtreme Gammon file) then need not be held whole
//! before it is written ([`super::check_streamed`]).
//!
//! A file's findings are ordered by byte when it ends
//! ([`Replayer::finish_part`]). As a game begins, the findings located
//! before the previous game began are settled, provided that nothing still
//! points at them (a pending game, a score line waiting for the next, the
//! last unfinished game) and that no hit-mark finding waits for the file's
//! end: every finding still to come is located in the previous game or
//! later, so that these, ordered by byte, are the first of the file's
//! findings in its order.

use super::replayer::Replayer;
use crate::finding::SeverityCounts;

impl Replayer<'_, '_> {
    /// A game beginning at byte `game_byte`: hands on the findings located
    /// before the game that ends here began, once there are enough of them
    /// and nothing still points at them.
    pub(super) fn hand_on_settled(&mut self, game_byte: usize) {
        let Some(settled) = self.settled.as_mut() else {
            return;
        };
        let floor = std::mem::replace(&mut settled.game_start, game_byte);
        if self.recorder.findings.len() < settled.batch
            || self.recorder.unfinished.is_some()
            || !self.recorder.hit_mark_findings.is_empty()
        {
            return;
        }
        if let Some(m) = &self.current
            && (m.game.is_some()
                || m.mismatch.is_some()
                || m.concession.is_some()
                || m.score_dispute.is_some())
        {
            return;
        }
        // The current match's findings start at `first`: those handed on
        // are counted in its summary now, and it starts where its first
        // finding kept is.
        let first = self
            .current
            .as_ref()
            .map_or(self.recorder.findings.len(), |m| m.first_finding);
        let mut counts = SeverityCounts::default();
        let (mut settled_now, mut kept, mut kept_before) = (Vec::new(), Vec::new(), 0);
        for (i, finding) in std::mem::take(&mut self.recorder.findings)
            .into_iter()
            .enumerate()
        {
            if finding.location.byte < floor {
                if i >= first {
                    counts.add(finding.severity);
                }
                settled_now.push(finding);
            } else {
                kept_before += usize::from(i < first);
                kept.push(finding);
            }
        }
        self.recorder.findings = kept;
        if let Some(m) = self.current.as_mut() {
            m.first_finding = kept_before;
            m.summary.findings.merge(&counts);
        }
        if !settled_now.is_empty() {
            settled_now.sort_by_key(|f| f.location.byte);
            let mut numbers: Vec<u32> = settled_now.iter().map(|f| f.match_number).collect();
            numbers.dedup();
            let so_far = self
                .matches
                .iter()
                .chain(self.current.as_ref().map(|m| &m.summary))
                .filter(|m| numbers.contains(&m.number))
                .cloned()
                .collect();
            (settled.sink)(settled_now, so_far);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::replay::{Options, check_bytes, check_streamed};
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    /// Handed on a finding at a time (the smallest batch), every file of
    /// the fixtures and the shared corpora gives the findings and matches
    /// of the whole report, in its order; SGF and eXtreme Gammon files hand
    /// on findings before their end and every match last.
    #[test]
    fn parts_handed_on_are_the_whole_report_in_order() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut paths = Vec::new();
        files(&root.join("fixtures"), &mut paths);
        files(&root.join("../shared/corpus"), &mut paths);
        paths.sort();
        let options = Options::default();
        let mut streamed = 0;
        for path in &paths {
            let Ok(bytes) = std::fs::read(path) else {
                continue;
            };
            let name = path.to_string_lossy();
            let whole = check_bytes(&name, &bytes, &options);
            let (mut findings, mut matches) = (Vec::new(), Vec::new());
            let mut early = 0;
            let sgf_or_xg = matches!(
                whole.format,
                Some(crate::parse::Format::Sgf | crate::parse::Format::Xg)
            );
            let last = check_streamed(&name, &bytes, &options, 1, |part| {
                findings.extend(part.findings);
                // Of an SGF or `.xg` file, the matches as replayed so far.
                if !sgf_or_xg {
                    matches.extend(part.matches);
                }
                early += 1;
            });
            streamed += usize::from(sgf_or_xg && early > 0);
            findings.extend(last.findings);
            matches.extend(last.matches);
            assert!(findings == whole.findings, "{name}");
            assert!(matches == whole.matches, "{name}");
            assert_eq!(last.unreadable_reason, whole.unreadable_reason, "{name}");
            assert_eq!(last.format, whole.format, "{name}");
        }
        assert!(streamed > 0 || paths.is_empty());
    }
}
