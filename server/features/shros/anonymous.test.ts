import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import type { Shro } from '../../../contract/shro-views';
import { collectRoutes } from '../../../tests/support/routes';
import {
  befriend,
  createShro,
  createUser,
  gameRowCounts,
  getShro,
  makeModerator,
  notificationsOf,
  pickBox,
  report,
  type SignedInUser,
  statsRow,
} from '../../test/factories';
import { SseClient } from '../../test/sse-client';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { readZip } from '../../test/zip';

/**
 * Issue 40 item 3, decision 188: on an anonymous Shro picks count, but nobody learns who opened
 * which box: not the creator's view, notifications, live events, lists or export, not a moderator.
 */
let ctx: TestContext;
let base: string;
const clients: SseClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ctx.close();
});

const react = (who: SignedInUser, shroId: string, emoji: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shroId}/react`,
    headers: { cookie: who.cookie },
    payload: { emoji },
  });

/** Where a picker could show: their username or their id. */
const naming = (text: string, pickers: SignedInUser[]) =>
  pickers.filter((p) => text.includes(p.username) || text.includes(p.id)).map((p) => p.username);

describe('an anonymous private Shro', () => {
  it('counts picks and reactions for its creator without naming anyone', async () => {
    const creator = await createUser(ctx);
    const [ana, ben, cleo] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    for (const friend of [ana, ben, cleo]) await befriend(ctx, creator, friend);
    const shro: Shro = await createShro(ctx, creator.cookie, {
      isShareable: false,
      isAnonymous: true,
      recipients: [ana.id, ben.id, cleo.id],
      winningBoxPosition: 2,
    });
    expect(shro.isAnonymous).toBe(true);

    const anaView = await pickBox(ctx, ana.cookie, shro, 2);
    await pickBox(ctx, ben.cookie, shro, 3);
    expect((await react(ana, shro.id, '😍')).statusCode).toBe(200);

    // The picker sees their own pick as on any Shro, and it counts for them.
    expect(anaView).toMatchObject({ hasSelected: true, isCorrect: true, selectedByUser: ana.username });
    expect(anaView.participants.map((p) => p.username)).toEqual([ana.username]);
    expect(await statsRow(ctx, ana.id)).toMatchObject({ shrosParticipated: 1, correctGuesses: 1 });

    const board = (await getShro(ctx, shro.id, creator.cookie)).json() as Shro;
    expect(board).toMatchObject({ isAnonymous: true, participantCount: 2, participants: [], selectedByUser: null });
    expect(board.boxes.map((b) => b.selectionCount)).toEqual([0, 1, 1, 0]);
    expect(board.reactions).toEqual([{ emoji: '😍', count: 1 }]);
    // The first pick still decides a private Shro: which box, not who.
    expect(board.selectedBoxId).toBe(shro.boxes[1]!.id);
    // Who it was sent to is the creator's own choice; nothing else names them.
    const { recipients: _, recipient: __, ...rest } = board;
    expect(naming(JSON.stringify(rest), [ana, ben, cleo])).toEqual([]);

    const [picks] = await notificationsOf(ctx, creator.id, 'shro_selected');
    expect(picks).toMatchObject({ actorId: null, message: `2 people opened a box in "${shro.title}"` });
    const [reaction] = await notificationsOf(ctx, creator.id, 'reaction');
    expect(reaction).toMatchObject({ actorId: null, message: `Someone reacted 😍 to "${shro.title}"` });
  });

  it('says "Someone opened Box #n" for a single pick', async () => {
    const creator = await createUser(ctx);
    const ana = await createUser(ctx);
    await befriend(ctx, creator, ana);
    const shro: Shro = await createShro(ctx, creator.cookie, {
      isShareable: false,
      isAnonymous: 'true',
      recipients: [ana.id],
    });
    await pickBox(ctx, ana.cookie, shro, 4);
    const [row] = await notificationsOf(ctx, creator.id, 'shro_selected');
    expect(row).toMatchObject({ actorId: null, message: `Someone opened Box #4 in "${shro.title}"` });
  });

  it('refuses an isAnonymous that is not a yes or a no, and creates nothing', async () => {
    const creator = await createUser(ctx);
    const before = await gameRowCounts(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: creator.cookie },
      payload: {
        title: 'Lunch',
        type: 'text',
        isShareable: true,
        isAnonymous: 'maybe',
        textOptions: JSON.stringify([{ content: 'A' }, { content: 'B' }]),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('isAnonymous must be true or false');
    expect(await gameRowCounts(ctx)).toEqual(before);
  });

  it('is not anonymous unless asked: the creator sees who opened which box', async () => {
    const creator = await createUser(ctx);
    const ana = await createUser(ctx);
    const shro: Shro = await createShro(ctx, creator.cookie);
    expect(shro.isAnonymous).toBe(false);
    await pickBox(ctx, ana.cookie, shro, 1);
    const board = (await getShro(ctx, shro.id, creator.cookie)).json() as Shro;
    expect(board.participants.map((p) => p.username)).toEqual([ana.username]);
  });
});

describe('an anonymous public Shro picked by strangers', () => {
  it('names no picker on any GET route, in the export, in the live channel or to a moderator', async () => {
    const creator = await createUser(ctx);
    const pickers = [await createUser(ctx), await createUser(ctx)];
    const shro: Shro = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true, isAnonymous: true });
    const channel = await SseClient.open(`${base}/api/live?watch=${shro.id}`, { cookie: creator.cookie });
    clients.push(channel);

    for (const [i, picker] of pickers.entries()) await pickBox(ctx, picker.cookie, shro, i + 1);
    expect((await react(pickers[0]!, shro.id, '🔥')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(channel.messages.some((m) => (m.json as { type?: string }).type === 'shro.picked')).toBe(true);
    expect(naming(JSON.stringify(channel.messages), pickers)).toEqual([]);

    // Every GET route the creator can call, with this Shro or the creator filling its parameters.
    const fill: Record<string, string> = { id: shro.id, username: creator.username };
    const leaks: string[] = [];
    let called = 0;
    for (const route of collectRoutes(ctx.app)) {
      const [method, path] = route.split(' ') as [string, string];
      // The live channel never ends: its events are read above.
      if (method !== 'GET' || path.includes('*') || path === '/api/live') continue;
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (params.some((p) => !(p in fill))) continue;
      const url = path.replace(/:(\w+)/g, (_, p: string) =>
        p === 'id' && !path.startsWith('/api/sessions') ? creator.id : fill[p]!,
      );
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: creator.cookie } });
      called++;
      const text =
        url === '/api/account/export'
          ? (await readZip(response.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8')
          : response.body;
      if (naming(text, pickers).length > 0) leaks.push(route);
    }
    expect(called).toBeGreaterThan(30);
    expect(leaks).toEqual([]);

    // A moderator looking at a report of it (made by someone who did not pick) sees no picker.
    const reporter = await createUser(ctx);
    const moderator = await createUser(ctx);
    await makeModerator(ctx, moderator);
    expect(
      (await report(ctx, reporter.cookie, { targetType: 'shro', targetId: shro.id, reason: 'spam' })).statusCode,
    ).toBe(201);
    const target = await ctx.app.inject({
      method: 'GET',
      url: `/api/moderation/targets/shro/${shro.id}`,
      headers: { cookie: moderator.cookie },
    });
    expect(target.statusCode, target.body).toBe(200);
    expect(naming(target.body, pickers)).toEqual([]);
  }, 60_000);
});
