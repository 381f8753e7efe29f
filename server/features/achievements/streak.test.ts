import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createShro, createUser, statsRow } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { getAchievements, getUserStats } from './service';
import { bumpStatsFor, recordActivity } from './stats';
import { canonicalTimeZone, currentStreak, dayIn } from './streak';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

/** One activity at `iso`, in its own transaction as an action would be; returns the stored streak. */
async function actAt(userId: string, iso: string) {
  await ctx.database.db.transaction((tx) => recordActivity(tx, userId, new Date(iso)));
  const row = await statsRow(ctx, userId);
  return { streakDays: row!.streakDays, lastActiveDay: row!.lastActiveDay };
}

describe('dayIn keeps the last day per zone for its quarter hour', () => {
  it('agrees with the zone’s own calendar at both ends of every quarter hour, in every zone, over a day and a half', () => {
    // Through a change of clocks (Europe's summer time ends on 25 October 2026), in the zones with
    // offsets of a quarter or three quarters of an hour (Asia/Kathmandu, Australia/Eucla, Pacific/Chatham).
    const start = Date.parse('2026-10-24T12:00:00Z');
    const quarter = 15 * 60 * 1000;
    const wrong: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (let q = 0; q < 36 * 4; q++) {
        // The first moment of the quarter (the one kept), then its last millisecond.
        for (const at of [start + q * quarter, start + (q + 1) * quarter - 1]) {
          if (dayIn(zone, new Date(at)) !== format.format(at)) wrong.push(`${zone} ${new Date(at).toISOString()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('streak days are calendar days in the user’s own zone', () => {
  it('23:30 and 00:30 in Los Angeles are two days, though one UTC day', async () => {
    const user = await createUser(ctx, { timeZone: 'America/Los_Angeles' });
    // Los Angeles is on PDT (UTC−7) from 8 March: 06:30Z on the 10th is 23:30 on the 9th there,
    // 07:30Z is 00:30 on the 10th. All three are 10 March in UTC.
    expect(await actAt(user.id, '2026-03-10T06:00:00Z')).toEqual({ streakDays: 1, lastActiveDay: '2026-03-09' });
    expect(await actAt(user.id, '2026-03-10T06:30:00Z')).toEqual({ streakDays: 1, lastActiveDay: '2026-03-09' });
    expect(await actAt(user.id, '2026-03-10T07:30:00Z')).toEqual({ streakDays: 2, lastActiveDay: '2026-03-10' });
  });

  it('two UTC days can be one local day (Tokyo)', async () => {
    const user = await createUser(ctx, { timeZone: 'Asia/Tokyo' });
    // 16:00Z on the 9th is 01:00 on the 10th in Tokyo; 14:00Z on the 10th is 23:00 the same local day.
    expect(await actAt(user.id, '2026-03-09T16:00:00Z')).toEqual({ streakDays: 1, lastActiveDay: '2026-03-10' });
    expect(await actAt(user.id, '2026-03-10T14:00:00Z')).toEqual({ streakDays: 1, lastActiveDay: '2026-03-10' });
    expect(await actAt(user.id, '2026-03-10T15:30:00Z')).toEqual({ streakDays: 2, lastActiveDay: '2026-03-11' });
  });

  it('counts across a daylight-saving change and a month end', async () => {
    const user = await createUser(ctx, { timeZone: 'America/New_York' });
    // Clocks went forward on 8 March 2026 in New York: the local evening moves from 01:00Z to 00:00Z.
    await actAt(user.id, '2026-03-07T23:00:00-05:00');
    await actAt(user.id, '2026-03-08T23:00:00-04:00');
    expect(await actAt(user.id, '2026-03-09T23:30:00-04:00')).toEqual({ streakDays: 3, lastActiveDay: '2026-03-09' });
    const other = await createUser(ctx, { timeZone: 'UTC' });
    await actAt(other.id, '2026-02-27T12:00:00Z');
    await actAt(other.id, '2026-02-28T12:00:00Z');
    expect(await actAt(other.id, '2026-03-01T12:00:00Z')).toEqual({ streakDays: 3, lastActiveDay: '2026-03-01' });
  });

  it('a missed day starts again at 1 on the next activity', async () => {
    const user = await createUser(ctx, { timeZone: 'Europe/Berlin' });
    await actAt(user.id, '2026-05-01T10:00:00Z');
    expect((await actAt(user.id, '2026-05-02T10:00:00Z')).streakDays).toBe(2);
    expect(await actAt(user.id, '2026-05-04T10:00:00Z')).toEqual({ streakDays: 1, lastActiveDay: '2026-05-04' });
    expect((await actAt(user.id, '2026-05-05T21:59:00Z')).streakDays).toBe(2);
    // 22:30Z on the 5th is already the 6th in Berlin (CEST, UTC+2).
    expect(await actAt(user.id, '2026-05-05T22:30:00Z')).toEqual({ streakDays: 3, lastActiveDay: '2026-05-06' });
  });

  it('flying west (a local day earlier than the last one) neither breaks nor extends the streak', async () => {
    const user = await createUser(ctx, { timeZone: 'Asia/Tokyo' });
    await actAt(user.id, '2026-06-01T01:00:00Z'); // 1 June, Tokyo
    await actAt(user.id, '2026-06-02T01:00:00Z'); // 2 June, Tokyo
    await ctx.database.db.update(users).set({ timeZone: 'America/Los_Angeles' }).where(eq(users.id, user.id));
    // 2 June 03:00Z is still 1 June in Los Angeles.
    expect(await actAt(user.id, '2026-06-02T03:00:00Z')).toEqual({ streakDays: 2, lastActiveDay: '2026-06-02' });
    expect(await actAt(user.id, '2026-06-03T18:00:00Z')).toEqual({ streakDays: 3, lastActiveDay: '2026-06-03' });
  });

  it('reads as 0 once a whole local day has passed, in stats and in the streak achievements alike', async () => {
    const user = await createUser(ctx, { timeZone: 'America/Los_Angeles' });
    await actAt(user.id, '2026-03-08T20:00:00Z');
    await actAt(user.id, '2026-03-09T20:00:00Z'); // streak 2, last day 9 March (LA)
    const read = async (iso: string) => {
      const now = new Date(iso);
      const stats = await getUserStats(ctx.database.db, user.id, now);
      const daily = (await getAchievements(ctx.database.db, user.id, 'en', now)).find((a) => a.id === 'daily-shroer')!;
      return [stats.streakDays, daily.progress];
    };
    expect(await read('2026-03-11T06:59:00Z')).toEqual([2, 2]); // 10 March, 23:59 in LA: still alive
    expect(await read('2026-03-11T07:00:00Z')).toEqual([0, 0]); // 11 March in LA: a day was missed
  });
});

describe('x-time-zone header', () => {
  it('stores the browser’s zone (canonical name) when it differs, and actions then count in it', async () => {
    const me = await createUser(ctx);
    const zoneOf = async () =>
      (await ctx.database.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, me.id)))[0]!.tz;
    expect(await zoneOf()).toBe('UTC');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: me.cookie, 'x-time-zone': 'america/los_angeles' },
    });
    expect(response.statusCode).toBe(200);
    expect(await zoneOf()).toBe('America/Los_Angeles');

    await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: me.cookie, 'x-time-zone': 'Pacific/Auckland' },
      payload: { title: 'Zone', type: 'text', textOptions: [{ content: 'a' }, { content: 'b' }], isShareable: true },
    });
    expect(await zoneOf()).toBe('Pacific/Auckland');
    expect((await statsRow(ctx, me.id))!.lastActiveDay).toBe(dayIn('Pacific/Auckland', new Date()));
  });

  it('ignores a missing, unknown or absurd zone, and never fails the call', async () => {
    const me = await createUser(ctx);
    for (const zone of ['Mars/Olympus_Mons', '', 'x'.repeat(200), '../../etc/passwd', 'UTC; drop table users']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/stats',
        headers: { cookie: me.cookie, 'x-time-zone': zone },
      });
      expect(response.statusCode, zone).toBe(200);
    }
    const [row] = await ctx.database.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, me.id));
    expect(row!.tz).toBe('UTC');
  });

  it('is ignored for visitors', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/platform/stats',
      headers: { 'x-time-zone': 'Europe/Paris' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a pick and a reaction count their day in the zone their request carried (decision 147)', async () => {
    const creator = await createUser(ctx);
    const now = new Date();
    // A zone whose day differs from UTC's right now, whatever the hour.
    const zone = now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Honolulu';
    expect(dayIn(zone, now)).not.toBe(dayIn('UTC', now));
    for (const then of ['react', 'pick only'] as const) {
      const me = await createUser(ctx);
      const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false });
      const headers = { cookie: me.cookie, 'x-time-zone': zone };
      const picked = await ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/select`,
        headers,
        payload: { boxId: shro.boxes[0]!.id },
      });
      expect(picked.statusCode, picked.body).toBe(200);
      expect((await statsRow(ctx, me.id))!).toMatchObject({ streakDays: 1, lastActiveDay: dayIn(zone, now) });
      if (then === 'pick only') continue;
      // Back in UTC: the reaction's request carries it, and that day counts too (the same day or the next).
      const reacted = await ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/react`,
        headers: { cookie: me.cookie, 'x-time-zone': 'UTC' },
        payload: { emoji: '🔥' },
      });
      expect(reacted.statusCode, reacted.body).toBe(200);
      const row = (await statsRow(ctx, me.id))!;
      expect(row.lastActiveDay).toBe([dayIn(zone, now), dayIn('UTC', new Date())].sort().at(-1));
    }
  });

  it('the engine counts the day in the zone it is given, and looks up the stored one only when it is not', async () => {
    const now = new Date();
    const zone = now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Honolulu';
    // Stored: UTC. Given (a pick's payload, decision 147): the other zone, whose day differs.
    const given = await createUser(ctx, { timeZone: 'UTC' });
    await ctx.database.db.transaction((tx) =>
      bumpStatsFor(tx, [{ userId: given.id, deltas: {}, options: { activity: true, now, timeZone: zone } }]),
    );
    expect((await statsRow(ctx, given.id))!.lastActiveDay).toBe(dayIn(zone, now));
    // Not given (an outbox row written before zones were carried): the stored zone.
    const stored = await createUser(ctx, { timeZone: zone });
    await ctx.database.db.transaction((tx) =>
      bumpStatsFor(tx, [{ userId: stored.id, deltas: {}, options: { activity: true, now } }]),
    );
    expect((await statsRow(ctx, stored.id))!.lastActiveDay).toBe(dayIn(zone, now));
  });

  it('the create route counts a streak day in the stored zone', async () => {
    const me = await createUser(ctx);
    await createShro(ctx, me.cookie);
    expect((await statsRow(ctx, me.id))!).toMatchObject({
      streakDays: 1,
      lastActiveDay: dayIn('UTC', new Date()),
    });
  });
});

describe('zone helpers', () => {
  it('canonicalTimeZone accepts IANA names in any case and refuses the rest', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone(' UTC ')).toBe('UTC');
    expect(canonicalTimeZone('Nowhere/Land')).toBeNull();
    expect(canonicalTimeZone(['Europe/Paris'])).toBeNull();
    expect(canonicalTimeZone(undefined)).toBeNull();
    // Remembered answers are the same answers, valid or not.
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Nowhere/Land')).toBeNull();
  });

  it('currentStreak keeps a streak dated after today (a later zone) alive', () => {
    expect(currentStreak(3, '2026-03-11', 'America/Los_Angeles', new Date('2026-03-10T12:00:00Z'))).toBe(3);
  });
});
