/** The bench's measurements: HTTP load, picks, live fan-out, request log lines. */
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { Shro } from '../contract/shro-views';
import { shroEventAction } from '../web/lib/live-shro';
import type { SeedInfo } from './app-server';
import { type Child, processCounters } from './children';
import type { FanoutResult, HttpResult, LogLines, PicksRun } from './report';
import { FANOUT_WARM_UP_EVENTS, SIZES } from './sizes';
import { Watchers } from './watchers';

export async function load(
  url: string,
  headers: Record<string, string>,
  duration: number = SIZES.duration,
): Promise<HttpResult> {
  const result = await autocannon({
    url,
    headers,
    connections: SIZES.connections,
    duration,
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * `load`, with the CPU the server process used per request answered (user + system, every
 * thread; null without /proc or without an answer): a figure that moves less than req/s with
 * the machine's other work, since time the server waits or is not scheduled is not in it. A turn
 * under `BENCH_PROFILE=1` counts the profiler's own cost too.
 */
export async function loadMeasured(
  server: Pick<Child, 'process'>,
  url: string,
  headers: Record<string, string>,
  duration?: number,
): Promise<HttpResult> {
  const before = processCounters(server.process.pid);
  const result = await load(url, headers, duration);
  const after = processCounters(server.process.pid);
  const cpu = result.total > 0 ? scaledDelta(before?.cpuSeconds, after?.cpuSeconds, 1e6 / result.total) : null;
  return { ...result, cpuUsPerRequest: cpu };
}

/** `(after - before) * scale`, or null when either counter is missing. */
const scaledDelta = (before: number | null | undefined, after: number | null | undefined, scale: number) =>
  before == null || after == null ? null : (after - before) * scale;

/** 1,000 distinct users each open one box of the same shareable Shro, as fast as they can. */
export async function selects(server: Pick<Child, 'port' | 'process'>, seed: SeedInfo): Promise<PicksRun> {
  const { port } = server;
  let next = 0;
  const before = processCounters(server.process.pid);
  const started = performance.now();
  // Timed to the last answer: autocannon itself finishes on its next one-second tick, which made
  // every run's time a whole number of seconds plus a few ms.
  let lastAnswerAt = started;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/sessions/${seed.selectShroId}/select`,
    method: 'POST',
    connections: Math.min(SIZES.connections, seed.selectorCookies.length),
    amount: seed.selectorCookies.length,
    requests: [
      {
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              cookie: seed.selectorCookies[index % seed.selectorCookies.length]!,
            },
            body: JSON.stringify({ boxId: seed.selectBoxIds[index % 4] }),
          };
        },
        onResponse: () => {
          lastAnswerAt = performance.now();
        },
      },
    ],
  });
  const seconds = (lastAnswerAt - started) / 1000;
  const after = processCounters(server.process.pid);
  // The server's own CPU and writes for the run (its effects included: every answer waited for them).
  const picks = seed.selectorCookies.length;
  return {
    perSecond: picks / seconds,
    seconds,
    non2xx: result.non2xx,
    cpuMsPerPick: scaledDelta(before?.cpuSeconds, after?.cpuSeconds, 1000 / picks),
    mainCpuMsPerPick: scaledDelta(before?.mainCpuSeconds, after?.mainCpuSeconds, 1000 / picks),
    writesPerPick: scaledDelta(before?.writeCalls, after?.writeCalls, 1 / picks),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Each watcher as a visitor's tab (issue 12 item 4): it holds the visitor's view of the Shro and
 * does with each event what web/lib/live.ts does, a GET of the Shro when the rule says refetch.
 */
interface TabRule {
  /** The visitor's view, read once before the rounds. */
  view: Shro;
  /** Where a refetch goes (any of the servers). */
  url: string;
}

function actLikeATab(watchers: Watchers, tab: TabRule): void {
  watchers.onEvent = (data) => {
    let event: { type?: string };
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    if (event.type !== 'shro.picked' && event.type !== 'shro.reaction.added') return;
    if (shroEventAction(tab.view, false) === 'refetch') void fetch(tab.url).then((r) => r.text());
  };
}

/** The servers' request lines so far, once each has written what it batched (decision 142). */
async function requestLines(servers: Child[]): Promise<number> {
  await Promise.all(servers.map((s) => s.ask('flush-log')));
  return servers.reduce((sum, s) => sum + countLogLines(s.logFile).route, 0);
}

/**
 * The pickers of a seed (`SIZES.pickers` of them), by the fan-out run that uses them (0 to
 * `SIZES.fanoutTurns`): each run's own, its measured rounds and then its warm-up events.
 */
export function fanoutPicker(run: number, round: number, warmUp = false): number {
  return run * (SIZES.rounds + FANOUT_WARM_UP_EVENTS) + (warmUp ? SIZES.rounds : 0) + round;
}

/**
 * Opens the watchers (split over the servers), fires `rounds` events with `fire(round)`, and times
 * each watcher's arrival from the moment the firing request's response arrived (an arrival before
 * it counts 0). With `tab`, watchers act as visitors' tabs and the server's requests per pick are
 * counted (the ceiling's watchers act as the same tabs: the bare server logs no requests).
 * Before the rounds, `fire(event, true)` sends `FANOUT_WARM_UP_EVENTS` events to the same
 * watchers, not measured: a server's first events compile its fan-out path (decision 023; the
 * measurements are in bench/history.md).
 */
export async function fanout(
  servers: Child[],
  path: string,
  fire: (round: number, warmUp: boolean) => Promise<void>,
  marker: string,
  options: { watchers?: number; tab?: TabRule } = {},
): Promise<FanoutResult> {
  const share = Math.ceil((options.watchers ?? SIZES.watchers) / servers.length);
  // What a server spends once, on its first channels (the stream's code compiled, its young
  // generation grown to the load), is no channel's own: a round of channels opens and closes on
  // each server before its memory is read, so the figure is what each further channel costs. The
  // two-instance servers are fresh, the one-instance server has served 1,000 channels before.
  const warmUp = new Watchers();
  for (const server of servers) await warmUp.open(server.port, path, Math.min(500, share));
  await new Promise((resolve) => setTimeout(resolve, 300));
  warmUp.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const watchers = new Watchers();
  if (options.tab) actLikeATab(watchers, options.tab);
  for (const server of servers) await watchers.open(server.port, path, share);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const rss = after.reduce((sum, m, i) => sum + m.rss - before[i]!.rss, 0);
  const heap = after.reduce(
    (sum, m, i) => sum + m.heapUsed + m.external - before[i]!.heapUsed - before[i]!.external,
    0,
  );

  for (let event = 0; event < FANOUT_WARM_UP_EVENTS; event++) {
    const { done } = watchers.expect(marker);
    await fire(event, true);
    await done;
    await new Promise((resolve) => setTimeout(resolve, options.tab ? 600 : 300));
  }

  const latencies: number[] = [];
  const sinceSent: number[] = [];
  const sinceFirst: number[] = [];
  let delivered = 0;
  let requestsPerPick = 0;
  for (let round = 0; round < SIZES.rounds; round++) {
    const linesBefore = options.tab ? await requestLines(servers) : 0;
    const { done } = watchers.expect(marker);
    const sentAt = performance.now();
    await fire(round, false);
    const answeredAt = performance.now();
    const arrivals = await done;
    delivered += arrivals.length;
    const first = Math.min(...arrivals);
    for (const at of arrivals) {
      latencies.push(Math.max(0, at - answeredAt));
      sinceSent.push(at - sentAt);
      sinceFirst.push(at - first);
    }
    // Past the coalescing window (decision 100), so a held-back event and its refetches are in.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (options.tab) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      requestsPerPick = Math.max(requestsPerPick, (await requestLines(servers)) - linesBefore);
    }
  }
  watchers.close();
  latencies.sort((x, y) => x - y);
  sinceSent.sort((x, y) => x - y);
  sinceFirst.sort((x, y) => x - y);
  return {
    sentP95: percentile(sinceSent, 95),
    firstP95: percentile(sinceFirst, 95),
    watchers: watchers.size || share * servers.length,
    delivered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    kbPerChannel: rss / 1024 / (share * servers.length),
    heapKbPerChannel: heap / 1024 / (share * servers.length),
    requestsPerPick: options.tab ? requestsPerPick : undefined,
  };
}

export async function fireSelect(port: number, seed: SeedInfo, round: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/sessions/${seed.fanoutShroId}/select`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: seed.pickerCookies[round]! },
    body: JSON.stringify({ boxId: seed.fanoutBoxIds[round % 4] }),
  });
  await response.text();
  if (response.status !== 200) throw new Error(`select answered ${response.status}`);
}

/** Request lines for one route (all routes when `method` and `route` are left out), and all lines. */
export function countLogLines(file: string, method?: string, route?: string): LogLines {
  const text = fs.readFileSync(file, 'utf8');
  let matching = 0;
  let all = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    all++;
    let entry: { msg?: string; method?: string; route?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // not a log line (something printed to stdout): counted in `all` only
    }
    if (
      entry.msg === 'request completed' &&
      (method === undefined || entry.method === method) &&
      (route === undefined || entry.route === route)
    )
      matching++;
  }
  return { route: matching, all, bytes: Buffer.byteLength(text) };
}
