//! What documents the tool itself: `explain --list` (the catalogue, one
//! line per code and kind), `completions SHELL` (a completion script) and
//! the hidden `man` (the man pages, shipped in `docs/man/`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::CommandFactory;

use super::args::Args;

/// `bgaudit explain --list`.
pub(crate) fn explain_list() -> Result<ExitCode> {
    let mut out = super::output::stdout();
    out.write_all(bgaudit::catalogue::listing().as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `bgaudit completions SHELL`.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<ExitCode> {
    let mut command = Args::command();
    // Written to memory first: the generator panics when its output fails.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "bgaudit", &mut script);
    let mut out = super::output::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The man pages: `bgaudit.1`, then `bgaudit-SUBCOMMAND.1` for each
/// subcommand shown in the help, as (file name, text).
///
/// # Errors
/// Never in practice (the pages are written to memory).
pub(crate) fn man_pages() -> Result<Vec<(String, Vec<u8>)>> {
    let command = Args::command();
    let mut pages = Vec::new();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    pages.push(("bgaudit.1".to_owned(), page));
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("bgaudit-{}", sub.get_name());
        let sub = sub
            .clone()
            .name(name.clone())
            .bin_name(format!("bgaudit {}", sub.get_name()))
            .version(env!("CARGO_PKG_VERSION"));
        let mut page = Vec::new();
        clap_mangen::Man::new(sub).render(&mut page)?;
        pages.push((format!("{name}.1"), page));
    }
    Ok(pages)
}

/// `bgaudit man --out DIR`: writes the man pages to `dir`.
pub(crate) fn man(dir: &Path) -> Result<ExitCode> {
    std::fs::create_dir_all(dir).with_context(|| format!("failed to create {}", dir.display()))?;
    for (name, text) in man_pages()? {
        let path = dir.join(&name);
        std::fs::write(&path, text)
            .with_context(|| format!("failed to write {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
