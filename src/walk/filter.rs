//! Which of the files found in a folder a walk takes: globs, file types and
//! hidden entries, with ripgrep's semantics (its own matchers, from the
//! `ignore` crate: `.gitignore` globs, type definitions by glob).
//!
//! For each entry met while walking (files and directories alike):
//!
//! 1. the globs (`--glob`), if one matches: the last one given decides,
//!    `!GLOB` excluding, anything else including; when some glob includes,
//!    a file that none matches is left out (a directory is still walked);
//! 2. else the file types: with `--type`, a file of none of them is left out;
//!    a file of a `--type-not` type is left out;
//! 3. else a hidden entry (a name starting with `.`) is left out unless
//!    `--hidden`.
//!
//! A glob matches the path as walked (`records/2024/a.mat` for the folder
//! `records` given on the command line): a glob without a `/` matches the
//! name at any depth, `dir/**` everything under `dir`.

use std::ffi::OsStr;
use std::path::Path;

use ignore::overrides::{Override, OverrideBuilder};
use ignore::types::{Types, TypesBuilder};

/// The file types `--type` and `--type-not` know, with their globs.
pub const TYPES: &[(&str, &[&str])] = &[
    ("mat", &["*.mat", "*.txt"]),
    ("sgf", &["*.sgf"]),
    ("xg", &["*.xg", "*.xgp"]),
];

/// A glob or type the filter cannot use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// A glob that does not parse.
    #[error("invalid glob `{glob}`: {reason}")]
    Glob {
        /// The glob as given.
        glob: String,
        /// Why.
        reason: String,
    },
    /// A type name not in [`TYPES`].
    #[error("unknown file type `{0}` (known: mat, sgf, xg)")]
    UnknownType(String),
}

/// The choice of files of a walk (see the module docs).
#[derive(Clone, Debug)]
pub struct Filter {
    overrides: Override,
    types: Types,
    /// Take hidden entries too.
    pub hidden: bool,
}

impl Default for Filter {
    /// Every file but the hidden ones.
    fn default() -> Filter {
        Filter {
            overrides: Override::empty(),
            types: Types::empty(),
            hidden: false,
        }
    }
}

impl Filter {
    /// A filter of `globs` (in order, `!` to exclude), file `types` taken
    /// and `types_not` left out, and hidden entries taken when `hidden`.
    ///
    /// # Errors
    /// A glob that does not parse, an unknown type.
    pub fn new(
        globs: &[String],
        types: &[String],
        types_not: &[String],
        hidden: bool,
    ) -> Result<Filter, FilterError> {
        let root = std::env::current_dir().unwrap_or_else(|_| ".".into());
        let mut overrides = OverrideBuilder::new(root);
        for glob in globs {
            overrides.add(glob).map_err(|e| FilterError::Glob {
                glob: glob.clone(),
                reason: e.to_string(),
            })?;
        }
        let overrides = overrides.build().map_err(|e| FilterError::Glob {
            glob: globs.join(" "),
            reason: e.to_string(),
        })?;
        let mut builder = TypesBuilder::new();
        for (name, globs) in TYPES {
            for glob in *globs {
                // The definitions are ours and parse.
                let _ = builder.add(name, glob);
            }
        }
        for (names, select) in [(types, true), (types_not, false)] {
            for name in names {
                if !TYPES.iter().any(|(known, _)| known == name) {
                    return Err(FilterError::UnknownType(name.clone()));
                }
                if select {
                    builder.select(name);
                } else {
                    builder.negate(name);
                }
            }
        }
        let types = builder
            .build()
            .map_err(|e| FilterError::UnknownType(e.to_string()))?;
        Ok(Filter {
            overrides,
            types,
            hidden,
        })
    }

    /// Whether the walk takes the entry at `path` (named `name`).
    #[must_use]
    pub fn takes(&self, path: &Path, name: &OsStr, is_dir: bool) -> bool {
        let glob = self.overrides.matched(path, is_dir);
        if glob.is_whitelist() {
            return true;
        }
        if glob.is_ignore() {
            return false;
        }
        let typed = self.types.matched(path, is_dir);
        if typed.is_whitelist() {
            return true;
        }
        if typed.is_ignore() {
            return false;
        }
        self.hidden || name.as_encoded_bytes().first() != Some(&b'.')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(globs: &[&str], types: &[&str], not: &[&str], hidden: bool) -> Filter {
        let owned = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        Filter::new(&owned(globs), &owned(types), &owned(not), hidden).unwrap()
    }

    fn takes(filter: &Filter, path: &str) -> bool {
        let path = Path::new(path);
        let name = path.file_name().unwrap();
        filter.takes(path, name, false)
    }

    #[test]
    fn by_default_everything_but_hidden_entries() {
        let all = Filter::default();
        assert!(takes(&all, "records/a.png"));
        assert!(!takes(&all, "records/.a.mat"));
        assert!(!all.takes(Path::new("records/.git"), OsStr::new(".git"), true));
        assert!(takes(&filter(&[], &[], &[], true), "records/.a.mat"));
    }

    #[test]
    fn globs_include_exclude_and_the_last_one_decides() {
        let only_mat = filter(&["*.mat"], &[], &[], false);
        assert!(takes(&only_mat, "records/deep/a.mat"));
        assert!(!takes(&only_mat, "records/a.sgf"));
        // A directory is still walked under an including glob.
        assert!(only_mat.takes(Path::new("records/deep"), OsStr::new("deep"), true));
        let not_png = filter(&["!*.png"], &[], &[], false);
        assert!(!takes(&not_png, "records/a.png"));
        assert!(takes(&not_png, "records/a.mat"));
        // Later globs win.
        let back = filter(&["!*.mat", "keep.mat"], &[], &[], false);
        assert!(takes(&back, "records/keep.mat"));
        assert!(!takes(&back, "records/drop.mat"));
        // An excluding glob prunes a directory.
        let no_old = filter(&["!old/"], &[], &[], false);
        assert!(!no_old.takes(Path::new("records/old"), OsStr::new("old"), true));
        // A glob can name a hidden entry.
        assert!(takes(
            &filter(&[".keep.mat"], &[], &[], false),
            "r/.keep.mat"
        ));
    }

    #[test]
    fn types_choose_by_extension_after_the_globs() {
        let sgf = filter(&[], &["sgf"], &[], false);
        assert!(takes(&sgf, "a/b.sgf"));
        assert!(!takes(&sgf, "a/b.mat"));
        let mat = filter(&[], &["mat"], &[], false);
        assert!(takes(&mat, "a/b.txt"));
        let not_xg = filter(&[], &[], &["xg"], false);
        assert!(!takes(&not_xg, "a/b.xgp"));
        assert!(takes(&not_xg, "a/b.mat"));
        // A glob goes before the types.
        let both = filter(&["*.xg"], &["sgf"], &[], false);
        assert!(takes(&both, "a/b.xg"));
        assert_eq!(
            Filter::new(&[], &["go".to_owned()], &[], false).unwrap_err(),
            FilterError::UnknownType("go".to_owned())
        );
        assert!(matches!(
            Filter::new(&["a[".to_owned()], &[], &[], false),
            Err(FilterError::Glob { .. })
        ));
    }
}
