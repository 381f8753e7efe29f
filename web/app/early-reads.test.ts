import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyReads } from './early-reads';

/** The parts of a Shro page that load on their own (decision 143): only whether they load is checked. */
const parts = vi.hoisted(() => {
  const part = () => ({ preload: vi.fn(async () => undefined) });
  return { view: part(), actions: part(), board: part(), note: part(), result: part(), checks: part() };
});
vi.mock('@/features/shros/components/session/session-parts', () => ({
  shroViewPart: parts.view,
  creatorBoardPart: parts.board,
  moderationNotePart: parts.note,
  openedResultPart: parts.result,
  boxChecksPart: parts.checks,
}));
vi.mock('./routes/session-member-actions-part', () => ({ sessionMemberActionsPart: parts.actions }));
/** Which parts' code the start loaded. */
const preloaded = () =>
  Object.entries(parts)
    .filter(([, part]) => part.preload.mock.calls.length > 0)
    .map(([name]) => name);

const shro = { id: 'abc', title: 'Where do we eat?' };
/** The Shro query's staleTime (web/features/shros/api/get-shro.ts): one poll interval. */
const POLL_MS = 2000;

/**
 * A page as the server wrote it: with a data block (decision 140) or without one, in a browser
 * with the signed-in marker (contract/auth.ts) unless `signedIn` is false.
 */
function stubPage(block?: { apiPath: string; text: string; at?: number }, { signedIn = true } = {}) {
  const element = block && {
    dataset: { apiPath: block.apiPath, at: String(block.at ?? Date.now()) },
    textContent: block.text,
    remove: vi.fn(),
  };
  vi.stubGlobal('document', {
    getElementById: () => null,
    querySelectorAll: () => (element ? [element] : []),
    cookie: signedIn ? 'theme=dark; shro_signed_in=1' : 'theme=dark',
  });
  return element;
}

/** Whether the cached Shro is older than the query's staleTime: a page mounting now would read it again. */
const staleAfterAPoll = (client: QueryClient) =>
  client
    .getQueryCache()
    .find({ queryKey: ['/api/sessions/abc'] })
    ?.isStaleByTime(POLL_MS);

/** The paths `fetch` was asked for, the auth check (which every page starts) left out. */
const reads = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map((call) => String((call as unknown[])[0])).filter((path) => path !== '/api/auth/user');

describe('early reads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const part of Object.values(parts)) part.preload.mockClear();
  });

  it('starts reading the Shro of a /session/:id tab at once, and the page finds it cached', async () => {
    stubPage();
    const fetch = vi.fn(async () => Response.json(shro));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/session/abc');
    expect(reads(fetch)).toEqual(['/api/sessions/abc']);
    await vi.waitFor(() => expect(client.getQueryData(['/api/sessions/abc'])).toEqual(shro));
    // Fresh for a poll interval: a page mounting now would not ask again.
    expect(staleAfterAPoll(client)).toBe(false);
  });

  it('a Shro the server read longer ago than a poll interval is stale at once: the page reads it again', () => {
    stubPage({ apiPath: '/api/sessions/abc', text: JSON.stringify(shro), at: Date.now() - 10_000 });
    vi.stubGlobal('fetch', vi.fn());
    const client = new QueryClient();
    startEarlyReads(client, '/session/abc');
    expect(client.getQueryData(['/api/sessions/abc'])).toEqual(shro);
    expect(staleAfterAPoll(client)).toBe(true);
  });

  it('takes the Shro the server put in the page: no read at all, fresh for a poll interval, the block gone', () => {
    const block = stubPage({ apiPath: '/api/sessions/abc', text: JSON.stringify(shro) });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/session/abc');
    expect(reads(fetch)).toEqual([]);
    expect(client.getQueryData(['/api/sessions/abc'])).toEqual(shro);
    expect(staleAfterAPoll(client)).toBe(false);
    expect(block!.remove).toHaveBeenCalled();
  });

  it.each([
    ['another Shro', { apiPath: '/api/sessions/other', text: JSON.stringify(shro) }],
    ['text that does not parse', { apiPath: '/api/sessions/abc', text: '{"id":' }],
  ])('reads the Shro itself when the page holds %s', async (_, data) => {
    stubPage(data);
    const fetch = vi.fn(async () => Response.json(shro));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/session/abc');
    expect(reads(fetch)).toEqual(['/api/sessions/abc']);
    await vi.waitFor(() => expect(client.getQueryData(['/api/sessions/abc'])).toEqual(shro));
  });

  it('takes the signed-in user the server put in the page (decision 174) until the auth check answers', async () => {
    const user = { id: 'u1', username: 'ana', email: 'ana@example.com' };
    const block = { textContent: JSON.stringify(user), remove: vi.fn() };
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'current-user' ? block : null),
      querySelectorAll: () => [],
      cookie: 'shro_signed_in=1',
    });
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/explore');
    // Shown at once, the block gone; the check still runs, and its answer is the state.
    expect(client.getQueryData(['/api/auth/user'])).toEqual(user);
    expect(block.remove).toHaveBeenCalled();
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual(['/api/auth/user']);
    answer(Response.json({ ...user, mustAcceptTerms: true }));
    await vi.waitFor(() => expect(client.getQueryData(['/api/auth/user'])).toEqual({ ...user, mustAcceptTerms: true }));
  });

  it('asks who is signed in when the page holds no user, or one that does not parse', () => {
    for (const text of [undefined, '{"id":']) {
      vi.stubGlobal('document', {
        getElementById: (id: string) => (id === 'current-user' && text ? { textContent: text, remove() {} } : null),
        querySelectorAll: () => [],
        cookie: 'shro_signed_in=1',
      });
      const fetch = vi.fn(async () => Response.json({ id: 'u1', username: 'ana' }));
      vi.stubGlobal('fetch', fetch);
      startEarlyReads(new QueryClient(), '/explore');
      expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual(['/api/auth/user']);
    }
  });

  it('takes the signed-in home’s inbox and friend requests from the page (decision 176), and nothing else', () => {
    const inbox = { waiting: [], live: [], hasCreated: false };
    const blocks = [
      {
        dataset: { apiPath: '/api/home', at: String(Date.now()) },
        textContent: JSON.stringify(inbox),
        remove: vi.fn(),
      },
      { dataset: { apiPath: '/api/friends/requests', at: String(Date.now()) }, textContent: '[]', remove: vi.fn() },
      { dataset: { apiPath: '/api/other', at: String(Date.now()) }, textContent: '{}', remove: vi.fn() },
    ];
    vi.stubGlobal('document', {
      getElementById: () => null,
      querySelectorAll: () => blocks,
      cookie: 'shro_signed_in=1',
    });
    const fetch = vi.fn(async () => Response.json({ id: 'u1', username: 'ana' }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/');
    expect(reads(fetch)).toEqual([]);
    expect(client.getQueryData(['/api/home'])).toEqual(inbox);
    expect(client.getQueryData(['/api/friends/requests'])).toEqual([]);
    expect(client.getQueryData(['/api/other'])).toBeUndefined();
    expect(blocks.map((block) => block.remove.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('reads nothing on other pages or a malformed link', () => {
    stubPage();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    for (const path of ['/', '/explore', '/session', '/session/a/b', '/sessionx/abc']) startEarlyReads(client, path);
    expect(reads(fetch)).toEqual([]);
  });

  it('reads the Shro the page will show, matched as the router matches (decoded, any case)', () => {
    stubPage();
    const fetch = vi.fn(async () => Response.json(shro));
    vi.stubGlobal('fetch', fetch);
    for (const path of ['/Session/abc', '/session/a%20b/', '/session/%E0%A4%A'])
      startEarlyReads(new QueryClient(), path);
    expect(reads(fetch)).toEqual(['/api/sessions/abc', '/api/sessions/a%20b', '/api/sessions/%25E0%25A4%25A']);
  });

  it('starts the auth check at once on every page, before the app renders (decision 143)', () => {
    stubPage();
    const fetch = vi.fn(async () => Response.json({ message: 'Not signed in' }, { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads(new QueryClient(), '/explore');
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual(['/api/auth/user']);
  });

  it("does not ask who is signed in where the browser holds no session (no 401 in a visitor's log)", async () => {
    stubPage(undefined, { signedIn: false });
    const fetch = vi.fn(async () => Response.json({ message: 'Not signed in' }, { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/explore');
    await vi.waitFor(() => expect(client.getQueryData(['/api/auth/user'])).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a member's page (the server's data says so): the first render waits for the game's code (decision 143)", async () => {
    stubPage({ apiPath: '/api/sessions/abc', text: JSON.stringify({ ...shro, viewerRole: 'participant' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(null, { status: 401 })),
    );
    let loaded: () => void = () => {};
    parts.view.preload.mockImplementationOnce(
      () => new Promise<undefined>((resolve) => (loaded = () => resolve(undefined))),
    );
    const wait = startEarlyReads(new QueryClient(), '/session/abc');
    expect(wait).toBeInstanceOf(Promise);
    expect(preloaded()).toEqual(['view', 'actions']);
    let done = false;
    void wait!.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    loaded();
    await expect.poll(() => done).toBe(true);
  });

  it("a visitor's page loads none of the game's code and holds nothing back", () => {
    stubPage({ apiPath: '/api/sessions/abc', text: JSON.stringify({ ...shro, viewerRole: 'visitor' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(null, { status: 401 })),
    );
    expect(startEarlyReads(new QueryClient(), '/session/abc')).toBeUndefined();
    expect(preloaded()).toEqual([]);
  });

  it.each([
    ['the creator of a private Shro', { viewerRole: 'creator', isPublic: false }, ['view', 'actions', 'board']],
    ['the creator of a public Shro', { viewerRole: 'creator', isPublic: true }, ['view', 'actions', 'board', 'note']],
    [
      'someone who opened a box',
      { viewerRole: 'participant', hasSelected: true },
      ['view', 'actions', 'result', 'checks'],
    ],
  ])('%s: the first render waits for the code of what they will see', (_, view, expected) => {
    stubPage({ apiPath: '/api/sessions/abc', text: JSON.stringify({ ...shro, ...view, boxes: [] }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(null, { status: 401 })),
    );
    expect(startEarlyReads(new QueryClient(), '/session/abc')).toBeInstanceOf(Promise);
    expect(preloaded()).toEqual(expected);
  });
});
