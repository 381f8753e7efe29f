/**
 * Real-network figures (issue 12, item 3): Chromium loads `/session/{id}` as a cold visitor through
 * CDP network throttling, and again as a repeat visitor whose service worker and HTTP cache hold
 * the app. What is timed is what a person waits for: first contentful paint, and the moment the
 * boxes are on screen (`[data-box-art]`, web/components/mystery-box-art.tsx). Every request is
 * throttled, the service worker's included.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { medianBy } from './median';

export interface NetworkProfile {
  name: string;
  /** Bytes per second. */
  down: number;
  up: number;
  /** Round-trip time added to every request, ms. */
  rtt: number;
}

/** The two profiles: slow 3G 400 kbit/s at 400 ms, fast 3G 1.6 Mbit/s at 150 ms. */
export const SLOW_3G: NetworkProfile = { name: 'slow 3G', down: 400_000 / 8, up: 400_000 / 8, rtt: 400 };
export const FAST_3G: NetworkProfile = { name: 'fast 3G', down: 1_600_000 / 8, up: 750_000 / 8, rtt: 150 };

export interface LoadFigures {
  profile: string;
  /**
   * `cold, signed in`: an empty cache, with a returning user's auth cookie (the invitee who has an
   * account). `… CPU 4×`: the same cold load with the CPU slowed as Lighthouse's mobile mode slows
   * it (issue 37 item 3); the signed-in one times the boxes once they can be tapped.
   */
  visit: 'cold' | 'repeat' | 'cold, signed in' | 'cold, CPU 4×' | 'cold, signed in, CPU 4×';
  /** Bytes on the wire (encoded, as transferred), scripts and everything. */
  jsBytes: number;
  totalBytes: number;
  requests: number;
  /** Requests answered by the service worker or the memory/disk cache. */
  fromCache: number;
  /** The `content-encoding` the scripts arrived with (`br`, `gzip`, or `none`). */
  scriptEncodings: string[];
  fcpMs: number | null;
  boxesMs: number | null;
  /** A visit measured several times: every time the boxes took (the figures are the median visit's). */
  samplesMs?: (number | null)[];
}

/**
 * Records, in the page, when `count` boxes were first on screen (`window.__boxesAt`); with
 * `tappable`, each inside an enabled button, so that a tap on it would open it (a visitor's boxes
 * invite to sign in and are not buttons). A string, not a function: tsx (keepNames) would put
 * `__name` helpers into a function's text, which the page lacks.
 */
const watchBoxes = (count: number, tappable: boolean) => `(() => {
  const check = () => {
    if (window.__boxesAt !== undefined) return;
    const visible = [...document.querySelectorAll('[data-box-art]')].filter((el) => {
      const r = el.getBoundingClientRect();
      const button = el.closest('button');
      const ready = ${tappable} ? Boolean(button && !button.disabled) : true;
      return ready && r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
    });
    if (visible.length >= ${count}) window.__boxesAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function throttle(cdp: CDPSession, profile: NetworkProfile) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rtt,
    downloadThroughput: profile.down,
    uploadThroughput: profile.up,
  });
}

/**
 * Throttles the network of every service worker the browser runs, as the page's is. A page's CDP
 * throttling does not cover the requests its worker makes: the repeat visit's page, which the
 * worker fetches from the network (web/public/sw.js), would otherwise arrive unthrottled. A worker
 * is its own CDP target; Playwright offers no session for it, so the browser's session sends it
 * the commands (`Target.sendMessageToTarget`). Returns how many workers it throttled.
 */
async function throttleServiceWorkers(browser: Browser, profile: NetworkProfile): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const workers = targetInfos.filter((target) => target.type === 'service_worker');
  // The worker's answers come back as events; each command waits for its own and fails on an error.
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; error?: { message: string } };
    const waiter = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id!);
    if (reply.error) waiter.reject(new Error(`service worker throttling: ${reply.error.message}`));
    else waiter.resolve();
  });
  let id = 0;
  for (const worker of workers) {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const send = (method: string, params: object) => {
      const commandId = ++id;
      const answered = new Promise<void>((resolve, reject) => {
        waiting.set(commandId, { resolve, reject });
        session
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: commandId, method, params }) })
          .catch(reject);
      });
      return answered;
    };
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rtt,
      downloadThroughput: profile.down,
      uploadThroughput: profile.up,
    });
  }
  return workers.length;
}

/** Counts what one navigation transfers, from the CDP network events. */
function countTransfers(cdp: CDPSession) {
  const types = new Map<string, string>();
  const cached = new Set<string>();
  const encodings = new Set<string>();
  const totals = { jsBytes: 0, totalBytes: 0, requests: 0, fromCache: 0, scriptEncodings: [] as string[] };
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    if (event.type === 'Script') {
      const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      encodings.add(String(header?.[1] ?? 'none'));
      totals.scriptEncodings = [...encodings].sort();
    }
    if (event.response.fromServiceWorker || event.response.fromDiskCache) cached.add(event.requestId);
  });
  cdp.on('Network.requestServedFromCache', (event) => cached.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    totals.requests++;
    if (cached.has(event.requestId)) totals.fromCache++;
    totals.totalBytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') totals.jsBytes += event.encodedDataLength;
  });
  return totals;
}

async function timedLoad(
  page: Page,
  cdp: CDPSession,
  url: string,
  profile: NetworkProfile,
  visit: LoadFigures['visit'],
) {
  const totals = countTransfers(cdp);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Polled inside the page (`waitForFunction` would need eval, which the app's CSP refuses).
  const boxesMs = (await page.evaluate(`new Promise((resolve) => {
    const deadline = Date.now() + 60000;
    const poll = () => window.__boxesAt !== undefined ? resolve(window.__boxesAt)
      : Date.now() > deadline ? resolve(null) : setTimeout(poll, 50);
    poll();
  })`)) as number | null;
  // Late requests (the live channel, lazy chunks) finish counting before the figures are read.
  await page.waitForTimeout(500);
  const fcpMs = (await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")) as
    | number
    | null;
  return { profile: profile.name, visit, ...totals, fcpMs, boxesMs } satisfies LoadFigures;
}

/**
 * One cold visitor load per profile (a fresh browser context each: empty cache, no service
 * worker), then, on the first profile, a repeat visit once the service worker has installed
 * (`repeats` times, the median kept); then one cold load per profile by a signed-in user
 * (`signedInCookie`, `name=value`): the signed-in shell and the member's part of the page load
 * then too.
 */
export async function measureNetworkLoads(
  origin: string,
  shroId: string,
  profiles: NetworkProfile[],
  signedInCookie: string,
  repeats = 1,
  chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<LoadFigures[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const url = `${origin}/session/${shroId}`;
  const figures: LoadFigures[] = [];
  // A phone: the page every invitee sees first, usually on one. A cold load's figures are taken
  // with service workers blocked: the worker's own requests (it precaches the app's chunks once
  // it is installed) are neither throttled nor seen by the page's CDP session, and the page would
  // then count the chunks it gets from the worker as 0 bytes, although they came over the network.
  const phone = async (workers: 'allow' | 'block', tappable = false) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
      serviceWorkers: workers,
    });
    await context.addInitScript(watchBoxes(4, tappable));
    return context;
  };
  const signIn = (context: BrowserContext) => {
    const at = signedInCookie.indexOf('=');
    return context.addCookies([
      { name: signedInCookie.slice(0, at), value: signedInCookie.slice(at + 1), url: origin },
    ]);
  };
  try {
    for (const [index, profile] of profiles.entries()) {
      const context = await phone('block');
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await throttle(cdp, profile);
      figures.push(await timedLoad(page, cdp, url, profile, 'cold'));
      await context.close();
      if (index === 0) {
        // The repeat visit, `repeats` times (it moves by hundreds of milliseconds from one to the
        // next on a shared machine; the median is reported, with every time): a first load installs
        // the worker (it precaches the shell and hashed bundles), then a new tab of the same browser
        // loads the page again.
        const visits: LoadFigures[] = [];
        for (let visit = 0; visit < repeats; visit++) {
          const visited = await phone('allow');
          const first = await visited.newPage();
          await first.goto(url, { waitUntil: 'load', timeout: 120_000 });
          await first.evaluate('navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)');
          await first.waitForTimeout(1000);
          // The worker's own requests (the page itself) go over the same slow network.
          if ((await throttleServiceWorkers(browser, profile)) === 0) throw new Error('no service worker to throttle');
          const repeat = await visited.newPage();
          const repeatCdp = await visited.newCDPSession(repeat);
          await throttle(repeatCdp, profile);
          visits.push(await timedLoad(repeat, repeatCdp, url, profile, 'repeat'));
          await visited.close();
        }
        // A visit whose boxes never showed counts as the slowest.
        const median = medianBy(visits, (visit) => visit.boxesMs ?? Number.POSITIVE_INFINITY);
        figures.push({ ...median, samplesMs: visits.map((visit) => visit.boxesMs) });
      }
    }
    for (const profile of profiles) {
      const context = await phone('block');
      await signIn(context);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await throttle(cdp, profile);
      figures.push(await timedLoad(page, cdp, url, profile, 'cold, signed in'));
      await context.close();
    }
    // Issue 37 item 3: fast 3G with the CPU four times slower, as a mid-range phone's; a visitor's
    // boxes on screen, and a signed-in invitee's boxes once tappable, each the median of `repeats`.
    for (const visit of ['cold, CPU 4×', 'cold, signed in, CPU 4×'] as const) {
      const signedIn = visit === 'cold, signed in, CPU 4×';
      const visits: LoadFigures[] = [];
      for (let each = 0; each < repeats; each++) {
        const context = await phone('block', signedIn);
        if (signedIn) await signIn(context);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await throttle(cdp, FAST_3G);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        visits.push(await timedLoad(page, cdp, url, FAST_3G, visit));
        await context.close();
      }
      const median = medianBy(visits, (load) => load.boxesMs ?? Number.POSITIVE_INFINITY);
      figures.push({ ...median, samplesMs: visits.map((load) => load.boxesMs) });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
