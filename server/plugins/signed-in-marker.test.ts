import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../contract/signed-in-marker';
import { cookieFrom, createUser, getAs, makeModerator, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { fakeWebDist } from '../test/web-dist';

/**
 * Issue "second walk", item 23: the page reads a marker cookie beside the httpOnly session, so a
 * visitor's page never asks who is signed in to be told 401; and the user object says who
 * moderates, so no member's page is answered 404 by `GET /api/moderation/me`.
 */
let ctx: TestContext;
let webDist: ReturnType<typeof fakeWebDist>;
beforeAll(async () => {
  webDist = fakeWebDist();
  ctx = await createTestApp({ webDist: webDist.dir, moderatorUsernames: ['listed_mod'] });
});
afterAll(async () => {
  await ctx.close();
  webDist.remove();
});

type Response = Awaited<ReturnType<typeof getAs>>;
const markerOf = (response: Response) => response.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
const login = (username: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: TEST_PASSWORD } });

describe('the signed-in marker', () => {
  it('comes with the session at login, readable by the page, and goes with it at logout', async () => {
    const user = await createUser(ctx);
    const response = await login(user.username);
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === 'shro_sid')!;
    expect(markerOf(response)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(markerOf(response)!.httpOnly).toBeFalsy();
    expect(markerOf(response)!.expires).toEqual(session.expires);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `${cookieFrom(response)}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(logout.statusCode).toBe(200);
    expect(markerOf(logout)?.value).toBe('');
  });

  it("a page's HTML sets it for a session from before it, and clears it (and a dead session) otherwise", async () => {
    const user = await createUser(ctx);
    // A session without the marker: the page sets it. A signed-in page carries its user
    // (decision 174), so no cache keeps it either way.
    const missing = await getAs(ctx, '/', user.cookie);
    expect(markerOf(missing)?.value).toBe('1');
    expect(missing.headers['cache-control']).toBe('private, no-store');
    // Both there: nothing to change.
    const both = await getAs(ctx, '/', `${user.cookie}; ${SIGNED_IN_COOKIE}=1`);
    expect(markerOf(both)).toBeUndefined();
    expect(both.headers['cache-control']).toBe('private, no-store');
    // A visitor: nothing set.
    expect((await getAs(ctx, '/')).cookies).toEqual([]);
    // A marker that outlived its session (ended elsewhere, expired): cleared, with the dead cookie.
    const stale = await getAs(ctx, '/explore', `shro_sid=s%3Aforged.value; ${SIGNED_IN_COOKIE}=1`);
    expect(markerOf(stale)?.value).toBe('');
    expect(stale.cookies.find((c) => c.name === 'shro_sid')?.value).toBe('');
    // An answer that sets a cookie is this browser's: no shared cache may keep it.
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('isModerator on the user object', () => {
  it('is false for everyone else, true for a granted moderator and for a name in MODERATOR_USERNAMES', async () => {
    const member = await createUser(ctx);
    const granted = await createUser(ctx);
    await makeModerator(ctx, granted);
    const listed = await createUser(ctx, { username: 'listed_mod' });
    const me = async (cookie: string) =>
      (await getAs(ctx, '/api/auth/user', cookie)).json() as { isModerator: boolean };
    expect((await me(member.cookie)).isModerator).toBe(false);
    expect((await me(granted.cookie)).isModerator).toBe(true);
    expect((await me(listed.cookie)).isModerator).toBe(true);
    // The answers of login say the same, so the app's menu is right from the start.
    expect((await login(granted.username)).json()).toMatchObject({ isModerator: true });
  });
});
