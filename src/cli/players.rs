//! `bgaudit players`: every input replayed, the findings and dice tallied
//! per player, one report at the end.

use std::process::ExitCode;

use anyhow::Result;
use bgaudit::escape::Terminal;
use bgaudit::report::Totals;
use bgaudit::report::players::{self, Aliases, PlayersReport};

use super::input::{Outcome, Reading};
use super::{Batch, Config, exit_status, jobs, output};

/// Runs `players`.
pub(crate) fn run(
    config: &Config,
    format: players::PlayersOutput,
    aliases: &Aliases,
    csv_safe: bool,
    sort: Option<&str>,
    output_path: Option<&std::path::Path>,
) -> Result<ExitCode> {
    let batch = Batch::new(config)?;
    // Created now, so that a folder that cannot take it fails at once; it
    // appears when the report is complete.
    let mut file = match output_path {
        Some(path) => Some(output::OutputFile::create(path, "the output")?),
        None => None,
    };
    let Batch {
        repeated, progress, ..
    } = &batch;
    let mut totals = Totals {
        repeated: *repeated,
        ..Totals::default()
    };
    let mut players = PlayersReport::new(aliases.clone());
    let names = config.shown.player_names();
    players.only(&names.iter().map(String::as_str).collect::<Vec<_>>());
    if let Some(column) = sort {
        players.sort_by(column);
    }
    let mut reading = Reading::default();
    jobs::run(config, &batch, None, |input, done| {
        reading.part(input, &done.outcome, &mut totals);
        if done.ends {
            std::mem::take(&mut reading).end(&mut totals);
        }
        if let Outcome::Checked(reports) = done.outcome {
            for report in &reports {
                players.add_file(report);
            }
        }
        Ok(())
    })?;
    progress.finish();
    match file.as_mut() {
        Some(out) => players.write_with(format, out.writer(), config.width, csv_safe)?,
        None => players.write_with(format, output::stdout(), config.width, csv_safe)?,
    }
    if let Some(file) = file {
        file.commit()?;
    }
    if !config.quiet {
        output::eprint(format_args!("{}", totals.text(config.width)));
        let lost = players.unattributed().counted();
        if lost > 0 {
            output::warn!("findings about no player: {lost} (not in any row)");
        }
        for alias in players.unused_aliases() {
            output::warn!(
                "alias {}: no player of the inputs is named so",
                Terminal(&alias)
            );
        }
    }
    batch.analysis_summary(config);
    super::nothing_read(config, &totals)?;
    Ok(exit_status(&totals, None))
}
