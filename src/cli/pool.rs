//! The worker pool: files checked in parallel, results handed on in input
//! order.

use std::panic::{AssertUnwindSafe, catch_unwind};

use anyhow::Result;

/// Runs `work` on inputs `0..count` in the pool and hands each result to
/// `emit` in input order. Inputs go in ordered batches of `batch`: the
/// workers share a batch, then its results are emitted; so memory holds one
/// batch's reports (each file's bytes are dropped inside `work`). With one
/// thread everything runs here, in order. A panic in `work` is caught and
/// given to `emit` for that input only.
pub(crate) fn for_each_in_order<T, W, E>(
    pool: &rayon::ThreadPool,
    count: usize,
    batch: usize,
    work: W,
    mut emit: E,
    mut idle: impl FnMut(),
) -> Result<()>
where
    T: Send,
    W: Fn(usize) -> T + Sync,
    E: FnMut(usize, std::thread::Result<T>) -> Result<()>,
{
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    let stopped = AtomicBool::new(false);
    let run = |index: usize| {
        (!stopped.load(Ordering::Relaxed)).then(|| catch_unwind(AssertUnwindSafe(|| work(index))))
    };
    if pool.current_num_threads() <= 1 {
        for index in 0..count {
            if let Some(result) = run(index) {
                emit(index, result)?;
            }
            idle();
        }
        return Ok(());
    }
    let batch = batch.max(1);
    let compute = |range: std::ops::Range<usize>| -> Vec<Option<std::thread::Result<T>>> {
        pool.install(|| range.into_par_iter().map(run).collect())
    };
    // Batch k is emitted here while the workers check batch k + 1.
    let mut start = 0;
    let mut done = compute(0..batch.min(count));
    while start < count {
        let end = (start + batch).min(count);
        let next = end..(end + batch).min(count);
        let results = std::mem::take(&mut done);
        let emitted = std::thread::scope(|scope| -> Result<()> {
            let worker = (!next.is_empty()).then(|| scope.spawn(|| compute(next)));
            let mut outcome = Ok(());
            for (offset, result) in results.into_iter().enumerate() {
                let Some(result) = result else { break };
                outcome = emit(start + offset, result);
                if outcome.is_err() {
                    // The batch being checked stops starting files.
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
            }
            idle();
            if let Some(worker) = worker {
                // A panic in `work` is caught per input, so the batch comes
                // back whole; a failed thread is an error, never a gap.
                done = worker
                    .join()
                    .map_err(|_| anyhow::anyhow!("a worker thread failed"))?;
            }
            outcome
        });
        emitted?;
        start = end;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn results_come_out_in_input_order_whatever_the_threads() {
        for jobs in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .unwrap();
            let mut seen = Vec::new();
            for_each_in_order(
                &pool,
                50,
                2 * jobs,
                |i| {
                    // Early items finish last.
                    std::thread::sleep(Duration::from_micros(((50 - i) * 50) as u64));
                    i * 10
                },
                |index, result| {
                    let value = result.map_err(|_| anyhow::anyhow!("panic"))?;
                    assert_eq!(value, index * 10);
                    seen.push(index);
                    Ok(())
                },
                || {},
            )
            .unwrap();
            assert_eq!(seen, (0..50).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_panic_is_handed_on_and_an_output_error_stops_the_run() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut outcomes = Vec::new();
        let result = for_each_in_order(
            &pool,
            10,
            3,
            |i| {
                assert!(i != 2, "boom");
                i
            },
            |index, result| {
                outcomes.push(result.is_ok());
                anyhow::ensure!(index < 4, "closed");
                Ok(())
            },
            || {},
        );
        assert!(result.is_err());
        assert_eq!(outcomes, [true, true, false, true, true]);
    }
}
