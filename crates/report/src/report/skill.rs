//! The `skill` object of a player: the statistics of the analysis a record
//! carries ([`crate::skill`]), as JSON, CSV columns and a table cell. One
//! shape for the `players` report (summed over the player's matches) and
//! the `match` record of `check --format jsonl` (one per player).
//!
//! `null` (an empty cell) when none of the player's matches was analysed:
//! "not analysed", never zeros.

use serde_json::{Map, Value};

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
    /// analysed, `overall.pr` and the `xg` counts.
    #[must_use]
    pub fn json(&self) -> Value {
        let mut object = Map::new();
        object.insert("engine".into(), Value::String(engines_label(&self.engines)));
        object.insert("analysed_matches".into(), self.analysed_matches.into());
        let statistics = serde_json::to_value(self.tally.statistics()).unwrap_or(Value::Null);
        if let Value::Object(fields) = statistics {
            object.extend(fields);
        }
        let pr = self.xg.pr().map(|pr| round_decimals(pr, 2));
        if let Some(Value::Object(overall)) = object.get_mut("overall") {
            overall.insert("pr".into(), pr.into());
        }
        let xg = if self.xg.decisions() > 0 {
            xg_json(&self.xg)
        } else {
            Value::Null
        };
        object.insert("xg".into(), xg);
        Value::Object(object)
    }
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
    // The `xg` object is null without XG's analysis: its columns named.
    columns.retain(|c| c != "skill.xg");
    leaves("skill.xg", &xg_json(&XgTally::default()), &mut |name, _| {
        columns.push(name.to_owned());
    });
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
