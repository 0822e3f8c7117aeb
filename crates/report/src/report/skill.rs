//! The `skill` object of a player: the statistics of the analysis a record
//! carries ([`crate::skill`]), as JSON, CSV columns and a table cell. One
//! shape for the `players` report (summed over the player's matches) and
//! the `match` record of `check --format jsonl` (one per player).
//!
//! `null` (an empty cell) when none of the player's matches was analysed:
//! "not analysed", never zeros.

use std::io::Write as _;

use serde_json::Value;

use crate::replay::MatchSkill;
use crate::side::Side;
use crate::skill::{Engine, Tally, XgTally};

/// A player's skill sums over any number of matches.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SkillSums {
    /// Matches with analysis.
    pub analysed_matches: u64,
    /// The engines that analysed them, each with the depths met, in the
    /// order met.
    pub engines: Vec<(String, Vec<String>)>,
    /// GNU Backgammon's sums.
    pub tally: Tally,
    /// eXtreme Gammon's own sums.
    pub xg: XgTally,
}

/// How the engines are named: `GNU Backgammon 1.07.001 (0-ply)`,
/// `eXtreme Gammon (XG Roller, 3-ply)`, `;` between engines.
#[must_use]
pub fn engines_label(engines: &[(String, Vec<String>)]) -> String {
    let named: Vec<String> = engines
        .iter()
        .map(|(name, depths)| {
            if depths.is_empty() {
                name.clone()
            } else {
                format!("{name} ({})", depths.join(", "))
            }
        })
        .collect();
    named.join("; ")
}

fn add_engine(engines: &mut Vec<(String, Vec<String>)>, engine: &Engine) {
    let at = match engines.iter().position(|(name, _)| *name == engine.name) {
        Some(at) => at,
        None => {
            engines.push((engine.name.clone(), Vec::new()));
            engines.len() - 1
        }
    };
    if let Some(depth) = &engine.depth
        && !engines[at].1.contains(depth)
    {
        engines[at].1.push(depth.clone());
    }
}

impl SkillSums {
    /// The sums of one side of an analysed match.
    #[must_use]
    pub fn of_match(skill: &MatchSkill, side: Side) -> SkillSums {
        let mut sums = SkillSums::default();
        sums.add_match(skill, side);
        sums
    }

    /// Adds one side of an analysed match.
    pub fn add_match(&mut self, skill: &MatchSkill, side: Side) {
        self.analysed_matches += 1;
        for engine in &skill.engines {
            add_engine(&mut self.engines, engine);
        }
        self.tally.merge(&skill.players[side]);
        self.xg.merge(&skill.xg[side]);
    }

    /// The `skill` object: `engine`, `analysed_matches`, the statistics
    /// (`checker`, `cube`, `luck`, `overall`, ...) and, for records XG
    /// analysed, `overall.pr` and the `xg` counts. The object
    /// [`SkillSums::write_json`] writes (the one definition of it), read
    /// back as a value.
    #[must_use]
    pub fn json(&self) -> Value {
        let mut bytes = Vec::with_capacity(2048);
        self.write_json(&mut bytes);
        serde_json::from_slice(&bytes).unwrap_or(Value::Null)
    }
}

/// An object written key by key into a buffer: the keys are names of the
/// program's (no escaping), the values written as `serde_json` writes them.
struct Object<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Object<'o> {
    fn open(out: &'o mut Vec<u8>) -> Self {
        out.push(b'{');
        Object { out, first: true }
    }

    fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    fn count(&mut self, key: &str, n: impl itoa::Integer) {
        let out = self.key(key);
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    fn number(&mut self, key: &str, x: f64) {
        let out = self.key(key);
        // (writing into a vector cannot fail)
        let _ = serde_json::to_writer(out, &x);
    }

    /// An `f32` as [`crate::skill::json_number`] has it. Between a
    /// thousandth and ten million, where `serde_json` writes plain
    /// decimals, the shortest digits of the `f32` are those of the `f64`
    /// nearest to them: written at once instead of through a string and its
    /// reading (`.0` after a whole number, as `serde_json` has it).
    fn f32(&mut self, key: &str, x: f32) {
        let x = x + 0.0;
        let size = x.abs();
        if size == 0.0 || (1e-3..1e7).contains(&size) {
            let out = self.key(key);
            let start = out.len();
            let _ = write!(out, "{x}");
            if !out.get(start..).unwrap_or_default().contains(&b'.') {
                out.extend_from_slice(b".0");
            }
        } else {
            self.number(key, crate::skill::json_number(x));
        }
    }

    fn opt_f32(&mut self, key: &str, x: Option<f32>) {
        match x {
            Some(x) => self.f32(key, x),
            None => self.key(key).extend_from_slice(b"null"),
        }
    }

    fn opt_pair(&mut self, key: &str, x: Option<[f32; 2]>) {
        match x {
            Some([a, b]) => {
                let out = self.key(key);
                let pair = [a, b].map(crate::skill::json_number);
                let _ = serde_json::to_writer(out, &pair);
            }
            None => self.key(key).extend_from_slice(b"null"),
        }
    }

    fn str(&mut self, key: &str, text: Option<&str>) {
        let out = self.key(key);
        let _ = serde_json::to_writer(out, &text);
    }

    fn close(self) {
        self.out.push(b'}');
    }
}

impl SkillSums {
    /// Writes [`SkillSums::json`]'s object into `out`, the same bytes as
    /// `serde_json` gives for it (keys in its order, sorted), without
    /// building it: the `match` records of `check --format jsonl` write one
    /// per player.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let s = self.tally.statistics();
        let mut o = Object::open(out);
        o.count("analysed_matches", self.analysed_matches);
        {
            let c = &s.checker;
            let mut k = Object::open(o.key("checker"));
            k.count("bad", c.bad);
            k.count("doubtful", c.doubtful);
            k.f32("error_emg", c.error_emg);
            k.opt_f32("error_mwc", c.error_mwc);
            k.opt_f32("error_points", c.error_points);
            k.f32("error_rate_memg", c.error_rate_memg);
            k.opt_f32("error_rate_mwc", c.error_rate_mwc);
            k.opt_f32("error_rate_points", c.error_rate_points);
            k.count("moves", c.moves);
            k.str("rating", c.rating);
            k.count("unforced", c.unforced);
            k.count("unmarked", c.unmarked);
            k.count("very_bad", c.very_bad);
            k.close();
        }
        {
            let c = &s.cube;
            let mut k = Object::open(o.key("cube"));
            k.count("close", c.close);
            k.count("decisions", c.decisions);
            k.count("doubles", c.doubles);
            k.f32("error_emg", c.error_emg);
            k.opt_f32("error_mwc", c.error_mwc);
            k.opt_f32("error_points", c.error_points);
            k.f32("error_rate_memg", c.error_rate_memg);
            k.opt_f32("error_rate_mwc", c.error_rate_mwc);
            k.opt_f32("error_rate_points", c.error_rate_points);
            let classes = [
                (
                    [
                        "missed_double_above_cp",
                        "missed_double_above_cp_emg",
                        "missed_double_above_cp_mwc",
                        "missed_double_above_cp_points",
                    ],
                    c.missed_double_above_cp,
                    c.missed_double_above_cp_emg,
                    c.missed_double_above_cp_mwc,
                    c.missed_double_above_cp_points,
                ),
                (
                    [
                        "missed_double_below_cp",
                        "missed_double_below_cp_emg",
                        "missed_double_below_cp_mwc",
                        "missed_double_below_cp_points",
                    ],
                    c.missed_double_below_cp,
                    c.missed_double_below_cp_emg,
                    c.missed_double_below_cp_mwc,
                    c.missed_double_below_cp_points,
                ),
            ];
            let later = [
                (
                    [
                        "wrong_double_above_tg",
                        "wrong_double_above_tg_emg",
                        "wrong_double_above_tg_mwc",
                        "wrong_double_above_tg_points",
                    ],
                    c.wrong_double_above_tg,
                    c.wrong_double_above_tg_emg,
                    c.wrong_double_above_tg_mwc,
                    c.wrong_double_above_tg_points,
                ),
                (
                    [
                        "wrong_double_below_dp",
                        "wrong_double_below_dp_emg",
                        "wrong_double_below_dp_mwc",
                        "wrong_double_below_dp_points",
                    ],
                    c.wrong_double_below_dp,
                    c.wrong_double_below_dp_emg,
                    c.wrong_double_below_dp_mwc,
                    c.wrong_double_below_dp_points,
                ),
                (
                    [
                        "wrong_pass",
                        "wrong_pass_emg",
                        "wrong_pass_mwc",
                        "wrong_pass_points",
                    ],
                    c.wrong_pass,
                    c.wrong_pass_emg,
                    c.wrong_pass_mwc,
                    c.wrong_pass_points,
                ),
                (
                    [
                        "wrong_take",
                        "wrong_take_emg",
                        "wrong_take_mwc",
                        "wrong_take_points",
                    ],
                    c.wrong_take,
                    c.wrong_take_emg,
                    c.wrong_take_mwc,
                    c.wrong_take_points,
                ),
            ];
            let class = |k: &mut Object<'_>,
                         ([name, emg_name, mwc_name, points_name], n, emg, mwc, points): (
                [&str; 4],
                u32,
                f32,
                Option<f32>,
                Option<f32>,
            )| {
                k.count(name, n);
                k.f32(emg_name, emg);
                k.opt_f32(mwc_name, mwc);
                k.opt_f32(points_name, points);
            };
            for c in classes {
                class(&mut k, c);
            }
            k.count("passes", c.passes);
            k.str("rating", c.rating);
            k.count("takes", c.takes);
            for c in later {
                class(&mut k, c);
            }
            k.close();
        }
        o.str("engine", Some(&engines_label(&self.engines)));
        o.count("games", s.games);
        {
            let l = &s.luck;
            let mut k = Object::open(o.key("luck"));
            k.count("lucky", l.lucky);
            k.opt_f32("rate_memg", l.rate_memg);
            k.opt_f32("rate_mwc", l.rate_mwc);
            k.opt_f32("rate_points", l.rate_points);
            k.str("rating", l.rating);
            k.f32("total_emg", l.total_emg);
            k.opt_f32("total_mwc", l.total_mwc);
            k.opt_f32("total_points", l.total_points);
            k.count("unlucky", l.unlucky);
            k.count("unmarked", l.unmarked);
            k.count("very_lucky", l.very_lucky);
            k.count("very_unlucky", l.very_unlucky);
            k.close();
        }
        {
            let v = &s.overall;
            let mut k = Object::open(o.key("overall"));
            k.opt_f32("actual_result_mwc", v.actual_result_mwc);
            k.opt_f32("actual_result_points", v.actual_result_points);
            k.opt_pair("advantage_interval", v.advantage_interval);
            k.opt_f32("advantage_ppg", v.advantage_ppg);
            k.opt_f32("chequer_rating_loss", v.chequer_rating_loss);
            k.opt_f32("cube_rating_loss", v.cube_rating_loss);
            k.opt_f32("error_based_fibs_rating", v.error_based_fibs_rating);
            k.f32("error_emg", v.error_emg);
            k.opt_f32("error_mwc", v.error_mwc);
            k.opt_f32("error_points", v.error_points);
            k.f32("error_rate_memg", v.error_rate_memg);
            k.opt_f32("error_rate_mwc", v.error_rate_mwc);
            k.opt_f32("error_rate_points", v.error_rate_points);
            k.opt_pair("luck_adjusted_interval", v.luck_adjusted_interval);
            k.opt_f32("luck_adjusted_ppg", v.luck_adjusted_ppg);
            k.opt_f32("luck_adjusted_result_mwc", v.luck_adjusted_result_mwc);
            k.opt_f32("luck_adjusted_result_points", v.luck_adjusted_result_points);
            k.opt_f32("luck_based_fibs_rating_diff", v.luck_based_fibs_rating_diff);
            match self.xg.pr() {
                Some(pr) => k.number("pr", round_decimals(pr, 2)),
                None => k.key("pr").extend_from_slice(b"null"),
            }
            k.str("rating", v.rating);
            k.opt_f32("snowie_error_rate", v.snowie_error_rate);
            k.close();
        }
        let unit = o.key("unit");
        let _ = serde_json::to_writer(unit, &s.unit);
        if self.xg.decisions() > 0 {
            let x = &self.xg;
            let mut k = Object::open(o.key("xg"));
            k.count("blunders", x.blunders);
            k.count("checker_decisions", x.checker_decisions);
            k.number("checker_error_emg", round_decimals(x.checker_error, 3));
            k.count("decisions", x.decisions());
            k.count("double_decisions", x.double_decisions);
            k.number("double_error_emg", round_decimals(x.double_error, 3));
            k.number("error_emg", round_decimals(x.error(), 3));
            k.count("errors", x.errors);
            k.count("take_decisions", x.take_decisions);
            k.number("take_error_emg", round_decimals(x.take_error, 3));
            k.close();
        } else {
            o.key("xg").extend_from_slice(b"null");
        }
        o.close();
    }
}

/// The value at `path` in a `skill` object; `None` when absent or null.
#[must_use]
pub fn at<'j>(json: &'j Value, path: &[&str]) -> Option<&'j Value> {
    path.iter()
        .try_fold(json, |v, key| v.get(key))
        .filter(|v| !v.is_null())
}

/// The table's cell of a `skill` object: matches analysed and engine,
/// overall error rate and rating, very bad plays, cube errors, luck, PR.
#[must_use]
pub fn cell(json: &Value) -> String {
    items(json).join(", ")
}

/// The items of [`cell`], each to be kept whole.
#[must_use]
pub fn items(json: &Value) -> Vec<String> {
    let get = |path: &[&str]| at(json, path);
    let number = |path: &[&str]| get(path).and_then(Value::as_f64);
    let count = |path: &[&str]| get(path).and_then(Value::as_u64).unwrap_or(0);
    let mut parts = vec![format!(
        "{} analysed ({})",
        count(&["analysed_matches"]),
        get(&["engine"]).and_then(Value::as_str).unwrap_or_default()
    )];
    if let Some(rate) = number(&["overall", "error_rate_memg"]) {
        let rating = get(&["overall", "rating"])
            .and_then(Value::as_str)
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        parts.push(format!("error rate {rate:.1} mEMG{rating}"));
    }
    if get(&["checker", "very_bad"]).is_some() {
        parts.push(format!(
            "very bad plays {}",
            count(&["checker", "very_bad"])
        ));
    }
    if get(&["cube"]).is_some() {
        let errors: u64 = [
            "missed_double_below_cp",
            "missed_double_above_cp",
            "wrong_double_below_dp",
            "wrong_double_above_tg",
            "wrong_take",
            "wrong_pass",
        ]
        .iter()
        .map(|class| count(&["cube", class]))
        .sum();
        parts.push(format!("cube errors {errors}"));
    }
    if let Some(luck) = number(&["luck", "total_emg"]) {
        parts.push(format!("luck {luck:+.3}"));
    }
    if let Some(pr) = number(&["overall", "pr"]) {
        parts.push(format!("PR {pr:.2}"));
    }
    parts
}

/// The CSV columns of a `skill` object: its leaves as dotted names
/// (`skill.checker.moves`), in the order of an empty player's object.
#[must_use]
pub fn csv_columns() -> Vec<String> {
    let mut columns = Vec::new();
    leaves("skill", &SkillSums::default().json(), &mut |name, _| {
        columns.push(name.to_owned());
    });
    // The `xg` object is null without XG's analysis: its columns named
    // from the object of one XG decision.
    columns.retain(|c| c != "skill.xg");
    let mut with_xg = SkillSums::default();
    with_xg.xg.checker_decisions = 1;
    if let Some(xg) = with_xg.json().get("xg") {
        leaves("skill.xg", xg, &mut |name, _| columns.push(name.to_owned()));
    }
    columns
}

/// The cells of `skill` under [`csv_columns`]; all empty for `None`.
#[must_use]
pub fn csv_cells(skill: Option<&Value>, columns: &[String]) -> Vec<String> {
    let Some(skill) = skill else {
        return vec![String::new(); columns.len()];
    };
    let mut cells = std::collections::HashMap::new();
    leaves("skill", skill, &mut |name, value| {
        let text = match value {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        cells.insert(name.to_owned(), text);
    });
    columns
        .iter()
        .map(|c| cells.remove(c).unwrap_or_default())
        .collect()
}

fn leaves(prefix: &str, value: &Value, out: &mut impl FnMut(&str, &Value)) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                leaves(&format!("{prefix}.{key}"), field, out);
            }
        }
        leaf => out(prefix, leaf),
    }
}

/// `x` rounded to `decimals` places (the figures of the reports).
pub(crate) fn round_decimals(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skill::Engine;
    use serde_json::Map;

    /// The `skill` object built from the statistics' own serialisation:
    /// the reference the object written key by key is checked against.
    fn built(sums: &SkillSums) -> Value {
        let mut object = Map::new();
        object.insert("engine".into(), Value::String(engines_label(&sums.engines)));
        object.insert("analysed_matches".into(), sums.analysed_matches.into());
        let statistics = serde_json::to_value(sums.tally.statistics()).unwrap_or(Value::Null);
        if let Value::Object(fields) = statistics {
            object.extend(fields);
        }
        let pr = sums.xg.pr().map(|pr| round_decimals(pr, 2));
        if let Some(Value::Object(overall)) = object.get_mut("overall") {
            overall.insert("pr".into(), pr.into());
        }
        let xg = if sums.xg.decisions() > 0 {
            xg_json(&sums.xg)
        } else {
            Value::Null
        };
        object.insert("xg".into(), xg);
        Value::Object(object)
    }

    /// The `xg` object: XG's own counts and equity lost (3 decimals).
    fn xg_json(x: &XgTally) -> Value {
        serde_json::json!({
            "decisions": x.decisions(),
            "checker_decisions": x.checker_decisions,
            "double_decisions": x.double_decisions,
            "take_decisions": x.take_decisions,
            "error_emg": round_decimals(x.error(), 3),
            "checker_error_emg": round_decimals(x.checker_error, 3),
            "double_error_emg": round_decimals(x.double_error, 3),
            "take_error_emg": round_decimals(x.take_error, 3),
            "errors": x.errors,
            "blunders": x.blunders,
        })
    }

    /// The object written directly has the bytes of the one built, and
    /// reads back as it.
    fn same_bytes(sums: &SkillSums) {
        let mut direct = Vec::new();
        sums.write_json(&mut direct);
        let built = built(sums);
        assert_eq!(sums.json(), built);
        let built = serde_json::to_vec(&built).unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&direct),
            String::from_utf8_lossy(&built)
        );
    }

    #[test]
    fn the_object_written_directly_is_the_one_built() {
        let mut sums = SkillSums::default();
        same_bytes(&sums);
        add_engine(
            &mut sums.engines,
            &Engine {
                name: "eXtreme \"Gammon\"".into(),
                depth: Some("3-ply".into()),
            },
        );
        sums.analysed_matches = 2;
        sums.xg = XgTally {
            checker_decisions: 86,
            checker_error: 0.528_4,
            double_decisions: 8,
            double_error: 1e-7,
            take_decisions: 3,
            take_error: 0.071,
            errors: 8,
            blunders: 2,
        };
        same_bytes(&sums);
    }

    #[test]
    fn an_f32_is_written_as_the_built_object_has_it() {
        let edges = [
            0.0,
            -0.0,
            1e-3,
            -1e-3,
            9.999_999e6,
            1e7,
            0.1,
            50.0,
            f32::NAN,
        ];
        let sampled = (0..u32::MAX).step_by(16_411).map(f32::from_bits);
        for x in edges.into_iter().chain(sampled) {
            let mut direct = Vec::new();
            let mut object = Object::open(&mut direct);
            object.f32("x", x);
            object.close();
            let mut built = Map::new();
            built.insert("x".into(), Value::from(crate::skill::json_number(x)));
            let built = serde_json::to_vec(&Value::Object(built)).unwrap_or_default();
            assert_eq!(
                String::from_utf8_lossy(&direct),
                String::from_utf8_lossy(&built),
                "{x:e}"
            );
        }
    }
}
