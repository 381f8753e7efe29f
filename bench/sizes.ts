/** Events each fan-out setup sends before its measured rounds, not measured (decision 023). */
export const FANOUT_WARM_UP_EVENTS = 2;

/**
 * With the pickers each seed needs: the one-instance fan-out's runs use one seed (bench/run.ts:
 * the 1,000-channel run, then a turn of 5,000 channels per `fanoutTurns`; the turns take picker
 * blocks 0 to `fanoutTurns - 1`, the 1,000-channel run the last), each with its measured rounds
 * and its warm-up events (`fanoutPicker` in bench/measure.ts).
 */
function withPickers<T extends { rounds: number; fanoutTurns: number }>(sizes: T): T & { pickers: number } {
  return { ...sizes, pickers: (sizes.fanoutTurns + 1) * (sizes.rounds + FANOUT_WARM_UP_EVENTS) };
}

/** The bench's sizes: the full run, or `--quick` (CI's smoke run: small numbers). */
export const quick = process.argv.includes('--quick');
export const SIZES = withPickers(
  quick
    ? {
        shros: 500,
        participations: 2500,
        participants: 20,
        selectors: 50,
        warmUpSelectors: 20,
        watchers: 200,
        duration: 2,
        connections: 20,
        rounds: 2,
        fanoutTurns: 1,
        readTurns: 1,
        repeatVisits: 1,
      }
    : {
        shros: 10_000,
        participations: 50_000,
        participants: 20,
        // Issue 12 item 5: 2,000 distinct users on one public Shro.
        selectors: 2000,
        // Other users' picks on another public Shro before the measured ones, unmeasured (decision 023).
        warmUpSelectors: 2000,
        watchers: 5000,
        // Seconds per HTTP run: the cached read and its ceiling take `readTurns` turns of this each,
        // 15 s of reads in all (the single run before turns was 10 s).
        duration: 5,
        connections: 50,
        rounds: 5,
        // The 5,000-channel fan-out against its ceiling, in turns (bench/run.ts): the table shows
        // the median (decision 023).
        fanoutTurns: 3,
        // The cached read against its ceiling, in turns (bench/run.ts): the table shows the median.
        readTurns: 3,
        // The slow-3G repeat visit, measured this many times (bench/network.ts): the median is reported.
        repeatVisits: 3,
      },
);
