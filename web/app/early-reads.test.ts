import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyReads } from './early-reads';

const shro = { id: 'abc', title: 'Where do we eat?' };

describe('early reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts reading the Shro of a /session/:id tab at once, and the page finds it cached', async () => {
    const fetch = vi.fn(async () => Response.json(shro));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    startEarlyReads(client, '/session/abc');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/sessions/abc');
    await vi.waitFor(() => expect(client.getQueryData(['/api/sessions/abc'])).toEqual(shro));
    // Fresh for a poll interval: a page mounting now would not ask again.
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['/api/sessions/abc'] })
        ?.isStale(),
    ).toBe(false);
  });

  it('reads nothing on other pages or a malformed link', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    for (const path of ['/', '/explore', '/session', '/session/a/b', '/session/%E0%A4%A'])
      startEarlyReads(client, path);
    expect(fetch).not.toHaveBeenCalled();
  });
});
