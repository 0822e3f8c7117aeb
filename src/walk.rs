//! Input discovery: which files a run reads, and in which order.
//!
//! The command line names files, directories and `-` (standard input).
//! [`discover`] turns them into a flat, deterministic list of [`Input`]s:
//!
//! - a directory is walked recursively; the entries of each directory are
//!   taken in byte order of their names, depth first, so the same tree always
//!   gives the same list;
//! - entries whose name starts with `.` are skipped while walking (a hidden
//!   path named on the command line is still read);
//! - every regular file found is an input, whatever its extension: whether it
//!   is a transcript is decided by its content, later;
//! - symbolic links to files are followed; symbolic links to directories are
//!   not (no cycles), and neither are other special files met while walking;
//! - a path that does not exist, or a directory that cannot be listed, is an
//!   [`Input::Error`] in its place, so that nothing given disappears;
//! - [`dedup`] drops a file reached again by a later path, so that each file
//!   is read once (the caller counts what it dropped).

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// One thing to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file (or anything that is not a directory, named on the command line).
    File(PathBuf),
    /// A path that could not be used, with the reason.
    Error {
        /// The path as given or found.
        path: PathBuf,
        /// Why it could not be used.
        reason: String,
    },
}

impl Input {
    /// The name used in reports: `-` for standard input, else the path.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(path) | Input::Error { path, .. } => path.to_string_lossy().into_owned(),
        }
    }

    /// Reads the whole input.
    ///
    /// # Errors
    /// The I/O error of reading; for an [`Input::Error`], an error with its
    /// reason.
    pub fn read(&self) -> io::Result<Vec<u8>> {
        match self {
            Input::Stdin => {
                let mut bytes = Vec::new();
                io::stdin().lock().read_to_end(&mut bytes)?;
                Ok(bytes)
            }
            Input::File(path) => fs::read(path),
            Input::Error { reason, .. } => Err(io::Error::other(reason.clone())),
        }
    }
}

/// The inputs named by `args`, in order (see the module docs).
pub fn discover<I, S>(args: I) -> Vec<Input>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut inputs = Vec::new();
    for arg in args {
        let arg = arg.as_ref();
        if arg == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let path = PathBuf::from(arg);
        match fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk_dir(&path, &mut inputs),
            Ok(_) => inputs.push(Input::File(path)),
            Err(err) => inputs.push(Input::Error {
                path,
                reason: describe_error(&err),
            }),
        }
    }
    inputs
}

/// Drops the inputs that repeat an earlier one (the same file reached by two
/// of the paths given, such as a folder and a file inside it, or `-` twice),
/// keeping the first; returns how many were dropped. Files are compared by
/// their canonical path; one that cannot be resolved is kept.
pub fn dedup(inputs: &mut Vec<Input>) -> usize {
    let mut seen = std::collections::HashSet::new();
    let mut stdin_seen = false;
    let before = inputs.len();
    inputs.retain(|input| match input {
        Input::Stdin => !std::mem::replace(&mut stdin_seen, true),
        Input::File(path) => fs::canonicalize(path).map_or(true, |real| seen.insert(real)),
        Input::Error { .. } => true,
    });
    before - inputs.len()
}

/// Appends the files under `dir`, sorted, depth first.
fn walk_dir(dir: &Path, inputs: &mut Vec<Input>) {
    let mut entries: Vec<(OsString, PathBuf, Option<fs::FileType>)> = match fs::read_dir(dir) {
        Ok(read) => read
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let name = entry.file_name();
                Some((name, entry.path(), entry.file_type().ok()))
            })
            .collect(),
        Err(err) => {
            inputs.push(Input::Error {
                path: dir.to_path_buf(),
                reason: describe_error(&err),
            });
            return;
        }
    };
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, path, file_type) in entries {
        if is_hidden(&name) {
            continue;
        }
        let Some(file_type) = file_type else {
            inputs.push(Input::Error {
                path,
                reason: "cannot tell what kind of entry this is".to_owned(),
            });
            continue;
        };
        if file_type.is_dir() {
            walk_dir(&path, inputs);
        } else if file_type.is_file() {
            inputs.push(Input::File(path));
        } else if file_type.is_symlink() {
            match fs::metadata(&path) {
                Ok(meta) if meta.is_file() => inputs.push(Input::File(path)),
                // Links to directories are not followed (no cycles); links to
                // special files are skipped like the special files themselves.
                Ok(_) => {}
                Err(err) => inputs.push(Input::Error {
                    path,
                    reason: format!("broken symbolic link: {}", describe_error(&err)),
                }),
            }
        }
    }
}

fn is_hidden(name: &OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// An I/O error as a short lowercase reason.
#[must_use]
pub fn describe_error(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        _ => err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_tree(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("bgaudit-walk-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("b-dir/inner")).unwrap();
        fs::create_dir_all(root.join(".hidden-dir")).unwrap();
        for file in [
            "c.mat",
            "a.txt",
            "b-dir/z",
            "b-dir/inner/y.sgf",
            ".hidden-file",
            ".hidden-dir/x.mat",
        ] {
            fs::write(root.join(file), b"text").unwrap();
        }
        root
    }

    #[test]
    fn directories_are_walked_sorted_depth_first_without_hidden_entries() {
        let root = temp_tree("sorted");
        let inputs = discover([&root]);
        let names: Vec<String> = inputs
            .iter()
            .map(|input| match input {
                Input::File(path) => path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(names, ["a.txt", "b-dir/inner/y.sgf", "b-dir/z", "c.mat"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_file_reached_by_two_paths_is_read_once() {
        let root = std::env::temp_dir().join(format!("bgaudit-walk-{}-dedup", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        let file = root.join("a.mat");
        fs::write(&file, "x").unwrap();
        fs::write(root.join("b.mat"), "x").unwrap();
        let dotted = root.join(".").join("a.mat");
        let mut inputs = discover([root.as_os_str(), file.as_os_str(), dotted.as_os_str()]);
        inputs.extend(discover(["-", "-"]));
        assert_eq!(dedup(&mut inputs), 3);
        assert_eq!(
            inputs,
            [
                Input::File(root.join("a.mat")),
                Input::File(root.join("b.mat")),
                Input::Stdin
            ]
        );
    }

    #[test]
    fn a_hidden_file_named_on_the_command_line_is_read() {
        let root = temp_tree("explicit");
        let hidden = root.join(".hidden-file");
        assert_eq!(discover([&hidden]), [Input::File(hidden.clone())]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_missing_path_and_stdin_keep_their_place() {
        let inputs = discover(["-", "/no/such/bgaudit/path"]);
        assert_eq!(inputs.len(), 2);
        assert_eq!(inputs[0], Input::Stdin);
        assert_eq!(inputs[0].name(), "-");
        match &inputs[1] {
            Input::Error { reason, .. } => assert_eq!(reason, "no such file or directory"),
            other => panic!("unexpected {other:?}"),
        }
        assert!(inputs[1].read().is_err());
    }
}
