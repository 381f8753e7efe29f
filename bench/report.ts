/** The benchmark's report: bench/results.md, every figure next to its goal (bench/run.ts measures). */
import os from 'node:os';
import { LOAD_CORE, LOG_LEVEL, pinning, SERVER_CORE } from './children';
import { LIGHTHOUSE_GOALS, LIGHTHOUSE_SMOKE_FLOOR, type LighthouseRun } from './lighthouse';
import type { LoadFigures } from './network';
import type { PreviewFigures } from './preview';
import type { PickCounters } from './seed';
import { FANOUT_WARM_UP_EVENTS, quick, SIZES } from './sizes';
import type { WebBundles } from './web-size';

export interface HttpResult {
  rps: number;
  /** Requests answered during the run. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU per request answered, µs (bench/measure.ts `loadMeasured`; null without /proc). */
  cpuUsPerRequest?: number | null;
}

export interface FanoutResult {
  watchers: number;
  delivered: number;
  p50: number;
  p95: number;
  max: number;
  /** p95 measured from when the firing request was sent (includes the select's own work). */
  sentP95: number;
  /** p95 measured from the round's first arrival: how long the fan-out itself takes once it has begun. */
  firstP95: number;
  /** Server memory (RSS) added per open channel, KB. */
  kbPerChannel: number;
  heapKbPerChannel: number;
  /** The most app requests one pick caused (the select, and any refetch by the watchers acting as tabs). */
  requestsPerPick?: number;
}

/** The app's request lines for one route in its log file, and all its lines. */
export interface LogLines {
  route: number;
  all: number;
  bytes: number;
}

/** One run of the picks: the rate, and the server's own CPU and write calls per pick (null without /proc). */
export interface PicksRun {
  perSecond: number;
  seconds: number;
  non2xx: number;
  cpuMsPerPick: number | null;
  /** Of `cpuMsPerPick`, the main thread's (the rest is V8's compiler and collector threads, libuv's pool). */
  mainCpuMsPerPick: number | null;
  writesPerPick: number | null;
  /** PostgreSQL's backends moved to the load generator's core before the run (bench/children.ts); undefined on PGlite. */
  backendsPinned?: number;
}

export interface Results {
  /**
   * The bare server measured just before each read, so each ratio is of runs back to back: the
   * turn whose ratio is the median of the turns (`readTurns`).
   */
  ceilings: Partial<Record<'PGlite' | 'PostgreSQL', HttpResult>>;
  /** Every turn of the reads: the ceiling's and the app's requests per second and CPU µs per request. */
  readTurns: Partial<
    Record<
      'PGlite' | 'PostgreSQL',
      { ceiling: number; app: number; ceilingCpuUs: number | null; appCpuUs: number | null }[]
    >
  >;
  bodyBytes?: number;
  /** The median turn's read; `requests`: the reads of every turn, which the log lines count. */
  reads: Partial<
    Record<'PGlite' | 'PostgreSQL', HttpResult & { cache: unknown; logLines: LogLines; requests: number }>
  >;
  /** `warmUp`: the unmeasured warm-up's picks per second (bench/run.ts). */
  selects: Partial<
    Record<'PGlite' | 'PostgreSQL', PicksRun & { count: number; counters?: PickCounters; warmUp: number }>
  >;
  /** The picks' floor on PostgreSQL: a bare server reading the session and writing the pick. */
  selectFloor?: PicksRun & { warmUp: number };
  /** The 5,000-channel fan-out, turn by turn: the ceiling, then the app on one instance (PGlite). */
  fanoutTurns: { ceiling: FanoutResult; app: FanoutResult }[];
  /** The ceiling and the one-instance run of the turn with the median `firstWatcherRatio`. */
  fanoutCeiling?: FanoutResult;
  fanoutOne?: FanoutResult;
  /** One instance with 1,000 watchers (issue 12 item 4: requests per pick whatever the number of watchers). */
  fanoutThousand?: FanoutResult;
  fanoutTwo?: FanoutResult;
  web?: WebBundles;
  /** Server RSS after seeding, MB (issue 12 item 8). */
  memory: Partial<Record<'PGlite' | 'PostgreSQL', { rssMb: number; heapMb: number }>>;
  network?: LoadFigures[];
  /** Lighthouse's mobile mode on the main pages (issue 37). */
  lighthouse?: LighthouseRun;
  /** The Shro preview image (decision 125): cold renders, cached answers, 304s. */
  preview?: PreviewFigures & { cache: PreviewCacheFigures };
  notes: string[];
}

/** The server's rendered-image cache after the preview run. */
export interface PreviewCacheFigures {
  hits: number;
  misses: number;
  size: number;
}

// ---- the report ------------------------------------------------------------------------------

const n = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (part: number | undefined, whole: number | undefined) =>
  part === undefined || !whole ? '–' : `${(part / whole).toFixed(2)}×`;
/** A figure that may be missing (no /proc): `–` then. */
const maybe = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? '–' : n(value, digits);
/** A fan-out turn's ratio, one instance to the ceiling, of p95 from the first watcher (the judged figure). */
export const firstWatcherRatio = (turn: { ceiling: FanoutResult; app: FanoutResult }) =>
  turn.app.firstP95 / Math.max(turn.ceiling.firstP95, 1);

/** Where PostgreSQL ran during the picks (decision 023): its backends serving the app and the floor are moved to the load's core. */
function pickBackends(r: Results): string {
  const app = r.selects.PostgreSQL?.backendsPinned;
  const floor = r.selectFloor?.backendsPinned;
  const moved =
    app === undefined
      ? ''
      : app === 0
        ? `For the picks on PostgreSQL, the database's backends were not moved off the server's core (\`taskset\` could not move them; decision 023). `
        : `For the picks on PostgreSQL, the database's backends are moved to core ${LOAD_CORE} once each warm-up has filled its server's pool (${app} before the app's picks; ${floor ?? '–'} before the floor's, the app's idle ones among them), so the server's core is its own: the database shares the load generator's instead (decision 023). `;
  return `${moved}PostgreSQL's other processes and Redis are not pinned: they run wherever the kernel puts them, beside the server or the load.`;
}

/** A picks run's CPU per pick, its main thread's in brackets. */
const cpuPerPick = (run: PicksRun) =>
  run.mainCpuMsPerPick === null
    ? maybe(run.cpuMsPerPick, 2)
    : `${maybe(run.cpuMsPerPick, 2)} (${n(run.mainCpuMsPerPick, 2)})`;
const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✅' : ' ❌');

/** `loadAtStart`: the load average when the run began (the sizes, pinning and log level are the run's own). */
export function report(r: Results, seconds: number, loadAtStart: number[]): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results${quick ? ' (--quick smoke run: small numbers, not the figures to judge by)' : ''}`);
  lines.push('');
  lines.push(
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; took ${Math.round(seconds)} s; ` +
      `load average ${loadAtStart.map((x) => x.toFixed(1)).join('/')} at the start and ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join('/')} at the end (other work on the machine shares the cores). ` +
      `Load from autocannon in this process, ${SIZES.connections} connections, ${SIZES.duration} s per HTTP run; every server is a separate process.`,
  );
  lines.push('');
  lines.push(
    pinning.pinned
      ? `**Pinning:** every server (the app and the bare ceilings) runs on core ${SERVER_CORE} alone and this process (autocannon, the watchers) on core ${LOAD_CORE} (\`taskset -a -c -p\`), so a ratio is one core against one core. ${pickBackends(r)} The machine is shared (load average above): other work can still land on either core.`
      : `**Pinning: none** (${pinning.why}): servers, load generator and other work share every core, so the ratios below are not one core against one core.`,
  );
  lines.push('');
  lines.push(
    LOG_LEVEL === 'info'
      ? "**Logging:** the app runs at the default log level (`info`): one JSON line per request (decision 023; formatted by the app, decision 156), written to its stdout in batches of 32 KB or each second (decisions 142, 158), which is a file in the temporary folder (a real file, not a pipe read by this process). The bare servers' stdout goes to a file the same way; they write nothing."
      : `**Logging:** the app runs at log level \`${LOG_LEVEL}\` (\`BENCH_LOG_LEVEL\`), not the default \`info\`: these figures leave out the request log.`,
  );
  lines.push('');
  lines.push('## 1–2. Authenticated `GET /api/sessions/{id}` vs the bare `node:http` ceiling');
  lines.push('');
  lines.push(
    `A link Shro with 4 boxes and ${SIZES.participants} participants, read by its creator (the largest view), in a database of ${n(SIZES.shros)} Shros. Body: ${n(r.bodyBytes)} bytes; the app is asked with a browser's \`Accept-Encoding\` and answers it brotli-compressed (decision 022), the bare ceiling sends it as it is.`,
  );
  lines.push('');
  lines.push(
    '| server | req/s | p50 ms | p99 ms | errors / non-2xx | of ceiling | CPU µs per request | Shro cache hits / misses | log lines per request | goal ≥ 0.45×, p99 < 25 ms |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const [kind, read] of Object.entries(r.reads)) {
    if (!read) continue;
    const c = r.ceilings[kind as keyof Results['ceilings']];
    if (c)
      lines.push(
        `| bare node:http (ceiling, the median turn on ${kind}) | ${n(c.rps)} | ${c.p50} | ${c.p99} | ${c.errors} / ${c.non2xx} | 1.00× | ${maybe(c.cpuUsPerRequest)} | | 0 | |`,
      );
    const ok = c ? read.rps >= 0.45 * c.rps && read.p99 < 25 : undefined;
    // +1: the first fetch, which checks the answer before the load.
    const perRequest = read.logLines.route / (read.requests + 1);
    lines.push(
      `| Shro app on ${kind} | ${n(read.rps)} | ${read.p50} | ${read.p99} | ${read.errors} / ${read.non2xx} | ${ratio(read.rps, c?.rps)} | ${maybe(read.cpuUsPerRequest)} | ${n((read.cache as { hits: number }).hits)} / ${n((read.cache as { misses: number }).misses)} | ${n(perRequest, 2)} (${n(read.logLines.bytes / Math.max(read.logLines.all, 1))} B each) |${mark(ok)} |`,
    );
  }
  lines.push('');
  const turns = Object.entries(r.readTurns).filter(([, each]) => each?.length);
  if (turns.length) {
    lines.push(
      `Each database's read takes ${SIZES.readTurns === 1 ? 'one turn' : `${SIZES.readTurns} turns`} with its ceiling, ${SIZES.duration} s each, the ceiling first, after an unmeasured warm-up of each server (decision 023): the table's rows are the turn with the median ratio (its cache and log columns count every turn and the warm-up). Every turn, ceiling → app: ${turns
        .map(
          ([kind, each]) =>
            `${kind} ${each!.map(({ ceiling, app, ceilingCpuUs, appCpuUs }) => `${n(ceiling)} → ${n(app)} (${ratio(app, ceiling)}; ${maybe(ceilingCpuUs)} → ${maybe(appCpuUs)} µs)`).join(', ')}`,
        )
        .join('; ')}.`,
    );
    lines.push('');
    lines.push(
      "CPU µs per request: the server process's user and system time (every thread, from /proc) over the requests it answered in the turn. Time the server waits for the load generator, or is not scheduled at all, is not in it, so it moves less than req/s with the machine's other work (on a busy host it still moves: a hypervisor's stolen time can be counted as the process's); it is not the goal's figure (req/s is), but it says where a turn's ratio came from.",
    );
    lines.push('');
  }
  lines.push('## 3. `POST /api/sessions/{id}/select` by distinct users on one public Shro');
  lines.push('');
  lines.push(
    "Issue 12 item 5 (decision 119). Counters afterwards: picks, the Shro's participant count, the creator's `totalParticipants`, the pickers' `shrosParticipated` summed (each must equal the users), the creator's grouped `shro_selected` notifications (1) and outbox rows left (0).",
  );
  const warmUps = [
    ...Object.entries(r.selects).map(([kind, s]) => (s ? `${kind} ${n(s.warmUp)}/s` : '')),
    r.selectFloor ? `the floor ${n(r.selectFloor.warmUp)}/s` : '',
  ].filter(Boolean);
  if (warmUps.length > 0) {
    lines.push('');
    lines.push(
      `Each server first serves ${n(SIZES.warmUpSelectors)} other users' picks, not measured (decision 023: a server that has been up has compiled its pick path): the app's on another public Shro with its own creator, the floor's into its own table. Those cold picks ran at ${warmUps.join(', ')}.`,
    );
  }
  lines.push('');
  lines.push(
    '| database | users | selects/s | goal | took s | server CPU ms per pick (main thread) | server writes per pick | non-2xx | counters afterwards |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const [kind, s] of Object.entries(r.selects)) {
    if (!s) continue;
    const goal = kind === 'PostgreSQL' ? 1000 : 300;
    const c = s.counters;
    const exact =
      c !== undefined &&
      [c.picks, c.participantCount, c.creatorTotal, c.pickerTotal].every((x) => x === SIZES.selectors) &&
      c.notifications === 1 &&
      c.outbox === 0;
    const counters = c
      ? `${n(c.picks)} / ${n(c.participantCount)} / ${n(c.creatorTotal)} / ${n(c.pickerTotal)} / ${c.notifications} / ${c.outbox}${mark(exact)}`
      : `${n(s.count)}${mark(s.count === SIZES.selectors)}`;
    lines.push(
      `| ${kind} | ${n(SIZES.selectors)} | ${n(s.perSecond)} | ≥ ${n(goal)}${mark(s.perSecond >= goal)} | ${n(s.seconds, 2)} | ${cpuPerPick(s)} | ${maybe(s.writesPerPick, 2)} | ${s.non2xx} | ${counters} |`,
    );
  }
  const floor = r.selectFloor;
  if (floor) {
    const app = r.selects.PostgreSQL;
    lines.push(
      `| floor: bare node:http on PostgreSQL, the session and the pick only | ${n(SIZES.selectors)} | ${n(floor.perSecond)} | | ${n(floor.seconds, 2)} | ${cpuPerPick(floor)} | ${maybe(floor.writesPerPick, 2)} | ${floor.non2xx} | the app: ${app ? ratio(app.perSecond, floor.perSecond) : '–'} of it |`,
    );
    lines.push('');
    lines.push(
      "The floor (bench/bare-picks-server.ts) is what this machine allows a pick with nothing else done: the same users, right after the app's run, through a bare server pinned like the app with a pool as large as the app's, making the pick's two round trips (the session; the participation and its outbox row, into tables of its own) and answering a small body. No framework, no checks, no effects, no view. Server CPU and writes per pick: the server process's own CPU time (user and system; its main thread's in brackets, the rest being V8's compiler and garbage-collector threads and libuv's pool) and write system calls (`syscw`: each message batch sent to PostgreSQL or an answer sent to a client is one) over the run, from /proc, divided by the picks; for the app they include the picks' effects (every answer waits for them). PostgreSQL's own processes are not counted; PGlite runs inside the app's process, so its row includes the database's work.",
    );
  }
  lines.push('');
  lines.push(`## 4. Live fan-out: ${n(SIZES.watchers)} open channels watching one public Shro`);
  lines.push('');
  lines.push(
    `Time from the select's response (the bare server's POST /fire) to each watcher's event, over ${SIZES.rounds} events after ${FANOUT_WARM_UP_EVENTS} unmeasured ones to the same watchers (decision 023: every setup, the ceiling too, has compiled its fan-out path; with two instances, one warm-up pick through each); an event that beat the response counts 0. Memory: the server's RSS growth per open channel (heap + external in brackets), measured after a first round of up to 500 channels per server has opened and closed (the one-time costs of a first channel are no channel's own).`,
  );
  lines.push('');
  lines.push(
    '| setup | delivered | p50 ms | p95 ms | max ms | p95 from request sent | p95 from first watcher | that, vs ceiling | KB per channel | goal |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const f = r.fanoutCeiling;
  /** `against` set: judged on p95 from the request sent, against that row's (see the note below). */
  const row = (label: string, x: FanoutResult | undefined, limit: number | null, against?: FanoutResult) => {
    if (!x) return;
    // One instance is judged from the first watcher (decision 161 made its times from the answer
    // 0 by construction); two instances from the request sent, against one instance's.
    const ok =
      limit === null || !f
        ? undefined
        : (against
            ? x.sentP95 <= limit * Math.max(against.sentP95, 1)
            : firstWatcherRatio({ ceiling: f, app: x }) <= limit) && x.kbPerChannel <= 10;
    const vsCeiling =
      limit === null ? '1.00×' : against || !f ? '' : `${firstWatcherRatio({ ceiling: f, app: x }).toFixed(2)}×`;
    const goal =
      limit === null
        ? ''
        : `${against ? `from request sent ≤ ${limit}× one instance's` : `from the first watcher ≤ ${limit}×`} and ≤ 10 KB per channel${mark(ok)}`;
    lines.push(
      `| ${label} | ${n(x.delivered)} / ${n(x.watchers * SIZES.rounds)} | ${n(x.p50, 1)} | ${n(x.p95, 1)} | ${n(x.max, 1)} | ${n(x.sentP95, 1)} | ${n(x.firstP95, 1)} | ${vsCeiling} | ${n(x.kbPerChannel, 1)} (${n(x.heapKbPerChannel, 1)}) | ${goal} |`,
    );
  };
  row('bare node:http SSE (ceiling)', f, null);
  row('Shro, one instance', r.fanoutOne, 1.2);
  row('Shro, two instances over Redis', r.fanoutTwo, 2, r.fanoutOne);
  lines.push('');
  if (r.fanoutTurns.length > 0) {
    const turns = r.fanoutTurns
      .map(
        (t) =>
          `${n(t.ceiling.firstP95, 1)} → ${n(t.app.firstP95, 1)} from the first watcher (${firstWatcherRatio(t).toFixed(2)}×), ${n(t.ceiling.p95, 1)} → ${n(t.app.p95, 1)} from the answer`,
      )
      .join('; ');
    lines.push(
      `The ceiling and one instance take ${r.fanoutTurns.length === 1 ? 'one turn' : `${r.fanoutTurns.length} turns`}, each the ceiling then the app, and the rows above are the turn with the median ratio from the first watcher (decision 023). Every turn's p95 in ms, ceiling → app: ${turns}. The bare server answers its POST first and then sends its frames (\`res.write\` sends on the next tick), so its times from the answer are its whole fan-out; the app writes every frame before it answers (decision 161), so its watchers mostly hold the event before the answer arrives and those times read 0, as with two instances. The one-instance row is therefore judged from the first watcher: each arrival timed from the round's first, which compares the fan-outs themselves whichever server answered first. Much of it is this process reading ${n(SIZES.watchers)} channels, so a turn's figures move with the machine's moment.`,
    );
    lines.push('');
  }
  lines.push(
    "Requests per pick: the app's request log lines during one round (the select, and the GETs of the watchers acting as visitors' tabs with web/lib/live.ts's rule: events carry the public state, decision 100), the most over the rounds.",
  );
  lines.push('');
  lines.push('| setup | watchers | requests per pick | goal |');
  lines.push('| --- | ---: | ---: | --- |');
  const requests = (label: string, x: FanoutResult | undefined) => {
    if (x?.requestsPerPick === undefined) return;
    lines.push(`| ${label} | ${n(x.watchers)} | ${x.requestsPerPick} | ≤ 5${mark(x.requestsPerPick <= 5)} |`);
  };
  requests('Shro, one instance', r.fanoutThousand);
  requests('Shro, one instance', r.fanoutOne);
  requests('Shro, two instances over Redis', r.fanoutTwo);
  lines.push('');
  lines.push(
    "With Redis, a select's answer waits until its own event has come back through Redis (so every instance has applied it first; decision 074), so watchers on both instances usually hold the event before the answer arrives and the times from the response read 0. That row is judged on the time from the request sent instead, against one instance's.",
  );
  lines.push('');
  lines.push('## 5. Web: compressed first load from the production build');
  lines.push('');
  lines.push(
    "What a first visit downloads before the page renders: the entry, its preloads and the route's own chunk with its static imports (the account menu and dialogs load on intent, decision 094). These are a visitor's files: a signed-in visit also loads the signed-in shell and the member's part of the page, measured in Chromium in section 6 (its `cold, signed in` rows). The server sends the build's brotli files to browsers that accept brotli (over HTTPS, every current browser) and gzip otherwise; the goal is judged on brotli, what a phone gets (gzip, for a client on plain HTTP, is over it since the languages came, decision 169).",
  );
  lines.push('');
  lines.push('| route | JS brotli KB | JS gzip KB | CSS gzip KB | files | goal |');
  lines.push('| --- | ---: | ---: | ---: | ---: | --- |');
  // The routes a visitor lands on: the first-load goal is theirs.
  const isLanding = (route: { route: string }) => route.route === '/' || route.route === '/session/{id}';
  if (r.web) {
    for (const route of r.web.routes) {
      const goal = isLanding(route) ? `JS ≤ 110 KB${mark(route.jsBrotli / 1024 <= 110)}` : '';
      lines.push(
        `| \`${route.route}\` | ${n(route.jsBrotli / 1024, 1)} | ${n(route.jsGzip / 1024, 1)} | ${n(route.cssGzip / 1024, 1)} | ${route.files} | ${goal} |`,
      );
    }
  }
  if (r.web && r.web.locales.length > 0) {
    lines.push('');
    lines.push(
      "A page also preloads the first part of its language's catalog before it renders (decision 169): the first load of `/` and `/session/{id}` in each language.",
    );
    lines.push('');
    lines.push('| language | catalog JS brotli KB | `/` JS brotli KB | `/session/{id}` JS brotli KB | goal |');
    lines.push('| --- | ---: | ---: | ---: | --- |');
    const landingRoutes = r.web.routes.filter(isLanding);
    for (const catalog of r.web.locales) {
      const totals = landingRoutes.map((route) => ({ brotli: route.jsBrotli + catalog.jsBrotli }));
      const within = totals.every((total) => total.brotli / 1024 <= 110);
      lines.push(
        `| ${catalog.locale} | ${n(catalog.jsBrotli / 1024, 1)} | ${totals.map((total) => n(total.brotli / 1024, 1)).join(' | ')} | JS ≤ 110 KB${mark(within)} |`,
      );
    }
  }
  lines.push('');
  lines.push('## 6. Real network: a cold load of `/session/{id}` in Chromium');
  lines.push('');
  if (r.network?.length) {
    lines.push(
      `Chromium at 390x844, throttled through CDP \`Network.emulateNetworkConditions\` (slow 3G: 400 kbit/s down, 400 ms RTT; fast 3G: 1.6 Mbit/s down, 150 ms), a public Shro opened by a visitor, and by a signed-in user who is not its creator. A cold load has an empty cache and service workers blocked, so that every file it needs comes over the throttled network and is counted (a worker's own requests are neither); the repeat visit is a new tab of a browser whose service worker installed on an earlier load, and the worker's own requests (the page, which it fetches from the network) are throttled as the page's are. Bytes as transferred, headers included; the scripts arrived as ${[...new Set(r.network.flatMap((f) => f.scriptEncodings))].join(', ') || 'none'}. "Boxes visible": the four boxes on screen, timed from navigation start (on a signed-in \`CPU 4×\` row, once each is an enabled button a tap opens). The \`CPU 4×\` rows slow the CPU four times through CDP \`Emulation.setCPUThrottlingRate\`, as Lighthouse's mobile mode does. Goals: a visitor's boxes (issue 12 item 3), the boxes of a CPU-slowed cold load ≤ 2.5 s (issue 37 item 3), and the JavaScript of every cold load ≤ 110 KB (issue 12 item 2).`,
    );
    lines.push('');
    lines.push('| network | visit | JS KB | total KB | requests (from cache) | FCP ms | boxes visible ms | goal |');
    lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const f of r.network) {
      const cpuSlowed = f.visit.endsWith('CPU 4×');
      const limit = cpuSlowed
        ? 2500
        : f.visit === 'repeat'
          ? f.profile === 'slow 3G'
            ? 1000
            : null
          : f.profile === 'slow 3G'
            ? 6000
            : 2000;
      const goals: string[] = [];
      if (f.visit !== 'cold, signed in' && limit !== null)
        goals.push(`boxes ≤ ${limit / 1000} s${mark(f.boxesMs === null ? false : f.boxesMs <= limit)}`);
      if (f.visit !== 'repeat') goals.push(`JS ≤ 110 KB${mark(f.jsBytes / 1024 <= 110)}`);
      const goal = goals.join(', ');
      lines.push(
        `| ${f.profile} | ${f.visit} | ${n(f.jsBytes / 1024, 1)} | ${n(f.totalBytes / 1024, 1)} | ${f.requests} (${f.fromCache}) | ${n(f.fcpMs ?? undefined)} | ${f.boxesMs === null ? 'not seen' : n(f.boxesMs)} | ${goal} |`,
      );
    }
    for (const f of r.network.filter((each) => (each.samplesMs?.length ?? 0) > 1)) {
      lines.push('');
      lines.push(
        `The ${f.profile} ${f.visit} visit was measured ${f.samplesMs!.length} times${f.visit === 'repeat' ? ', each after a first load in a new browser context' : ', each in a new browser context'}; the row is the median one. Boxes visible each time: ${f.samplesMs!.map((ms) => (ms === null ? 'not seen' : `${n(ms)} ms`)).join(', ')}.`,
      );
    }
  } else lines.push('Not measured in this run (see the notes).');
  lines.push('');
  lines.push(
    `## 7. Memory: server RSS after seeding ${n(SIZES.shros)} Shros and ${n(SIZES.participations)} participations`,
  );
  lines.push('');
  lines.push('| database | RSS MB | heap + external MB | goal |');
  lines.push('| --- | ---: | ---: | --- |');
  for (const [kind, m] of Object.entries(r.memory)) {
    if (!m) continue;
    // The embedded database lives in the server's own memory, so only PGlite has a goal.
    const goal = kind === 'PGlite' ? `≤ 400 MB${mark(m.rssMb <= 400)}` : '';
    lines.push(`| ${kind} | ${n(m.rssMb)} | ${n(m.heapMb)} | ${goal} |`);
  }
  lines.push('');
  lines.push('Per open live channel: section 4 (goal ≤ 10 KB).');
  lines.push('');
  lines.push('## 8. Shro preview image: `GET /api/sessions/{id}/preview.png`');
  lines.push('');
  if (r.preview) {
    const p = r.preview;
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];
    lines.push(
      `Issue 13 item 6 (decision 125): the 1200 × 630 PNG of a link Shro, over HTTP from this process to the app on PGlite. Cold: the first request for each of ${p.coldMs.length} Shros (different titles, emoji, one cut short; the first request of the run also loads the fonts): read, render, encode, send. Cached: the same image again, from the rendered-image cache; 304: again with its ETag.`,
    );
    lines.push('');
    lines.push('| request | samples | ms each | median ms | max ms | goal |');
    lines.push('| --- | ---: | --- | ---: | ---: | --- |');
    const coldAfterFirst = p.coldMs.slice(1);
    lines.push(
      `| cold render | ${p.coldMs.length} | ${p.coldMs.map((ms) => n(ms)).join(' / ')} | ${n(median(coldAfterFirst.length ? coldAfterFirst : p.coldMs))} | ${n(Math.max(...p.coldMs))} | median after the first ≤ 250 ms${mark((median(coldAfterFirst.length ? coldAfterFirst : p.coldMs) ?? Infinity) <= 250)} |`,
    );
    lines.push(
      `| cached image | ${p.hitMs.length} | | ${n(median(p.hitMs), 1)} | ${n(Math.max(...p.hitMs), 1)} | ≤ 20 ms${mark((median(p.hitMs) ?? Infinity) <= 20)} |`,
    );
    lines.push(
      `| 304 Not Modified | ${p.notModifiedMs.length} | | ${n(median(p.notModifiedMs), 1)} | ${n(Math.max(...p.notModifiedMs), 1)} | |`,
    );
    lines.push('');
    const rendered = p.cache.misses === p.coldMs.length;
    lines.push(
      `PNG sizes ${p.bytes.map((b) => n(b / 1024)).join(' / ')} KB (WhatsApp shows images up to 300 KB${mark(Math.max(...p.bytes) <= 300 * 1024)}). Rendered-image cache: ${p.cache.misses} renders (one per Shro${mark(rendered)}), ${p.cache.hits} answers from memory, ${p.cache.size} images kept.`,
    );
  } else lines.push('Not measured in this run.');
  lines.push('');
  lines.push('## 9. Lighthouse, mobile mode: the main pages');
  lines.push('');
  if (r.lighthouse) lines.push(...lighthouseSection(r.lighthouse));
  else lines.push('Not measured in this run (see the notes).');
  if (r.notes.length) {
    lines.push('');
    lines.push('## Notes from this run');
    lines.push('');
    for (const note of r.notes) lines.push(`- ${note}`);
  }
  lines.push('');
  return lines.join('\n');
}

function lighthouseSection(run: LighthouseRun): string[] {
  const g = LIGHTHOUSE_GOALS;
  const perRun = run.pages[0]?.runs ?? 0;
  const lines = [
    `Lighthouse ${run.version} in its default mobile mode (simulated slow 4G, 4× CPU slowdown) at 390x844, against the production build and server on a fresh embedded database seeded through the API (bench/lighthouse.ts), served ${run.protocol === 'HTTP/1.1' ? 'over plain HTTP/1.1 (no `openssl` for the HTTPS front of decision 182)' : 'over HTTPS and HTTP/2 through a local front, as the proxies of docs/deploy.md serve it (decision 182)'}; ${perRun === 1 ? 'one run per page' : `the median of ${perRun} runs per page (performance, TBT, LCP, CLS and FCP each their median; the other scores the median-performance run's)`}. Benchmark index of this machine: ${n(run.benchmarkIndex)}. Goals (issue 37): performance ≥ ${g.performance}, TBT ≤ ${g.tbtMs} ms, LCP ≤ ${g.lcpMs / 1000} s, CLS ≤ ${g.cls}, accessibility ${g.accessibility}, best practices ${g.bestPractices}, SEO ${g.seo} where the page is meant to be indexed. CI's smoke floor: performance ≥ ${LIGHTHOUSE_SMOKE_FLOOR.performance}, TBT ≤ ${LIGHTHOUSE_SMOKE_FLOOR.tbtMs} ms.`,
    '',
    '| page | performance | TBT ms | LCP s | CLS | FCP s | accessibility | best practices | SEO | goals |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const p of run.pages) {
    const met =
      p.performance >= g.performance &&
      p.tbtMs <= g.tbtMs &&
      p.lcpMs <= g.lcpMs &&
      p.cls <= g.cls &&
      p.accessibility >= g.accessibility &&
      p.bestPractices >= g.bestPractices &&
      (!p.indexed || p.seo >= g.seo);
    lines.push(
      `| ${p.signedIn ? 'signed in' : 'visitor'} \`${p.name}\` | ${p.performance} | ${n(p.tbtMs)} | ${n(p.lcpMs / 1000, 2)} | ${n(p.cls, 2)} | ${n(p.fcpMs / 1000, 2)} | ${p.accessibility} | ${p.bestPractices} | ${p.indexed ? p.seo : `${p.seo} (noindex)`} |${mark(met)} |`,
    );
  }
  lines.push('');
  lines.push(
    "Main thread of each page's median run, the largest groups (ms, throttled), and what kept a score under its goal:",
  );
  lines.push('');
  for (const p of run.pages) {
    const work = p.mainThread.map((m) => `${m.group} ${n(m.ms)}`).join(', ');
    const failed = [...p.failedAudits].join(', ');
    lines.push(
      `- ${p.signedIn ? 'signed in' : 'visitor'} \`${p.name}\`: ${work}${failed ? `; failed audits: ${failed}` : ''}.`,
    );
  }
  return lines;
}
