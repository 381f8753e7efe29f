/** The bench's measurements: HTTP load, picks, live fan-out, request log lines. */
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { SeedInfo } from './app-server';
import type { Child } from './children';
import type { FanoutResult, HttpResult, LogLines } from './report';
import { SIZES } from './sizes';
import { Watchers } from './watchers';

export async function load(url: string, headers: Record<string, string>): Promise<HttpResult> {
  const result = await autocannon({
    url,
    headers,
    connections: SIZES.connections,
    duration: SIZES.duration,
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

/** 1,000 distinct users each open one box of the same shareable Shro, as fast as they can. */
export async function selects(
  port: number,
  seed: SeedInfo,
): Promise<{ perSecond: number; seconds: number; non2xx: number }> {
  let next = 0;
  const started = performance.now();
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
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: seed.selectorCookies.length / seconds, seconds, non2xx: result.non2xx };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Opens the watchers (split over the servers), fires `rounds` events, and times each watcher's
 * arrival from the moment the firing request's response arrived (an arrival before it counts 0).
 */
export async function fanout(
  servers: Child[],
  path: string,
  fire: (round: number) => Promise<void>,
  marker: string,
): Promise<FanoutResult> {
  const before = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const watchers = new Watchers();
  const share = Math.ceil(SIZES.watchers / servers.length);
  for (const server of servers) await watchers.open(server.port, path, share);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = (await Promise.all(servers.map((s) => s.ask('memory')))) as NodeJS.MemoryUsage[];
  const rss = after.reduce((sum, m, i) => sum + m.rss - before[i]!.rss, 0);
  const heap = after.reduce(
    (sum, m, i) => sum + m.heapUsed + m.external - before[i]!.heapUsed - before[i]!.external,
    0,
  );

  const latencies: number[] = [];
  const sinceSent: number[] = [];
  let delivered = 0;
  for (let round = 0; round < SIZES.rounds; round++) {
    const { done } = watchers.expect(marker);
    const sentAt = performance.now();
    await fire(round);
    const answeredAt = performance.now();
    const arrivals = await done;
    delivered += arrivals.length;
    for (const at of arrivals) {
      latencies.push(Math.max(0, at - answeredAt));
      sinceSent.push(at - sentAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  watchers.close();
  latencies.sort((x, y) => x - y);
  sinceSent.sort((x, y) => x - y);
  return {
    sentP95: percentile(sinceSent, 95),
    watchers: watchers.size || share * servers.length,
    delivered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    kbPerChannel: rss / 1024 / (share * servers.length),
    heapKbPerChannel: heap / 1024 / (share * servers.length),
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

export function countLogLines(file: string, method: string, route: string): LogLines {
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
    if (entry.msg === 'request completed' && entry.method === method && entry.route === route) matching++;
  }
  return { route: matching, all, bytes: Buffer.byteLength(text) };
}
