/**
 * Lighthouse in its default mobile mode (issue 37): the production build served by the production
 * server on a fresh embedded database, seeded through the API as people would fill it (friends, a
 * public Shro, a private one with a pick, a chat), then every main page measured as a visitor and
 * as a signed-in user. Chromium is Debian's, driven through its DevTools port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../tests/support/redis-server';
import { HttpUser, ServerProcess } from '../tests/support/server-process';
import { selfSignedCertificate, startHttpsProxy } from './https-proxy';
import { medianBy } from './median';

const median = (values: number[]) => medianBy(values, (value) => value);

export interface LighthousePage {
  name: string;
  signedIn: boolean;
  /** Meant to be found by search engines: SEO counts only there. */
  indexed: boolean;
}

export interface LighthouseFigures extends LighthousePage {
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** What the main thread spent its time on, in the median run: the largest groups, ms. */
  mainThread: { group: string; ms: number }[];
  /** Audits of the median run that cost accessibility, best practices or (where indexed) SEO points. */
  failedAudits: string[];
}

export interface LighthouseRun {
  version: string;
  benchmarkIndex: number;
  /** How the pages were served: through the HTTPS + HTTP/2 front, or plain HTTP/1.1 without one. */
  protocol: 'HTTPS, HTTP/2' | 'HTTP/1.1';
  pages: LighthouseFigures[];
}

/** The goals, per page (SEO only where the page is meant to be indexed). */
export const LIGHTHOUSE_GOALS = {
  performance: 90,
  tbtMs: 200,
  lcpMs: 2500,
  cls: 0.05,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};

/** CI's smoke floor: a little below the goals, so that a regression shows and noise does not fail CI. */
export const LIGHTHOUSE_SMOKE_FLOOR = { performance: 80, tbtMs: 500, accessibility: 100, bestPractices: 100 };

const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A call that must succeed (the seed is test data, not what is measured): its JSON answer. */
async function ok<T>(user: HttpUser, method: string, url: string, body?: unknown): Promise<T> {
  const response = await user.call(method, url, body);
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${response.text}`);
  return response.json as T;
}

async function account(origin: string, username: string) {
  const user = new HttpUser(origin);
  return Object.assign(user, { id: (await user.register(username)).id, username });
}

const textShro = (title: string, options: string[], delivery: Record<string, unknown>) => ({
  title,
  type: 'text',
  isShareable: false,
  isPublic: false,
  textOptions: options.map((content) => ({ content })),
  ...delivery,
});

/** What the pages show: three friends, Shros of every delivery, a pick and a chat. */
async function seed(origin: string) {
  const ana = await account(origin, 'ana_lighthouse');
  const ben = await account(origin, 'ben_lighthouse');
  const cleo = await account(origin, 'cleo_lighthouse');
  for (const friend of [ben, cleo]) {
    await ok(ana, 'POST', '/api/friends/request', { friendId: friend.id });
    await ok(friend, 'POST', '/api/friends/accept', { friendId: ana.id });
  }
  const publicShro = await ok<{ id: string }>(
    ben,
    'POST',
    '/api/sessions',
    textShro('Where should we eat tonight?', ['Ramen', 'Tacos', 'Pizza', 'Curry'], {
      isPublic: true,
      hashtags: 'food, friday',
    }),
  );
  await ok(
    cleo,
    'POST',
    '/api/sessions',
    textShro('Weekend plan', ['Hike', 'Museum', 'Beach', 'Cinema'], { isPublic: true, hashtags: 'weekend' }),
  );
  const privateShro = await ok<{ id: string; boxes: { id: number; position: number }[] }>(
    ana,
    'POST',
    '/api/sessions',
    textShro('Movie night pick', ['Comedy', 'Thriller', 'Documentary', 'Animation'], {
      recipients: JSON.stringify([ben.id, cleo.id]),
    }),
  );
  await ok(ben, 'POST', `/api/sessions/${privateShro.id}/select`, { boxId: privateShro.boxes[0]!.id });
  await ok(
    ana,
    'POST',
    '/api/sessions',
    textShro('Coffee or tea?', ['Coffee', 'Tea', 'Matcha', 'Cocoa'], {
      isShareable: true,
    }),
  );
  for (const [from, to, content] of [
    [ana, ben, 'Are you free on Friday?'],
    [ben, ana, 'Yes! Send me a Shro and I will open a box.'],
    [ana, ben, 'Done, check your notifications.'],
  ] as const) {
    await ok(from, 'POST', '/api/chat/send', { recipientId: to.id, content });
  }
  return { ana, ben, publicShroId: publicShro.id, privateShroId: privateShro.id };
}

/** The pages of the goals, with the paths of this run's seed. */
function pagesOf(seeded: Awaited<ReturnType<typeof seed>>): (LighthousePage & { path: string })[] {
  return [
    { name: '/', path: '/', signedIn: false, indexed: true },
    { name: '/session/{id} (public)', path: `/session/${seeded.publicShroId}`, signedIn: false, indexed: true },
    { name: '/login', path: '/login', signedIn: false, indexed: false },
    { name: '/@{username}', path: `/@${seeded.ben.username}`, signedIn: false, indexed: true },
    { name: '/', path: '/', signedIn: true, indexed: false },
    { name: '/explore', path: '/explore', signedIn: true, indexed: false },
    { name: '/session/{id}', path: `/session/${seeded.privateShroId}`, signedIn: true, indexed: false },
    { name: '/create', path: '/create', signedIn: true, indexed: false },
    { name: '/history', path: '/history', signedIn: true, indexed: false },
    { name: '/chat', path: '/chat', signedIn: true, indexed: false },
  ];
}

/** The pages CI's smoke run checks against the floor (decision 175): a visitor's landing page and Shro. */
const SMOKE_PAGES = new Set(['/|false', '/session/{id} (public)|false']);

const mobileSettings = {
  // Lighthouse's default mobile mode (simulated slow 4G, 4× CPU), on the 390x844 screen.
  formFactor: 'mobile' as const,
  screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2.625, disabled: false },
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
};

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(page: LighthousePage, runs: Lhr[]): LighthouseFigures {
  const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The median run by performance: its other figures are that run's, so they belong together.
  const sorted = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const breakdown = (
    mid.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] }
  )?.items;
  const categories = ['accessibility', 'best-practices', ...(page.indexed ? ['seo'] : [])];
  const failedAudits = categories.flatMap((id) =>
    (mid.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (mid.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    ...page,
    runs: runs.length,
    performance: median(runs.map((lhr) => score(lhr, 'performance'))),
    accessibility: score(mid, 'accessibility'),
    bestPractices: score(mid, 'best-practices'),
    seo: score(mid, 'seo'),
    tbtMs: median(runs.map((lhr) => metric(lhr, 'total-blocking-time'))),
    lcpMs: median(runs.map((lhr) => metric(lhr, 'largest-contentful-paint'))),
    cls: median(runs.map((lhr) => metric(lhr, 'cumulative-layout-shift'))),
    fcpMs: median(runs.map((lhr) => metric(lhr, 'first-contentful-paint'))),
    mainThread: (breakdown ?? [])
      .map((item) => ({ group: item.groupLabel, ms: item.duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4),
    failedAudits,
  };
}

/**
 * One Lighthouse run of `url`. Lighthouse now and then loses a page load's trace (NO_NAVSTART and
 * the like): such a run is tried again, up to twice, and is never a figure.
 */
async function audit(url: string, port: number): Promise<Lhr> {
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error' },
      { extends: 'lighthouse:default', settings: mobileSettings },
    );
    if (result && !result.lhr.runtimeError) return result.lhr;
    error = result?.lhr.runtimeError?.message ?? 'no result';
  }
  throw new Error(`Lighthouse on ${url}: ${error}`);
}

/**
 * Every page `runsPerPage` times (the median is reported); `smokeOnly`: CI's two pages only.
 * Returns why when there is no Chromium or no production server build.
 */
export async function measureLighthouse(
  root: string,
  webDist: string,
  { runsPerPage, smokeOnly }: { runsPerPage: number; smokeOnly: boolean },
): Promise<LighthouseRun | string> {
  if (!fs.existsSync(chromiumPath())) return `No Chromium at ${chromiumPath()}: Lighthouse was skipped.`;
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'server.mjs')))
    return 'No production server build (dist/server): run `npm run build` first; Lighthouse was skipped.';
  // The pages as a phone gets them in production: over HTTPS and HTTP/2, from a server that knows
  // its public origin (decision 182).
  const tls = selfSignedCertificate();
  const frontPort = tls ? await freePort() : null;
  const publicOrigin = frontPort ? `https://127.0.0.1:${frontPort}` : null;
  // The production build, started as production starts it, on a throw-away database.
  const server = await ServerProcess.start(
    { DATA_DIR: ':memory:', WEB_DIST: webDist, ...(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {}) },
    undefined,
    undefined,
    path.join(root, 'dist', 'server', 'server.mjs'),
  );
  const front = tls && frontPort ? await startHttpsProxy(server.url, frontPort, tls) : null;
  const origin = front?.url ?? server.url;
  const debuggingPort = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shro-lighthouse-'));
  // The default browser context (a persistent one): Lighthouse opens its tabs there, with its cookies.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    // The front's certificate is the run's own, signed by nobody the browser knows.
    args: [`--remote-debugging-port=${debuggingPort}`, ...(front ? ['--ignore-certificate-errors'] : [])],
  });
  try {
    const seeded = await seed(server.url);
    const pages = pagesOf(seeded).filter((page) => !smokeOnly || SMOKE_PAGES.has(`${page.name}|${page.signedIn}`));
    // A first run in a new browser pays for its start (processes, fonts, caches): not measured.
    await audit(origin + pages[0]!.path, debuggingPort);
    const figures: LighthouseFigures[] = [];
    let version = '';
    const indexes: number[] = [];
    for (const page of pages) {
      const [name, value] = seeded.ana.cookie.split(/=(.*)/s);
      const cookies = [{ name: name!, value: value!, url: origin }];
      const runs: Lhr[] = [];
      for (let run = 0; run < runsPerPage; run++) {
        // Lighthouse keeps cookies across its storage reset: signed in or out is the jar's.
        await browser.clearCookies();
        if (page.signedIn) await browser.addCookies(cookies);
        const lhr = await audit(origin + page.path, debuggingPort);
        runs.push(lhr);
        version = lhr.lighthouseVersion;
        indexes.push(lhr.environment.benchmarkIndex);
      }
      const each = figuresOf(page, runs);
      figures.push(each);
      console.log(
        `[bench] lighthouse ${page.signedIn ? 'signed in' : 'visitor'} ${page.name}: performance ${each.performance}, TBT ${Math.round(each.tbtMs)} ms, LCP ${Math.round(each.lcpMs)} ms`,
      );
    }
    return { version, benchmarkIndex: median(indexes), protocol: front ? 'HTTPS, HTTP/2' : 'HTTP/1.1', pages: figures };
  } finally {
    await browser.close();
    await front?.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The smoke floor's failures (empty when every measured page holds it). */
export function belowSmokeFloor(run: LighthouseRun): string[] {
  const failures: string[] = [];
  for (const page of run.pages) {
    const who = `${page.signedIn ? 'signed in' : 'visitor'} ${page.name}`;
    const floor = LIGHTHOUSE_SMOKE_FLOOR;
    if (page.performance < floor.performance)
      failures.push(`${who}: performance ${page.performance} < ${floor.performance}`);
    if (page.tbtMs > floor.tbtMs)
      failures.push(`${who}: total blocking time ${Math.round(page.tbtMs)} ms > ${floor.tbtMs}`);
    if (page.accessibility < floor.accessibility)
      failures.push(`${who}: accessibility ${page.accessibility} < ${floor.accessibility}`);
    if (page.bestPractices < floor.bestPractices)
      failures.push(`${who}: best practices ${page.bestPractices} < ${floor.bestPractices}`);
  }
  return failures;
}
