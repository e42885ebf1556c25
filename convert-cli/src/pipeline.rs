//! The one ordered parallel pipeline of the command line: work is read in order, one piece at a
//! time, done on any of N threads, and handed on in the order it was read.
//!
//! [`in_order`] serves every command that reads inputs in order on several threads: `check`
//! and `fmt` spread files over threads, and a scan spreads the batches of one large file. The
//! calling thread reads, works and hands on like the others; it alone hands on, so the
//! consumer (a writer, an emitter) needs no lock. At most `limit` pieces are read and not yet
//! handed on at once, so memory stays flat whatever the size of the input and however slow
//! the consumer. Emptied pieces are kept and filled again, so their storage is allocated once.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

/// What [`in_order`]'s reader put into the piece it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Filled {
    /// A piece of work, with more to come.
    Piece,
    /// A piece of work, and the input ends with it.
    Last,
    /// Nothing: the input has ended.
    Nothing,
}

/// Reads pieces with `read`, does `work` on each with the state of the thread it lands on,
/// and hands each to `hand_on` on the calling thread, in the order they were read.
///
/// `states` holds one state per thread (its length is the number of threads, the calling one
/// included; at least one): each thread works with its own, such as an analyser and its
/// scratch buffers. `read` runs one call at a time, under a lock, filling a piece that may
/// have been handed on before (so it must clear what it keeps). `limit` is the most pieces
/// read and not yet handed on; it is at least the number of threads.
///
/// Reading stops at [`Filled::Last`] or [`Filled::Nothing`]. A reader that fails keeps its
/// error itself and reports the end: every piece read before it is still worked on and handed
/// on, and the caller returns the error afterwards.
///
/// # Errors
/// The first error `hand_on` returns; reading then stops, and the threads finish the piece
/// they hold.
pub(crate) fn in_order<Piece, State, Error>(
    mut states: Vec<State>,
    limit: usize,
    read: impl FnMut(&mut Piece) -> Filled + Send,
    work: impl Fn(&mut State, &mut Piece) + Sync,
    mut hand_on: impl FnMut(&mut Piece) -> Result<(), Error>,
) -> Result<(), Error>
where
    Piece: Default + Send,
    State: Send,
{
    let helpers = states.split_off(states.len().min(1));
    let Some(mut own) = states.pop() else {
        return Ok(());
    };
    if helpers.is_empty() {
        return one_thread(&mut own, read, &work, &mut hand_on);
    }
    let feed = Mutex::new(Feed {
        read,
        read_count: 0,
        handed_on: 0,
        limit: limit.max(helpers.len() + 1) as u64,
        end: false,
        spare: Vec::new(),
    });
    // Signalled when pieces have been handed on, so that there is room to read more.
    let room = Condvar::new();
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(u64, Piece)>();
        for mut state in helpers {
            let done_tx = done_tx.clone();
            let (feed, room, work) = (&feed, &room, &work);
            scope.spawn(move || {
                while let Some((seq, mut piece)) = take_waiting(feed, room) {
                    work(&mut state, &mut piece);
                    if done_tx.send((seq, piece)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let result = (|| {
            let mut waiting: BTreeMap<u64, Piece> = BTreeMap::new();
            let mut next = 0u64;
            let mut emptied = Vec::new();
            loop {
                while let Ok((seq, piece)) = done_rx.try_recv() {
                    waiting.insert(seq, piece);
                }
                while let Some(mut piece) = waiting.remove(&next) {
                    next += 1;
                    hand_on(&mut piece)?;
                    emptied.push(piece);
                }
                let (taken, finished) = {
                    let mut feed = feed.lock().unwrap_or_else(PoisonError::into_inner);
                    if !emptied.is_empty() {
                        feed.handed_on = next;
                        feed.spare.append(&mut emptied);
                        room.notify_all();
                    }
                    let taken = feed.take();
                    (taken, feed.end && next == feed.read_count)
                };
                match taken {
                    Some((seq, mut piece)) => {
                        work(&mut own, &mut piece);
                        waiting.insert(seq, piece);
                    }
                    None if finished => return Ok(()),
                    // No room to read, or the helpers hold the rest: wait for one of them.
                    None => match done_rx.recv() {
                        Ok((seq, piece)) => {
                            waiting.insert(seq, piece);
                        }
                        // Every helper has stopped, which they do early only by panicking;
                        // the scope passes that panic on.
                        Err(_) => return Ok(()),
                    },
                }
            }
        })();
        // Stops the helpers, which may still be waiting for room after an error.
        feed.lock().unwrap_or_else(PoisonError::into_inner).end = true;
        room.notify_all();
        result
    })
}

/// [`in_order`] on the calling thread alone: read, work and hand on in turn, with one piece.
fn one_thread<Piece: Default, State, Error>(
    state: &mut State,
    mut read: impl FnMut(&mut Piece) -> Filled,
    work: &impl Fn(&mut State, &mut Piece),
    hand_on: &mut impl FnMut(&mut Piece) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut piece = Piece::default();
    loop {
        let filled = read(&mut piece);
        if filled == Filled::Nothing {
            return Ok(());
        }
        work(state, &mut piece);
        hand_on(&mut piece)?;
        if filled == Filled::Last {
            return Ok(());
        }
    }
}

/// The reading side of the pipeline, shared by all its threads.
struct Feed<Read, Piece> {
    read: Read,
    /// Pieces read so far: the number of the next one.
    read_count: u64,
    /// Pieces handed on so far.
    handed_on: u64,
    /// How many pieces may be out (read and not yet handed on) at once.
    limit: u64,
    /// Set when no piece is left: at the end of the input, or when the pipeline stops early.
    end: bool,
    /// Emptied pieces, to be filled again.
    spare: Vec<Piece>,
}

impl<Read: FnMut(&mut Piece) -> Filled, Piece: Default> Feed<Read, Piece> {
    /// Reads the next piece with its number, unless none is left or `limit` pieces are out.
    fn take(&mut self) -> Option<(u64, Piece)> {
        if self.end || self.read_count - self.handed_on >= self.limit {
            return None;
        }
        let mut piece = self.spare.pop().unwrap_or_default();
        match (self.read)(&mut piece) {
            Filled::Nothing => {
                self.end = true;
                self.spare.push(piece);
                None
            }
            filled => {
                self.end = filled == Filled::Last;
                let seq = self.read_count;
                self.read_count += 1;
                Some((seq, piece))
            }
        }
    }
}

/// The next piece for a helper thread, waiting while `limit` pieces are out; `None` when no
/// piece is left.
fn take_waiting<Read: FnMut(&mut Piece) -> Filled, Piece: Default>(
    feed: &Mutex<Feed<Read, Piece>>,
    room: &Condvar,
) -> Option<(u64, Piece)> {
    let mut feed = feed.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        if feed.end {
            return None;
        }
        if let Some(taken) = feed.take() {
            return Some(taken);
        }
        if !feed.end {
            feed = room.wait(feed).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// [`in_order`] over a list: `work` makes one result of each input, and `hand_on` takes the
/// results in input order. Each thread holds at most two inputs' results ahead of the one
/// being handed on.
///
/// # Errors
/// The first error `hand_on` returns.
pub(crate) fn map_in_order<Input: Sync, Output: Send, Error>(
    inputs: &[Input],
    threads: usize,
    work: impl Fn(&Input) -> Output + Sync,
    mut hand_on: impl FnMut(Output) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut next = 0;
    let threads = threads.clamp(1, inputs.len().max(1));
    in_order(
        vec![(); threads],
        2 * threads,
        |piece: &mut Option<(usize, Option<Output>)>| match inputs.get(next) {
            Some(_) => {
                *piece = Some((next, None));
                next += 1;
                if next == inputs.len() {
                    Filled::Last
                } else {
                    Filled::Piece
                }
            }
            None => Filled::Nothing,
        },
        |(), piece| {
            if let Some((index, output)) = piece
                && let Some(input) = inputs.get(*index)
            {
                *output = Some(work(input));
            }
        },
        |piece| match piece.take().and_then(|(_, output)| output) {
            Some(output) => hand_on(output),
            None => Ok(()),
        },
    )
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::map_in_order;

    /// A little work whose length varies with `input`, so that later inputs often finish
    /// before earlier ones.
    fn uneven(input: usize) -> usize {
        std::thread::sleep(Duration::from_micros((input * 7919 % 13) as u64 * 50));
        input
    }

    #[test]
    fn results_are_handed_on_in_input_order() {
        let inputs: Vec<usize> = (0..300).collect();
        for threads in 1..=4 {
            let mut seen = Vec::new();
            let outcome: Result<(), ()> = map_in_order(
                &inputs,
                threads,
                |&i| uneven(i),
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(outcome, Ok(()));
            assert_eq!(seen, inputs, "{threads} threads");
        }
        let outcome: Result<(), ()> = map_in_order(&[] as &[usize], 3, |&i| i, |_| Err(()));
        assert_eq!(outcome, Ok(()), "no input, nothing handed on");
    }

    #[test]
    fn few_results_wait_however_slow_the_consumer() {
        let inputs: Vec<usize> = (0..120).collect();
        for threads in 1..=3 {
            let started = AtomicUsize::new(0);
            let mut most_ahead = 0;
            let mut handed_on = 0;
            let outcome: Result<(), ()> = map_in_order(
                &inputs,
                threads,
                |&i| {
                    started.fetch_add(1, Ordering::SeqCst);
                    i
                },
                |_| {
                    std::thread::sleep(Duration::from_micros(300));
                    handed_on += 1;
                    most_ahead = most_ahead.max(started.load(Ordering::SeqCst) - handed_on);
                    Ok(())
                },
            );
            assert_eq!(outcome, Ok(()));
            assert_eq!(handed_on, inputs.len());
            // Started and not yet handed on: never more than the limit of 2 × threads.
            assert!(
                most_ahead <= 2 * threads,
                "{threads} threads: {most_ahead} ahead"
            );
        }
    }

    #[test]
    fn an_error_of_the_consumer_stops_the_work() {
        let inputs: Vec<usize> = (0..10_000).collect();
        for threads in 1..=3 {
            let started = AtomicUsize::new(0);
            let mut seen = Vec::new();
            let outcome = map_in_order(
                &inputs,
                threads,
                |&i| {
                    started.fetch_add(1, Ordering::SeqCst);
                    uneven(i)
                },
                |r| {
                    if r == 20 {
                        return Err("disk full");
                    }
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(outcome, Err("disk full"));
            assert_eq!(seen, (0..20).collect::<Vec<_>>());
            let started = started.load(Ordering::SeqCst);
            assert!(
                started <= 21 + 2 * threads,
                "{threads} threads: {started} inputs were started"
            );
        }
    }
}
