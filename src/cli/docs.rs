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
    let mut command = Args::command();
    command.build();
    // `help` is clap's, with no page of its own.
    let root = Args::command().disable_help_subcommand(true);
    let mut pages = vec![("bgaudit.1".to_owned(), page(root)?)];
    // The global options (`--color`) belong on every page.
    let globals: Vec<clap::Arg> = command
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .cloned()
        .collect();
    for sub in command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        let name = format!("bgaudit-{}", sub.get_name());
        let mut sub = sub
            .clone()
            .name(name.clone())
            .bin_name(format!("bgaudit {}", sub.get_name()))
            // The version is the page's, not a flag: subcommands refuse -V.
            .version(env!("CARGO_PKG_VERSION"))
            .disable_version_flag(true);
        for arg in &globals {
            if sub.get_arguments().all(|a| a.get_id() != arg.get_id()) {
                sub = sub.arg(arg.clone());
            }
        }
        pages.push((format!("{name}.1"), page(sub)?));
    }
    Ok(pages)
}

/// The man page of `command`, its synopsis clap's own usage line (which
/// says what repeats: `<PATH>...`).
fn page(mut command: clap::Command) -> Result<Vec<u8>> {
    let usage = command.render_usage().to_string();
    let usage = usage.trim().strip_prefix("Usage: ").unwrap_or(usage.trim());
    let name = command
        .get_bin_name()
        .unwrap_or_else(|| command.get_name())
        .to_owned();
    let rest = usage.strip_prefix(name.as_str()).unwrap_or(usage);
    let roff = |text: &str| text.replace('\\', "\\\\").replace('-', "\\-");
    let synopsis = format!("\\fB{}\\fR{}", roff(&name), roff(rest));
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    let text = String::from_utf8(page)?;
    let Some(start) = text
        .find(".SH SYNOPSIS\n")
        .map(|at| at + ".SH SYNOPSIS\n".len())
    else {
        return Ok(text.into_bytes());
    };
    let end = text[start..].find('\n').map_or(text.len(), |at| start + at);
    Ok(format!("{}{synopsis}{}", &text[..start], &text[end..]).into_bytes())
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
