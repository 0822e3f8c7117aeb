//! The documentation's links lead somewhere in the repository.

use std::path::Path;

/// The relative link targets of a Markdown text (`[text](target)`), without
/// their `#anchor`.
fn links(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let target = &rest[..rest.find(')')?];
            let target = target.split('#').next().unwrap_or_default();
            (!target.is_empty() && !target.contains("://")).then_some(target)
        })
        .collect()
}

#[test]
fn every_relative_link_of_the_docs_names_a_file_of_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    let mut broken = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).expect("a doc");
        let dir = doc.parent().expect("a folder");
        for target in links(&text) {
            if !dir.join(target).exists() {
                broken.push(format!("{}: {target}", doc.display()));
            }
        }
        // The catalogue of codes lives in output.md (from crates/core/src/catalogue.rs).
        assert!(
            !text.contains("`findings.md`"),
            "{} names a findings.md the repository does not have",
            doc.display()
        );
    }
    assert!(broken.is_empty(), "{broken:#?}");
    assert_eq!(links("[a](b.md#c) [d](https://x) [e](#f)"), ["b.md"]);
}
