//! The worker pool: jobs (files, or the matches of a large file) checked
//! in parallel, results handed on in the order of the jobs.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;

/// How many jobs a batch takes: at most `count` jobs, and jobs weighing at
/// most `weight` together (a batch stops at the job that reaches it).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) count: usize,
    pub(crate) weight: usize,
}

/// Runs `work` on inputs `0..count` in the pool and hands each result to
/// `emit` in input order, in batches of `batch` inputs (see
/// [`run_in_order`]).
#[cfg(test)]
pub(crate) fn for_each_in_order<T, W, E>(
    pool: &rayon::ThreadPool,
    count: usize,
    batch: usize,
    work: W,
    emit: E,
    idle: impl FnMut(),
) -> Result<()>
where
    T: Send,
    W: Fn(usize) -> T + Sync,
    E: FnMut(usize, std::thread::Result<T>) -> Result<()>,
{
    run_in_order(
        pool,
        0..count,
        Limits {
            count: batch,
            weight: usize::MAX,
        },
        |_| 0,
        |index| index,
        |&index| index,
        work,
        emit,
        idle,
    )
}

/// How many jobs a batch read ahead takes with one thread (see
/// [`run_in_order`]).
const AHEAD_COUNT: usize = 16;

/// Runs `work` on each job in the pool and hands each result, with the job's
/// `key`, to `emit` in the order of `jobs`.
///
/// Jobs go in ordered batches ([`Limits`], each job weighing `weigh`): the
/// workers check batch k + 1 while this thread hands on the results of batch
/// k and takes the jobs of batch k + 2 from `jobs` (which may read files).
/// So memory holds three batches at most, whatever the number of jobs.
///
/// With one thread the jobs are checked here, one at a time, in their
/// order, while a second thread takes them from `jobs` and prepares them
/// with `ahead` (reads their files) in small batches ([`AHEAD_COUNT`] jobs,
/// or fewer: a batch ends at the job that reaches the weight of a batch),
/// one batch ahead: the system's work of opening and reading files
/// overlaps the checking.
///
/// A panic in `work` is caught and given to `emit` for that job only. Once
/// `emit` fails (an output is closed or full) no more work starts and no
/// more jobs are taken (with one thread, the batch being read ahead is
/// finished and dropped): the jobs being checked finish and the error is
/// returned.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_in_order<J, K, T, W, E>(
    pool: &rayon::ThreadPool,
    jobs: impl Iterator<Item = J> + Send,
    limits: Limits,
    weigh: impl Fn(&J) -> usize + Sync,
    ahead: impl Fn(J) -> J + Sync,
    key: impl Fn(&J) -> K + Sync,
    work: W,
    mut emit: E,
    mut idle: impl FnMut(),
) -> Result<()>
where
    J: Send,
    K: Send,
    T: Send,
    W: Fn(J) -> T + Sync,
    E: FnMut(K, std::thread::Result<T>) -> Result<()>,
{
    use rayon::prelude::*;
    let stopped = AtomicBool::new(false);
    let run = |job: J| {
        (!stopped.load(Ordering::Relaxed)).then(|| catch_unwind(AssertUnwindSafe(|| work(job))))
    };
    let mut jobs = jobs.fuse();
    if pool.current_num_threads() <= 1 {
        let (stopped, ahead, weigh) = (&stopped, &ahead, &weigh);
        return std::thread::scope(|scope| -> Result<()> {
            // No room in the channel: one batch waits while one is checked.
            let (sender, batches) = std::sync::mpsc::sync_channel::<Vec<J>>(0);
            let reader = std::thread::Builder::new().spawn_scoped(scope, move || {
                while !stopped.load(Ordering::Relaxed) {
                    let batch = take_batch(&mut jobs, AHEAD_COUNT, limits.weight, weigh, ahead);
                    if batch.is_empty() || sender.send(batch).is_err() {
                        break;
                    }
                }
            });
            let reader = reader.map_err(|err| {
                anyhow::anyhow!("cannot start the thread that reads ahead: {err}")
            })?;
            let mut failed = None;
            'batches: for batch in &batches {
                for job in batch {
                    let k = key(&job);
                    let Some(result) = run(job) else {
                        break 'batches;
                    };
                    if let Err(err) = emit(k, result) {
                        stopped.store(true, Ordering::Relaxed);
                        failed = Some(err);
                        break 'batches;
                    }
                    idle();
                }
            }
            // Without the receiver the reader stops at its next batch.
            drop(batches);
            let joined = reader.join();
            if let Some(err) = failed {
                return Err(err);
            }
            joined.map_err(|_| anyhow::anyhow!("the thread reading ahead failed"))
        });
    }
    let mut take = || {
        take_batch(
            &mut jobs,
            limits.count.max(1),
            limits.weight,
            &weigh,
            |job| job,
        )
    };
    let compute = |batch: Vec<J>| -> Vec<(K, Option<std::thread::Result<T>>)> {
        pool.install(|| {
            batch
                .into_par_iter()
                .map(|job| (key(&job), run(job)))
                .collect()
        })
    };
    let compute = &compute;
    std::thread::scope(|scope| -> Result<()> {
        let first = take();
        let mut running = Some(scope.spawn(move || compute(first)));
        while let Some(handle) = running.take() {
            // Taken while the workers check the batch before.
            let next = if stopped.load(Ordering::Relaxed) {
                Vec::new()
            } else {
                take()
            };
            // A panic in `work` is caught per job, so a batch comes back
            // whole; a failed thread is an error, never a gap.
            let done = handle
                .join()
                .map_err(|_| anyhow::anyhow!("a worker thread failed"))?;
            if !next.is_empty() {
                running = Some(scope.spawn(move || compute(next)));
            }
            for (k, result) in done {
                let Some(result) = result else { break };
                if let Err(err) = emit(k, result) {
                    // The workers stop starting jobs; their batch is dropped.
                    stopped.store(true, Ordering::Relaxed);
                    if let Some(handle) = running.take() {
                        let _ = handle.join();
                    }
                    return Err(err);
                }
            }
            idle();
        }
        Ok(())
    })
}

/// The next batch of `jobs`, each prepared by `prepare`: at most `count`
/// jobs, ending at the job that brings their weight (`weigh`, once
/// prepared) to `weight`.
fn take_batch<J>(
    jobs: &mut impl Iterator<Item = J>,
    count: usize,
    weight: usize,
    weigh: impl Fn(&J) -> usize,
    prepare: impl Fn(J) -> J,
) -> Vec<J> {
    let mut batch = Vec::with_capacity(count.min(AHEAD_COUNT));
    let mut held = 0usize;
    while batch.len() < count && held < weight {
        let Some(job) = jobs.next() else { break };
        let job = prepare(job);
        held = held.saturating_add(weigh(&job));
        batch.push(job);
    }
    batch
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
        // Two threads, and one with a second thread reading ahead.
        for (threads, count) in [(2, 10), (1, 1000)] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut outcomes = Vec::new();
            let result = for_each_in_order(
                &pool,
                count,
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

    #[test]
    fn with_one_thread_jobs_are_prepared_ahead_in_a_bounded_window_and_checked_in_order() {
        use std::sync::Mutex;
        use std::sync::atomic::AtomicUsize;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let main = std::thread::current().id();
        let prepared = AtomicUsize::new(0);
        let threads = Mutex::new(Vec::new());
        let mut seen = Vec::new();
        let mut most_ahead = 0;
        run_in_order(
            &pool,
            0..200usize,
            Limits {
                count: 1,
                weight: 50,
            },
            |&job| job % 7,
            |job| {
                threads.lock().unwrap().push(std::thread::current().id());
                prepared.fetch_add(1, Ordering::SeqCst);
                job * 2
            },
            |&job| job,
            |job| {
                assert_eq!(std::thread::current().id(), main);
                job + 1
            },
            |key, result| {
                assert_eq!(result.unwrap(), key + 1);
                seen.push(key / 2);
                most_ahead = most_ahead.max(prepared.load(Ordering::SeqCst) - seen.len());
                Ok(())
            },
            || {},
        )
        .unwrap();
        assert_eq!(seen, (0..200).collect::<Vec<_>>());
        // Prepared on another thread, at most two batches ahead (the one
        // waiting and the one being taken).
        assert!(threads.lock().unwrap().iter().all(|&id| id != main));
        assert!(most_ahead <= 2 * AHEAD_COUNT, "{most_ahead}");
    }
}
