import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The headers of every call the module made, in order. */
function recordCalls() {
  const calls: { method: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    calls.push({ method: String(init.method), headers: { ...(init.headers as Record<string, string>) } });
    return new Response('{}', { status: 200 });
  });
  return calls;
}

/** A fresh copy of the module: the zone it read is kept per module. */
const freshClient = async () => {
  vi.resetModules();
  return import('./api-client');
};

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('the x-time-zone header', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is not read for a first read without Temporal, is read for a write, and then goes with reads too', async () => {
    vi.stubGlobal('Temporal', undefined);
    const calls = recordCalls();
    const { apiRequest } = await freshClient();
    await apiRequest('GET', '/api/auth/user');
    await apiRequest('POST', '/api/sessions/x/select', { boxId: 'b' });
    await apiRequest('GET', '/api/auth/user');
    expect(calls.map((call) => [call.method, call.headers['x-time-zone']])).toEqual([
      ['GET', undefined],
      ['POST', zone],
      ['GET', zone],
    ]);
    expect(zone).toBeTruthy();
  });

  it('goes with the first read where Temporal tells the zone at once', async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Auckland' } });
    const calls = recordCalls();
    const { apiRequest } = await freshClient();
    await apiRequest('GET', '/api/auth/user');
    expect(calls[0]!.headers['x-time-zone']).toBe('Pacific/Auckland');
  });

  it('is read in an idle moment once the page has shown, and reads carry it from then on', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Temporal', undefined);
    const calls = recordCalls();
    const { apiRequest, readTimeZoneWhenIdle } = await freshClient();
    readTimeZoneWhenIdle();
    await apiRequest('GET', '/api/stats');
    await vi.advanceTimersByTimeAsync(1500);
    await apiRequest('GET', '/api/stats');
    expect(calls.map((call) => call.headers['x-time-zone'])).toEqual([undefined, zone]);
  });

  it('is left out when the browser cannot tell its zone', async () => {
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new Error('no zone');
        },
      },
    });
    const calls = recordCalls();
    const { apiRequest } = await freshClient();
    await apiRequest('POST', '/api/sessions/x/select', { boxId: 'b' });
    expect(calls[0]!.headers).not.toHaveProperty('x-time-zone');
  });
});

describe('ApiError', () => {
  it("gives the server's sentence for people and its code for programs", async () => {
    const { ApiError } = await freshClient();
    const error = new ApiError(
      404,
      JSON.stringify({ message: 'Lien introuvable', code: 'invite.invalid' }),
      'Not Found',
    );
    expect([error.serverMessage, error.code]).toEqual(['Lien introuvable', 'invite.invalid']);
  });

  it('falls back to the raw text, with no code, when the body is not the JSON answer', async () => {
    const { ApiError } = await freshClient();
    for (const body of ['Bad Gateway', 'null', '"text"', '']) {
      const error = new ApiError(502, body, 'Bad Gateway');
      expect(error.code, body).toBeUndefined();
      expect(error.serverMessage, body).toBe(body || '502: Bad Gateway');
    }
  });
});
