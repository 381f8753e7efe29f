import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser bits analytics.ts touches, faked in Node. */
function fakeBrowser() {
  const listeners: Record<string, (() => void)[]> = {};
  const on = (key: string, fn: () => void) => {
    listeners[key] = [...(listeners[key] ?? []), fn];
  };
  const doc = {
    visibilityState: 'visible',
    addEventListener: (type: string, fn: () => void) => {
      on(`doc:${type}`, fn);
    },
  };
  const win = {
    location: { pathname: '/explore' },
    addEventListener: (type: string, fn: () => void) => {
      on(`win:${type}`, fn);
    },
  };
  const beacons: { url: string; body: Blob }[] = [];
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
  });
  const fire = (key: string) => {
    for (const fn of listeners[key] ?? []) fn();
  };
  return { doc, beacons, fire };
}

const bodies = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string).events as unknown[]);

describe('web analytics queue', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches events and sends them a few seconds later, with the spec category and the path', async () => {
    fakeBrowser();
    const { trackEvent, trackPageView, FLUSH_DELAY_MS } = await import('./analytics');
    trackPageView('/explore?q=secret');
    trackEvent('create_shro', { label: 'public' });
    trackEvent('search_movie', { label: 'x'.repeat(500) });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/analytics');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    const [events] = bodies(fetchMock);
    expect(events).toEqual([
      { name: 'page_view', category: 'navigation', label: null, path: '/explore' },
      { name: 'create_shro', category: 'engagement', label: 'public', path: '/explore' },
      { name: 'search_movie', category: 'content', label: 'x'.repeat(100), path: '/explore' },
    ]);
  });

  it('never sends an invite link’s token: the page is /invite/:token (decision 124)', async () => {
    fakeBrowser();
    (window as unknown as { location: { pathname: string } }).location.pathname = '/invite/SECRETtoken_abc';
    const { trackEvent, trackPageView, FLUSH_DELAY_MS } = await import('./analytics');
    trackPageView('/invite/SECRETtoken_abc?x=1');
    trackEvent('share_invite', { label: 'copy' });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    const [events] = bodies(fetchMock);
    expect(events).toEqual([
      { name: 'page_view', category: 'navigation', label: null, path: '/invite/:token' },
      { name: 'share_invite', category: 'social', label: 'copy', path: '/invite/:token' },
    ]);
  });

  it('sends at most 50 per batch, at once when a batch is full', async () => {
    fakeBrowser();
    const { trackEvent } = await import('./analytics');
    for (let i = 0; i < 120; i++) trackEvent('select_box', { label: i % 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies(fetchMock).map((b) => b.length)).toEqual([50, 50]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bodies(fetchMock).map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('hands what is queued to sendBeacon as a JSON Blob when the page is hidden or left', async () => {
    const browser = fakeBrowser();
    const { trackEvent } = await import('./analytics');
    trackEvent('view_explore');
    browser.doc.visibilityState = 'hidden';
    browser.fire('doc:visibilitychange');
    expect(browser.beacons).toHaveLength(1);
    expect(browser.beacons[0]!.url).toBe('/api/analytics');
    expect(browser.beacons[0]!.body.type).toBe('application/json');
    expect(JSON.parse(await browser.beacons[0]!.body.text())).toEqual({
      events: [{ name: 'view_explore', category: 'navigation', label: null, path: '/explore' }],
    });
    trackEvent('share_shro', { label: 'explore' });
    browser.fire('win:pagehide');
    expect(browser.beacons).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never throws into the page when sending fails', async () => {
    fakeBrowser();
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const { trackEvent, flushAnalytics } = await import('./analytics');
    expect(() => trackEvent('friend_request')).not.toThrow();
    await expect(flushAnalytics()).resolves.toBeUndefined();
  });

  it('works without a browser at all (no window)', async () => {
    const { trackEvent } = await import('./analytics');
    expect(() => trackEvent('view_result', { label: 'abc' })).not.toThrow();
  });
});
