//! The layers as the code has them: every `use` between the library's
//! top-level modules is read from the sources (the root package's `src/` and
//! each crate's `crates/NAME/src/`), and the arrows drawn in
//! `docs/architecture.md` must be exactly those (nothing missing, nothing
//! stale), with no circle between modules. Between files, the circles that
//! remain are listed, and no new one may appear. The crates' graph drawn
//! there must be the dependencies their `Cargo.toml`s declare, and every use
//! between modules must go down it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file: its module path (`["replay", "driver"]`), which crate it
/// belongs to (`bgaudit` for the root package, `core` for `crates/core`),
/// whether it is the binary's, and its code with comments, strings and test
/// modules removed.
struct Source {
    module: Vec<String>,
    krate: String,
    binary: bool,
    code: String,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace's library crates under `crates/`, by folder name.
fn crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("crates"))
        .expect("crates folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .map(|path| {
            path.file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

fn sources() -> Vec<Source> {
    let mut roots = vec![("bgaudit".to_owned(), repo().join("src"))];
    for name in crates() {
        let src = repo().join("crates").join(&name).join("src");
        roots.push((name, src));
    }
    let mut out = Vec::new();
    for (krate, root) in roots {
        let mut files = Vec::new();
        collect(&root, &mut files);
        files.sort();
        for path in files {
            let rel = path.strip_prefix(&root).expect("under src");
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            // A module's unit tests in a file of their own (`mod tests;`
            // under `#[cfg(test)]`) may reach anywhere, as in the file.
            if module.last().is_some_and(|m| m == "tests") {
                continue;
            }
            let binary =
                krate == "bgaudit" && module.first().is_some_and(|m| m == "main" || m == "cli");
            if binary && module == ["main"] {
                module.clear();
            }
            let text = std::fs::read_to_string(&path).expect("source");
            out.push(Source {
                module,
                krate: krate.clone(),
                binary,
                code: code_only(&text),
            });
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments, string and character literals, and
/// without its test module (from `#[cfg(test)]` before a `mod` to the end:
/// tests may reach anywhere).
fn code_only(text: &str) -> String {
    // A test module written in the file runs to its end; one in a file of
    // its own (`mod tests;`) is only declared here.
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) if !text[at..].lines().nth(1).is_some_and(|l| l.ends_with(';')) => &text[..at],
        _ => text,
    };
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !ident(b[i - 1])) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                i += 2 + hashes;
                while i < b.len() && !b[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
                out.push_str("\"\"");
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' => {
                // A character literal ('x', '\n', '\u{..}') or a lifetime.
                if b.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                    i += 1;
                } else if let Some(len) = text[i + 1..]
                    .chars()
                    .next()
                    .map(char::len_utf8)
                    .filter(|&len| b.get(i + 1 + len) == Some(&b'\''))
                {
                    i += len + 2;
                } else {
                    out.push('\'');
                    i += 1;
                }
                out.push(' ');
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

fn ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every path a file names, each as its first segments: `use` trees
/// expanded (`use crate::{a, b::c}` gives `crate::a` and `crate::b::c`) and
/// every other `crate::`/`super::`/`bgaudit::`/`bgaudit_NAME::` path in the
/// code.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let tokens = tokens(code);
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let end = tokens[i..]
                .iter()
                .position(|t| t == ";")
                .map_or(tokens.len(), |e| i + e);
            expand(&tokens[i + 1..end], &[], &mut out);
            i = end;
        } else if (matches!(tokens[i].as_str(), "crate" | "super" | "bgaudit" | "self")
            || tokens[i].starts_with("bgaudit_"))
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::")
        {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|t| t == "::")
                && tokens.get(j + 1).is_some_and(|t| t.bytes().all(ident))
            {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            out.push(path);
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn tokens(code: &str) -> Vec<String> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if ident(b[i]) {
            let start = i;
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
            out.push(code[start..i].to_owned());
        } else if b[i..].starts_with(b"::") {
            out.push("::".to_owned());
            i += 2;
        } else if b[i].is_ascii_whitespace() {
            i += 1;
        } else {
            out.push((b[i] as char).to_string());
            i += 1;
        }
    }
    out
}

/// Expands one `use` tree (without `use` and `;`) into its paths.
fn expand(tree: &[String], prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tree.len() {
        let t = &tree[i];
        if t == "{" {
            // Split the group at its top-level commas.
            let mut depth = 0;
            let mut start = i + 1;
            for j in i + 1..tree.len() {
                match tree[j].as_str() {
                    "{" => depth += 1,
                    "}" if depth == 0 => {
                        expand(&tree[start..j], &path, out);
                        return;
                    }
                    "}" => depth -= 1,
                    "," if depth == 0 => {
                        expand(&tree[start..j], &path, out);
                        start = j + 1;
                    }
                    _ => {}
                }
            }
            return;
        } else if t == "as" || t == "," {
            break;
        } else if t != "::" && t != "pub" && t != "(" && t != ")" && t != "*" {
            path.push(t.clone());
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// The module graph: for each file, the files it names. The library's
/// modules are one namespace whichever crate holds them (each crate
/// re-exports the modules below it at its root, and no two crates have a
/// module of the same name); the crates' roots are named by no path.
struct Graph {
    /// Whether each file is the binary's, its module path and its crate.
    files: Vec<(bool, Vec<String>)>,
    krates: Vec<String>,
    edges: BTreeSet<(usize, usize)>,
}

fn graph() -> Graph {
    let sources = sources();
    let files: Vec<(bool, Vec<String>)> = sources
        .iter()
        .map(|s| (s.binary, s.module.clone()))
        .collect();
    let krates = sources.iter().map(|s| s.krate.clone()).collect();
    let find = |binary: bool, module: &[String]| -> Option<usize> {
        // The longest prefix of the path that is a file of that namespace.
        (1..=module.len()).rev().find_map(|n| {
            files
                .iter()
                .position(|(b, m)| *b == binary && m == &module[..n])
        })
    };
    let mut edges = BTreeSet::new();
    for (from, source) in sources.iter().enumerate() {
        for path in paths(&source.code) {
            let (binary, absolute): (bool, Vec<String>) = match path[0].as_str() {
                "crate" => (source.binary, path[1..].to_vec()),
                "bgaudit" if source.binary => (false, path[1..].to_vec()),
                first if first.starts_with("bgaudit_") => (false, path[1..].to_vec()),
                "super" | "self" => {
                    let mut base = source.module.clone();
                    let mut rest = &path[..];
                    while let Some(first) = rest.first() {
                        match first.as_str() {
                            "super" => {
                                base.pop();
                            }
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                    base.extend(rest.iter().cloned());
                    (source.binary, base)
                }
                _ => continue,
            };
            if let Some(to) = find(binary, &absolute)
                && to != from
            {
                edges.insert((from, to));
            }
        }
    }
    Graph {
        files,
        krates,
        edges,
    }
}

fn name(file: &(bool, Vec<String>)) -> String {
    match (file.0, file.1.is_empty()) {
        (true, true) => "main".to_owned(),
        (false, true) => "lib".to_owned(),
        _ => file.1.join("/"),
    }
}

/// The top-level module of a file, as the architecture document names it
/// (`main.rs` and `cli/` together are the binary).
fn layer(file: &(bool, Vec<String>)) -> String {
    if file.0 {
        "main".to_owned()
    } else {
        file.1.first().cloned().unwrap_or_else(|| "lib".to_owned())
    }
}

/// The arrows of a mermaid graph in `docs/architecture.md` (the first: the
/// crates; the second: the modules), as `a --> b` and `a --> b & c`
/// (`main["..."]` names a node), and the nodes named.
fn drawn_graph(nth: usize) -> (BTreeSet<(String, String)>, BTreeSet<String>) {
    let doc = std::fs::read_to_string(repo().join("docs/architecture.md")).expect("doc");
    let graph = doc
        .split("```mermaid")
        .nth(nth)
        .and_then(|rest| rest.split("```").next())
        .expect("the mermaid graphs of the modules and the crates in docs/architecture.md");
    let node = |text: &str| {
        text.trim()
            .split('[')
            .next()
            .unwrap_or("")
            .trim()
            .to_owned()
    };
    let mut arrows = BTreeSet::new();
    let mut nodes = BTreeSet::new();
    for line in graph
        .lines()
        .filter(|l| !l.trim_start().starts_with("graph "))
    {
        let Some((from, to)) = line.split_once("-->") else {
            if !node(line).is_empty() {
                nodes.insert(node(line));
            }
            continue;
        };
        let from = node(from);
        nodes.insert(from.clone());
        for to in to.split('&') {
            nodes.insert(node(to));
            arrows.insert((from.clone(), node(to)));
        }
    }
    (arrows, nodes)
}

/// The arrows between modules drawn in `docs/architecture.md`.
fn drawn() -> BTreeSet<(String, String)> {
    drawn_graph(2).0
}

/// The workspace's crates each manifest depends on (a `bgaudit-NAME` key in
/// its `[dependencies]`), by short name: `bgaudit` is the root package,
/// `core` is `bgaudit-core` in `crates/core`.
fn declared() -> BTreeSet<(String, String)> {
    let mut manifests = vec![("bgaudit".to_owned(), repo().join("Cargo.toml"))];
    for name in crates() {
        let manifest = repo().join("crates").join(&name).join("Cargo.toml");
        manifests.push((name, manifest));
    }
    let mut out = BTreeSet::new();
    for (name, manifest) in manifests {
        let text = std::fs::read_to_string(&manifest).expect("manifest");
        let mut section = "";
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if section == "[dependencies]"
                && let Some(rest) = line.strip_prefix("bgaudit-")
            {
                let end = rest
                    .find(|c: char| c == '.' || c == '=' || c.is_whitespace())
                    .unwrap_or(rest.len());
                out.insert((name.clone(), rest[..end].to_owned()));
            }
        }
    }
    out
}

#[test]
fn the_documented_crates_are_the_manifests() {
    let (drawn, nodes) = drawn_graph(1);
    let declared = declared();
    let missing: Vec<_> = declared.difference(&drawn).collect();
    let stale: Vec<_> = drawn.difference(&declared).collect();
    let mut all = crates();
    all.push("bgaudit".to_owned());
    let undrawn: Vec<_> = all.iter().filter(|c| !nodes.contains(*c)).collect();
    assert!(
        missing.is_empty() && stale.is_empty() && undrawn.is_empty(),
        "docs/architecture.md's graph of the crates differs from their manifests:\n  \
         declared but not drawn: {missing:?}\n  drawn but not declared: {stale:?}\n  \
         crates not drawn: {undrawn:?}"
    );
    assert!(
        circles(&adjacency(&declared)).is_empty(),
        "crates that depend on each other"
    );
}

#[test]
fn every_use_goes_down_the_crates() {
    let graph = graph();
    let declared = adjacency(&declared());
    let reach = |from: &String, to: &String| {
        let mut seen = BTreeSet::from([from.clone()]);
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for b in declared.get(&n).into_iter().flatten() {
                if seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen.contains(to)
    };
    assert!(
        graph
            .edges
            .iter()
            .any(|&(from, to)| graph.krates[from] != graph.krates[to]),
        "the uses between crates are read"
    );
    let mut against = BTreeSet::new();
    for &(from, to) in &graph.edges {
        let (a, b) = (&graph.krates[from], &graph.krates[to]);
        if !reach(a, b) {
            against.insert((name(&graph.files[from]), a.clone(), b.clone()));
        }
    }
    assert!(
        against.is_empty(),
        "uses of a crate that is not below (file, its crate, the crate used): {against:?}"
    );
}

fn adjacency(arrows: &BTreeSet<(String, String)>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in arrows {
        out.entry(a.clone()).or_default().insert(b.clone());
    }
    out
}

#[test]
fn the_documented_arrows_are_the_real_ones() {
    let graph = graph();
    let mut real = BTreeSet::new();
    for &(from, to) in &graph.edges {
        let (a, b) = (layer(&graph.files[from]), layer(&graph.files[to]));
        if a != b && a != "lib" && b != "lib" {
            real.insert((a, b));
        }
    }
    let drawn = drawn();
    // A use need not be drawn when the arrows already lead there (every
    // layer may use the vocabulary below it); a use against the arrows, or
    // to a module they do not reach, is missing.
    let reach = |from: &String, to: &String| {
        let mut seen = BTreeSet::from([from.clone()]);
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for (a, b) in &drawn {
                if *a == n && seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen.contains(to)
    };
    let missing: Vec<_> = real.iter().filter(|(a, b)| !reach(a, b)).collect();
    let stale: Vec<_> = drawn.difference(&real).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/architecture.md's graph differs from the code's uses:\n  \
         used but not drawn: {missing:?}\n  drawn but not used: {stale:?}"
    );
}

#[test]
fn no_circle_between_modules() {
    let graph = graph();
    let mut adjacency: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for &(from, to) in &graph.edges {
        let (a, b) = (layer(&graph.files[from]), layer(&graph.files[to]));
        if a != b && a != "lib" && b != "lib" {
            adjacency.entry(a).or_default().insert(b);
        }
    }
    let circles = circles(&adjacency);
    assert!(
        circles.is_empty(),
        "modules that use each other: {circles:?}"
    );
}

/// No two files reach each other through their `use`s: the files of a module
/// are layered one way (the replayer's rooms above its state, the text's
/// decoding above its stray bytes).
#[test]
fn no_circle_between_files() {
    let graph = graph();
    let mut adjacency: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for &(from, to) in &graph.edges {
        adjacency
            .entry(name(&graph.files[from]))
            .or_default()
            .insert(name(&graph.files[to]));
    }
    let circles = circles(&adjacency);
    assert!(circles.is_empty(), "files that use each other: {circles:?}");
}

/// The strongly connected sets of more than one node, by reachability (the
/// graphs here have a few hundred nodes).
fn circles(adjacency: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let nodes: BTreeSet<&String> = adjacency
        .iter()
        .flat_map(|(a, bs)| std::iter::once(a).chain(bs))
        .collect();
    let nodes: Vec<&String> = nodes.into_iter().collect();
    let index_of: BTreeMap<&String, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let next: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            adjacency
                .get(*n)
                .map(|bs| bs.iter().map(|b| index_of[b]).collect())
                .unwrap_or_default()
        })
        .collect();
    let reach: Vec<BTreeSet<usize>> = (0..nodes.len())
        .map(|start| {
            let mut seen = BTreeSet::new();
            let mut stack = vec![start];
            while let Some(n) = stack.pop() {
                for &m in &next[n] {
                    if seen.insert(m) {
                        stack.push(m);
                    }
                }
            }
            seen
        })
        .collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for a in 0..nodes.len() {
        let set: BTreeSet<String> = (0..nodes.len())
            .filter(|&b| b == a || (reach[a].contains(&b) && reach[b].contains(&a)))
            .map(|b| nodes[b].clone())
            .collect();
        if set.len() > 1 && !out.contains(&set) {
            out.push(set);
        }
    }
    out
}

#[test]
fn the_reader_of_uses_expands_trees() {
    let code = code_only(
        "use crate::{a, b::{c, d as e}};\n// crate::x\nlet s = \"crate::y\";\n\
         fn f<'a>(c: char) { let q = '\"'; super::z::w(); }\n",
    );
    let got = paths(&code);
    let want: Vec<Vec<String>> = [
        &["crate", "a"][..],
        &["crate", "b", "c"],
        &["crate", "b", "d"],
        &["super", "z", "w"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| (*s).to_owned()).collect())
    .collect();
    assert_eq!(got, want);
}
