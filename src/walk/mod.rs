//! Input discovery: which files a run reads, and in which order.
//!
//! The command line names files, directories and `-` (standard input).
//! [`discover`] turns them into a flat, deterministic list of [`Input`]s,
//! the way ripgrep walks a tree:
//!
//! - a directory is walked recursively; the entries of each directory are
//!   taken in byte order of their names, depth first, so the same tree always
//!   gives the same list;
//! - hidden entries (a name starting with `.`) are skipped while walking,
//!   unless [`Filter::hidden`] is set; a hidden path named on the command
//!   line is always read. No ignore file (`.gitignore`, ...) is read;
//! - the [`Filter`]'s globs (`--glob`) and file types (`--type`,
//!   `--type-not`) choose among the files found, with ripgrep's semantics:
//!   globs as in `.gitignore`, matched against the path as walked, `!` to
//!   exclude, the last matching glob deciding, globs before types; an
//!   excluding glob also prunes a directory. A path named on the command
//!   line is always read, whatever the filter;
//! - every other regular file found is an input, whatever its extension:
//!   whether it is a transcript is decided by its content, later; one that
//!   is not and shows no sign of being a match record is skipped
//!   ([`record::not_a_record`]), where a file named on the command line
//!   would be unreadable;
//! - symbolic links to files are followed; symbolic links to directories are
//!   not (no cycles), and neither are other special files met while walking;
//! - a path that does not exist is an [`Input::Missing`] in its place, a
//!   directory that cannot be listed an [`Input::Error`], so that nothing
//!   given disappears; a special file named on the command line (a named
//!   pipe, a device, a socket) is an [`Input::Error`] at once, never read
//!   (reading could block for ever or never end);
//! - a name that is not UTF-8 keeps every byte: [`Input::name`] writes the
//!   bytes that are not UTF-8 as `\xNN`, so that two such names never read
//!   the same, and [`Input::name_bytes`] gives the bytes themselves.
//! - [`dedup`] drops a file reached again by a later path, so that each file
//!   is read once (the caller counts what it dropped).

pub mod filter;
pub mod record;

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

pub use filter::{Filter, FilterError, TYPES};

/// The settings file of an event or an archive (`bgaudit.toml`), which a
/// walk passes over: it is no record, and no file to count as skipped.
pub const SETTINGS_FILE: &str = "bgaudit.toml";

/// One thing to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file named on the command line (or anything that is not a
    /// directory): read whatever it is.
    File(Box<Path>),
    /// A file found by walking a directory: skipped when it is no match
    /// record ([`record::not_a_record`]).
    Found(Box<Path>),
    /// A path named on the command line that does not exist.
    Missing(Box<Path>),
    /// A path that could not be used, with the reason.
    Error(Box<Unusable>),
}

/// A path that could not be used, and why (held apart so that an [`Input`]
/// stays three words: a run over a million files lists a million inputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unusable {
    /// The path as given or found.
    pub path: PathBuf,
    /// Why it could not be used.
    pub reason: String,
}

impl Input {
    /// A path that could not be used, with the reason.
    #[must_use]
    pub fn error(path: PathBuf, reason: String) -> Input {
        Input::Error(Box::new(Unusable { path, reason }))
    }

    /// The reason a path could not be used ([`Input::Error`]).
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Input::Error(unusable) => Some(&unusable.reason),
            _ => None,
        }
    }

    /// The name used in reports: `-` for standard input, else the path; a
    /// path that is not UTF-8 with its other bytes as `\xNN` (so that two
    /// such names stay apart), its controls escaped (see [`path_name`]).
    #[must_use]
    pub fn name(&self) -> String {
        match self.path() {
            None => "-".to_owned(),
            Some(path) => path_name(path),
        }
    }

    /// The path's bytes when they are not UTF-8 (then [`Input::name`] is not
    /// the path itself); `None` for a UTF-8 path and standard input.
    #[must_use]
    pub fn name_bytes(&self) -> Option<Vec<u8>> {
        let path = self.path()?;
        path.to_str()
            .is_none()
            .then(|| path.as_os_str().as_encoded_bytes().to_vec())
    }

    /// [`Input::name`] and [`Input::name_bytes`] together, the path's
    /// encoding checked once.
    #[must_use]
    pub fn name_and_bytes(&self) -> (String, Option<Vec<u8>>) {
        match self.path() {
            None => ("-".to_owned(), None),
            Some(path) => match path.to_str() {
                Some(text) => (text.to_owned(), None),
                None => (
                    crate::escape::os_str(path.as_os_str()).into_owned(),
                    Some(path.as_os_str().as_encoded_bytes().to_vec()),
                ),
            },
        }
    }

    /// The path, `None` for standard input.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::File(path) | Input::Found(path) | Input::Missing(path) => Some(path),
            Input::Error(unusable) => Some(&unusable.path),
        }
    }

    /// Found by walking a directory (not named on the command line).
    #[must_use]
    pub fn is_found(&self) -> bool {
        matches!(self, Input::Found(_))
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
            Input::File(path) | Input::Found(path) => fs::read(path),
            Input::Missing(_) => Err(io::Error::from(io::ErrorKind::NotFound)),
            Input::Error(unusable) => Err(io::Error::other(unusable.reason.clone())),
        }
    }
}

/// Reads an open file to its end, as [`fs::read`] reads a path: `len` is
/// the size its metadata gave when it was opened, the memory reserved for
/// it; the file is then read on to its end whatever that size said (a file
/// that grew since, or one whose metadata says 0, such as those of
/// `/proc`), and a file that shrank since gives what it holds.
///
/// # Errors
/// The I/O error of reading, or a buffer of `len` bytes that cannot be had.
pub fn read_open(file: &mut fs::File, len: u64) -> io::Result<Vec<u8>> {
    /// Only `read`: reading on to the end takes no size from the file's
    /// metadata (which `File` asks the system for).
    struct Plain<'a>(&'a mut fs::File);
    impl Read for Plain<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(usize::try_from(len).unwrap_or(usize::MAX))?;
    // Read through `take`, the memory reserved is filled as it is (not
    // cleared first).
    let read = file.take(len).read_to_end(&mut bytes)?;
    if read as u64 == len {
        // The end, or more than the size said.
        Plain(file).read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// A path as text: itself when it is UTF-8, else its UTF-8 runs with their
/// controls escaped and each other byte as `\xNN` ([`crate::escape::os_str`]),
/// so that two names that differ only in such bytes never read the same (a
/// lossy conversion would give both U+FFFD).
#[must_use]
pub fn path_name(path: &Path) -> String {
    path.to_str().map_or_else(
        || crate::escape::os_str(path.as_os_str()).into_owned(),
        str::to_owned,
    )
}

/// What a file that is no regular file is, when it is one: a named pipe, a
/// device or a socket (read, they could block for ever or never end).
#[must_use]
pub fn special_file(meta: &fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() || kind.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// Why a special file named on the command line is not read.
fn special_reason(what: &str) -> String {
    format!(
        "{what}, not a regular file: not read (`-` reads standard input; save a stream to a file to check it)"
    )
}

/// The inputs named by `args`, in order, every file found taken (see the
/// module docs).
pub fn discover<I, S>(args: I) -> Vec<Input>
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    discover_with(args, &Filter::default())
}

/// The inputs named by `args`, in order, the files found chosen by
/// `filter` (see the module docs).
pub fn discover_with<I, S>(args: I, filter: &Filter) -> Vec<Input>
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
            Ok(meta) if meta.is_dir() => walk_dir(&path, filter, &mut inputs),
            Ok(meta) => match special_file(&meta) {
                None => inputs.push(Input::File(path.into_boxed_path())),
                Some(what) => inputs.push(Input::error(path, special_reason(what))),
            },
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                inputs.push(Input::Missing(path.into_boxed_path()));
            }
            Err(err) => inputs.push(Input::error(path, describe_error(&err))),
        }
    }
    inputs
}

/// Drops the inputs that repeat an earlier one (the same file reached by two
/// of the paths given, such as a folder and a file inside it, or `-` twice),
/// keeping the first; returns how many were dropped. Files are compared by
/// their canonical path; one that cannot be resolved is kept. A file both
/// found in a folder and named on the command line counts as named.
pub fn dedup(inputs: &mut Vec<Input>) -> usize {
    let before = inputs.len();
    // Canonical path → index in `kept`.
    let mut first = std::collections::HashMap::new();
    let mut stdin_seen = false;
    let mut kept: Vec<Input> = Vec::with_capacity(before);
    for input in inputs.drain(..) {
        match &input {
            Input::Stdin if std::mem::replace(&mut stdin_seen, true) => continue,
            Input::File(path) | Input::Found(path) => {
                if let Ok(real) = fs::canonicalize(path) {
                    if let Some(&at) = first.get(&real) {
                        if let (Input::File(_), Input::Found(found)) = (&input, &kept[at]) {
                            kept[at] = Input::File(found.clone());
                        }
                        continue;
                    }
                    first.insert(real, kept.len());
                }
            }
            _ => {}
        }
        kept.push(input);
    }
    *inputs = kept;
    before - inputs.len()
}

/// Appends the files under `dir` that `filter` takes, sorted, depth first.
fn walk_dir(dir: &Path, filter: &Filter, inputs: &mut Vec<Input>) {
    let mut entries: Vec<(OsString, Option<fs::FileType>)> = match fs::read_dir(dir) {
        Ok(read) => read
            .filter_map(|entry| {
                let entry = entry.ok()?;
                Some((entry.file_name(), entry.file_type().ok()))
            })
            .collect(),
        Err(err) => {
            inputs.push(Input::error(dir.to_path_buf(), describe_error(&err)));
            return;
        }
    };
    // The paths share their beginning (`dir` and a separator): in the byte
    // order of their names, the paths are in theirs. The names in one
    // directory differ, so an unstable sort gives the one order.
    entries.sort_unstable_by(|a, b| a.0.as_encoded_bytes().cmp(b.0.as_encoded_bytes()));
    for (name, file_type) in entries {
        // `dir.join(&name)`, in memory of its final size at once.
        let mut path = PathBuf::with_capacity(dir.as_os_str().len() + 1 + name.len());
        path.push(dir);
        path.push(&name);
        let name = name.as_os_str();
        let Some(file_type) = file_type else {
            inputs.push(Input::error(
                path,
                "cannot tell what kind of entry this is".to_owned(),
            ));
            continue;
        };
        if !filter.takes(&path, name, file_type.is_dir()) {
            continue;
        }
        // The settings of an event or archive, not one of its records.
        if name == SETTINGS_FILE && !file_type.is_dir() {
            continue;
        }
        if file_type.is_dir() {
            walk_dir(&path, filter, inputs);
        } else if file_type.is_file() {
            inputs.push(Input::Found(path.into_boxed_path()));
        } else if file_type.is_symlink() {
            match fs::metadata(&path) {
                Ok(meta) if meta.is_file() => inputs.push(Input::Found(path.into_boxed_path())),
                // Links to directories are not followed (no cycles); links to
                // special files are skipped like the special files themselves.
                Ok(_) => {}
                Err(err) => inputs.push(Input::error(
                    path,
                    format!("broken symbolic link: {}", describe_error(&err)),
                )),
            }
        }
    }
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

    #[test]
    fn an_input_is_three_words() {
        // Every file of a run is listed before the first is read: 24 bytes
        // a file, plus its path.
        assert_eq!(size_of::<Input>(), 3 * size_of::<usize>());
    }

    #[test]
    fn name_and_bytes_is_name_and_name_bytes() {
        let mut inputs = vec![
            Input::Stdin,
            Input::Found(Path::new("a/b.mat").into()),
            Input::File(Path::new("tab\there é.mat").into()),
            Input::Missing(Path::new("").into()),
        ];
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let name = OsStr::from_bytes(b"bad\xff\x1b.mat");
            inputs.push(Input::Found(Path::new(name).into()));
        }
        for input in inputs {
            assert_eq!(input.name_and_bytes(), (input.name(), input.name_bytes()));
        }
    }

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
                Input::Found(path) => path
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
                // Named on the command line too: read as named.
                Input::File(root.join("a.mat").into()),
                Input::Found(root.join("b.mat").into()),
                Input::Stdin
            ]
        );
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_hidden_file_named_on_the_command_line_is_read() {
        let root = temp_tree("explicit");
        let hidden = root.join(".hidden-file");
        assert_eq!(discover([&hidden]), [Input::File(hidden.clone().into())]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_open_file_reads_as_its_path_reads() {
        let root = std::env::temp_dir().join(format!("bgaudit-walk-{}-open", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        let path = root.join("f");
        for size in [0usize, 1, 31, 32, 33, 4095, 8192, 8193, 70_001, 1 << 20] {
            let bytes: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
            fs::write(&path, &bytes).unwrap();
            let mut file = fs::File::open(&path).unwrap();
            let len = file.metadata().unwrap().len();
            assert_eq!(read_open(&mut file, len).unwrap(), fs::read(&path).unwrap());
            // A size that is no longer true: the file as it is.
            for wrong in [0, len / 2, len + 1, len + 100] {
                let mut file = fs::File::open(&path).unwrap();
                assert_eq!(
                    read_open(&mut file, wrong).unwrap(),
                    bytes,
                    "{size} {wrong}"
                );
            }
        }
        // A file that grows after it is opened is read to its new end.
        fs::write(&path, b"abc").unwrap();
        let mut file = fs::File::open(&path).unwrap();
        let len = file.metadata().unwrap().len();
        fs::write(&path, vec![b'x'; 100_000]).unwrap();
        assert_eq!(read_open(&mut file, len).unwrap(), vec![b'x'; 100_000]);
        #[cfg(target_os = "linux")]
        {
            let proc = Path::new("/proc/self/mounts");
            let mut file = fs::File::open(proc).unwrap();
            let len = file.metadata().unwrap().len();
            assert_eq!(len, 0);
            assert!(!read_open(&mut file, len).unwrap().is_empty());
        }
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_missing_path_and_stdin_keep_their_place() {
        let inputs = discover(["-", "/no/such/bgaudit/path"]);
        assert_eq!(inputs.len(), 2);
        assert_eq!(inputs[0], Input::Stdin);
        assert_eq!(inputs[0].name(), "-");
        assert_eq!(
            inputs[1],
            Input::Missing(Path::new("/no/such/bgaudit/path").into())
        );
        let err = inputs[1].read().unwrap_err();
        assert_eq!(describe_error(&err), "no such file or directory");
    }
}

#[cfg(test)]
mod filter_tests {
    use super::*;

    #[test]
    fn the_filter_chooses_among_the_files_found_not_the_files_named() {
        let root = std::env::temp_dir().join(format!("bgaudit-walk-{}-filter", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("old")).unwrap();
        fs::create_dir_all(root.join(".hidden")).unwrap();
        for file in [
            "a.mat",
            "b.sgf",
            "c.png",
            "old/d.mat",
            ".hidden/e.mat",
            ".f.mat",
        ] {
            fs::write(root.join(file), b"x").unwrap();
        }
        let found = |filter: &Filter| -> Vec<String> {
            discover_with([&root], filter)
                .iter()
                .map(|input| match input {
                    Input::Found(path) => path
                        .strip_prefix(&root)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                    other => panic!("unexpected {other:?}"),
                })
                .collect()
        };
        let strings = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            found(&Filter::default()),
            ["a.mat", "b.sgf", "c.png", "old/d.mat"]
        );
        let hidden = Filter::new(&[], &[], &[], true).unwrap();
        assert_eq!(
            found(&hidden),
            [
                ".f.mat",
                ".hidden/e.mat",
                "a.mat",
                "b.sgf",
                "c.png",
                "old/d.mat"
            ]
        );
        // A glob that matches a hidden file takes it (not a hidden folder's
        // files: the folder itself matches no glob).
        let globs = Filter::new(&strings(&["*.mat", "!old/"]), &[], &[], false).unwrap();
        assert_eq!(found(&globs), [".f.mat", "a.mat"]);
        let sgf = Filter::new(&[], &strings(&["sgf"]), &[], false).unwrap();
        assert_eq!(found(&sgf), ["b.sgf"]);
        // A file named on the command line is read whatever the filter.
        let png = root.join("c.png");
        assert_eq!(
            discover_with([&png], &sgf),
            [Input::File(png.clone().into())]
        );
        fs::remove_dir_all(&root).unwrap();
    }
}
