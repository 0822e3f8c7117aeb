//! The rules in force for one match: from the file's tags, else the command
//! line's flags, else the defaults, each with where it came from.

use std::fmt;

use super::RuleFlags;
use crate::parse::MatchHeader;
use crate::position::Variant;
use crate::rules::{CubeRules, Scoring};

/// Where a rule setting came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuleSource {
    /// Stated in the file.
    File,
    /// Given on the command line.
    Flag,
    /// Not stated anywhere: the default was assumed.
    Default,
}

impl RuleSource {
    /// `file`, `flag` or `default`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleSource::File => "file",
            RuleSource::Flag => "flag",
            RuleSource::Default => "default",
        }
    }
}

/// A setting and its source.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setting<T> {
    /// The value in force.
    pub value: T,
    /// Where it came from.
    pub source: RuleSource,
}

impl<T> Setting<T> {
    /// True when the value was assumed (neither the file nor a flag said).
    pub fn assumed(&self) -> bool {
        self.source == RuleSource::Default
    }
}

fn pick<T>(file: Option<T>, flag: Option<T>, default: T) -> Setting<T> {
    match (file, flag) {
        (Some(value), _) => Setting {
            value,
            source: RuleSource::File,
        },
        (None, Some(value)) => Setting {
            value,
            source: RuleSource::Flag,
        },
        (None, None) => Setting {
            value: default,
            source: RuleSource::Default,
        },
    }
}

/// The beavers and raccoons one double may get when neither the file nor a
/// flag says: GNU Backgammon's default.
pub const DEFAULT_BEAVER_LIMIT: u8 = 3;

/// Every rule option that changes what the replay reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RulesInForce {
    /// Match length (0 = money session).
    pub length: u32,
    /// The game played.
    pub variant: Setting<Variant>,
    /// The Crawford rule (match play).
    pub crawford: Setting<bool>,
    /// The Jacoby rule (money play).
    pub jacoby: Setting<bool>,
    /// Beavers (and raccoons) allowed.
    pub beavers: Setting<bool>,
    /// How many beavers and raccoons one double may get (GNU Backgammon's
    /// `set beavers N`, 3 by default).
    pub beaver_limit: Setting<u8>,
    /// The cube is used at all.
    pub cube_enabled: Setting<bool>,
    /// Highest cube value (`None` = none).
    pub cube_limit: Setting<Option<u32>>,
    /// Automatic doubles at most per game (money play; 0 = none).
    pub automatic_doubles: Setting<u8>,
    /// What a backgammon counts (3; 2 under an old club rule).
    pub backgammon_value: Setting<u32>,
    /// Beavers and raccoons in match play (an old club rule).
    pub match_beavers: Setting<bool>,
}

fn on_off(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// Reads a variant name as files and flags write it.
#[must_use]
pub fn parse_variant(text: &str) -> Option<Variant> {
    let t: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match t.as_str() {
        "backgammon" | "standard" => Some(Variant::Backgammon),
        "nackgammon" => Some(Variant::Nackgammon),
        "hypergammon" | "hypergammon3" => Some(Variant::Hypergammon(3)),
        "hypergammon1" => Some(Variant::Hypergammon(1)),
        "hypergammon2" => Some(Variant::Hypergammon(2)),
        "plakoto" => Some(Variant::Plakoto),
        _ => None,
    }
}

impl RulesInForce {
    /// Resolves the rules for a match from its header and the flags.
    #[must_use]
    pub fn resolve(header: &MatchHeader<'_>, flags: &RuleFlags) -> RulesInForce {
        let length = header.length;
        let money = length == 0;
        let tag = |key: &str| header.tag(key);
        let file_limit = tag("CubeLimit").and_then(|v| v.trim().parse::<u32>().ok());
        let file_cube_enabled = file_limit.map(|l| l > 1);
        RulesInForce {
            length,
            variant: pick(
                tag("Variation").and_then(parse_variant),
                flags.variant,
                Variant::Backgammon,
            ),
            crawford: pick(
                if money {
                    None
                } else {
                    tag("Crawford").and_then(on_off)
                },
                if money { None } else { flags.crawford },
                !money,
            ),
            jacoby: pick(
                if money {
                    tag("Jacoby").and_then(on_off)
                } else {
                    None
                },
                if money { flags.jacoby } else { None },
                false,
            ),
            // In match play the beaver rule in force is the club rule's.
            beavers: if money {
                pick(tag("Beaver").and_then(on_off), flags.beavers, false)
            } else {
                pick(None, flags.match_beavers, false)
            },
            beaver_limit: pick(None, flags.beaver_limit, DEFAULT_BEAVER_LIMIT),
            // A limit of 1 turns the cube off; a higher one leaves it on, as
            // by default.
            cube_enabled: pick(
                file_cube_enabled.filter(|on| !on),
                flags.cube_limit.map(|l| l > 1).filter(|on| !on),
                true,
            ),
            cube_limit: pick(
                file_limit.filter(|&l| l > 1).map(Some),
                flags.cube_limit.filter(|&l| l > 1).map(Some),
                None,
            ),
            automatic_doubles: pick(None, if money { flags.automatic_doubles } else { None }, 0),
            backgammon_value: pick(None, flags.backgammon_value, 3),
            match_beavers: pick(None, if money { None } else { flags.match_beavers }, false),
        }
    }

    /// The cube rules for the engine.
    #[must_use]
    pub fn cube_rules(&self) -> CubeRules {
        let animals = if self.length == 0 {
            self.beavers.value
        } else {
            self.match_beavers.value
        };
        CubeRules {
            enabled: self.cube_enabled.value,
            limit: self.cube_limit.value,
            beavers: animals,
            raccoons: animals,
        }
    }

    /// The scoring options for the engine.
    #[must_use]
    pub fn scoring(&self) -> Scoring {
        Scoring {
            jacoby: self.length == 0 && self.jacoby.value,
            backgammon_value: self.backgammon_value.value,
        }
    }
}

impl fmt::Display for RulesInForce {
    /// `variant=backgammon(default) crawford=on(file) ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let yn = |b: bool| if b { "on" } else { "off" };
        write!(
            f,
            "{} variant={}({})",
            if self.length == 0 {
                "money".to_string()
            } else {
                format!("{}-point match", self.length)
            },
            self.variant.value.name(),
            self.variant.source.name()
        )?;
        if self.length > 0 {
            write!(
                f,
                " crawford={}({})",
                yn(self.crawford.value),
                self.crawford.source.name()
            )?;
        } else {
            write!(
                f,
                " jacoby={}({})",
                yn(self.jacoby.value),
                self.jacoby.source.name()
            )?;
            write!(
                f,
                " beavers={}({})",
                yn(self.beavers.value),
                self.beavers.source.name()
            )?;
            if self.beaver_limit.source != RuleSource::Default {
                write!(
                    f,
                    " beavers-per-double={}({})",
                    self.beaver_limit.value,
                    self.beaver_limit.source.name()
                )?;
            }
        }
        write!(
            f,
            " cube={}({})",
            yn(self.cube_enabled.value),
            self.cube_enabled.source.name()
        )?;
        if let Some(limit) = self.cube_limit.value {
            write!(f, " cube-limit={limit}({})", self.cube_limit.source.name())?;
        }
        if self.automatic_doubles.value > 0 {
            write!(
                f,
                " automatic-doubles={}({})",
                self.automatic_doubles.value,
                self.automatic_doubles.source.name()
            )?;
        }
        if self.backgammon_value.value != 3 {
            write!(
                f,
                " backgammon-value={}({})",
                self.backgammon_value.value,
                self.backgammon_value.source.name()
            )?;
        }
        if self.length > 0 && self.match_beavers.value {
            write!(f, " match-beavers=on({})", self.match_beavers.source.name())?;
        }
        Ok(())
    }
}
