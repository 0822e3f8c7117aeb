//! `bgaudit players`: every input replayed, the findings and dice tallied
//! per player, one report at the end.

use std::process::ExitCode;

use anyhow::Result;
use bgaudit::report::Totals;
use bgaudit::report::players::{self, Aliases, PlayersReport};

use super::input::Outcome;
use super::{Batch, Config, exit_status, input, output, pool};

/// Runs `players`.
pub(crate) fn run(config: &Config, format: players::Format, aliases: &Aliases) -> Result<ExitCode> {
    let batch = Batch::new(config)?;
    let Batch {
        inputs,
        repeated,
        pool,
        progress,
    } = &batch;
    let mut totals = Totals {
        repeated: *repeated,
        ..Totals::default()
    };
    let mut players = PlayersReport::new(aliases.clone());
    pool::for_each_in_order(
        pool,
        inputs.len(),
        Batch::batch_size(config),
        |index| input::check(&inputs[index], &config.options),
        |index, result| {
            let outcome = result.unwrap_or_else(|panic| {
                Outcome::Checked(input::internal_error(&inputs[index], &panic))
            });
            progress.tick();
            outcome.count(&inputs[index], &mut totals);
            if let Outcome::Checked(report) = outcome {
                players.add_file(&report);
            }
            Ok(())
        },
        || progress.poll(),
    )?;
    progress.finish();
    players.write(format, output::stdout(), config.width)?;
    if !config.quiet {
        output::eprint(format_args!("{totals}"));
        let lost = players.unattributed().counted();
        if lost > 0 {
            output::warn!("findings about no player: {lost} (not in any row)");
        }
        for alias in players.unused_aliases() {
            output::warn!("alias {alias}: no player of the inputs is named so");
        }
    }
    super::nothing_read(config, &totals)?;
    Ok(exit_status(&totals, None))
}
