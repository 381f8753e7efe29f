import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { REACTION_EMOJIS, SHRO_MESSAGES } from '../../../contract/shros';
import { notifications, reactions } from '../../db/schema/index';
import {
  createShro,
  createUser,
  gameRowCounts,
  gameWorld,
  getShro,
  type SignedInUser,
  select,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;
let shro: Shro;
let participant: SignedInUser;

beforeAll(async () => {
  [ctx, creator, friend] = await gameWorld(1);
  shro = await createShro(ctx, creator.cookie, { title: 'Lunch' });
  participant = await createUser(ctx);
  await select(ctx, shro.id, participant.cookie, shro.boxes[0]!.id);
});
afterAll(() => ctx.close());

const react = (id: string, cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/react`,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });

const reactionNotes = () =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.shroId, shro.id), eq(notifications.type, 'reaction')));

async function expectRefused(send: () => ReturnType<typeof react>, status: number, message: string | RegExp) {
  const before = await gameRowCounts(ctx);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(Object.keys(response.json())).toEqual(['message', 'code']);
  if (typeof message === 'string') expect(response.json().message).toBe(message);
  else expect(response.json().message).toMatch(message);
  expect(await gameRowCounts(ctx)).toEqual(before);
}

describe('POST /api/sessions/:id/react', () => {
  it('a participant reacts; the creator is notified and sees the tally', async () => {
    const response = await react(shro.id, participant.cookie, { emoji: '😍' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, emoji: '😍', replaced: false });

    const notes = await reactionNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      userId: creator.id,
      actorId: participant.id,
      title: 'New reaction!',
      message: `@${participant.username} reacted 😍 to "Lunch"`,
    });

    const creatorView: Shro = (await getShro(ctx, shro.id, creator.cookie)).json();
    expect(creatorView.reactions).toEqual([{ emoji: '😍', count: 1 }]);
    expect(creatorView.participants[0]!.reaction).toBe('😍');
    expect(creatorView.myReaction).toBeNull();
    const ownView: Shro = (await getShro(ctx, shro.id, participant.cookie)).json();
    expect(ownView.myReaction).toBe('😍');
    expect(ownView.reactions).toEqual([]);
  });

  it('one reaction per participant: a new one replaces the old (the unread notification tells the change)', async () => {
    const [before] = await reactionNotes();
    const response = await react(shro.id, participant.cookie, { emoji: '🔥' });
    expect(response.json()).toEqual({ success: true, emoji: '🔥', replaced: true });
    const rows = await ctx.database.db.select().from(reactions).where(eq(reactions.shroId, shro.id));
    expect(rows.map((r) => r.emoji)).toEqual(['🔥']);
    // Grouped per Shro (decision 120): the creator's unread one is updated, still one person.
    const notes = await reactionNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      id: before!.id,
      isRead: false,
      message: `@${participant.username} reacted 🔥 to "Lunch"`,
    });

    await react(shro.id, participant.cookie, { emoji: '🔥' });
    expect((await reactionNotes()).map((n) => n.message)).toEqual([`@${participant.username} reacted 🔥 to "Lunch"`]);
  });

  it('accepts each of the 8 emojis', async () => {
    const other = await createShro(ctx, creator.cookie);
    for (const emoji of REACTION_EMOJIS) {
      const user = await createUser(ctx);
      await select(ctx, other.id, user.cookie, other.boxes[1]!.id);
      expect((await react(other.id, user.cookie, { emoji })).statusCode).toBe(200);
    }
    const view: Shro = (await getShro(ctx, other.id, creator.cookie)).json();
    expect(view.reactions.map((r) => r.emoji).sort()).toEqual([...REACTION_EMOJIS].sort());
  });

  it('anything but the 8 emojis is 400', async () => {
    for (const payload of [
      { emoji: '🙂' },
      { emoji: 'heart_eyes' },
      { emoji: '😍😍' },
      { emoji: '' },
      { emoji: 7 },
      {},
    ]) {
      await expectRefused(() => react(shro.id, participant.cookie, payload), 400, SHRO_MESSAGES.emojiInvalid);
    }
  });

  it('the creator cannot react to their own Shro (403)', async () => {
    await expectRefused(() => react(shro.id, creator.cookie, { emoji: '👍' }), 403, SHRO_MESSAGES.ownShroReact);
  });

  it('only after opening a box (403), only where one may read it (404), only signed in (401)', async () => {
    const onlooker = await createUser(ctx);
    await expectRefused(() => react(shro.id, onlooker.cookie, { emoji: '👍' }), 403, SHRO_MESSAGES.reactBeforeOpening);

    const privateOne = await createShro(ctx, creator.cookie, { isShareable: 'false', friendId: friend.id });
    await expectRefused(() => react(privateOne.id, onlooker.cookie, { emoji: '👍' }), 404, SHRO_MESSAGES.notFound);
    await expectRefused(
      () => react(privateOne.id, friend.cookie, { emoji: '👍' }),
      403,
      SHRO_MESSAGES.reactBeforeOpening,
    );
    await select(ctx, privateOne.id, friend.cookie, privateOne.boxes[0]!.id);
    expect((await react(privateOne.id, friend.cookie, { emoji: '👍' })).statusCode).toBe(200);

    await expectRefused(() => react(shro.id, undefined, { emoji: '👍' }), 401, 'Unauthorized');
    await expectRefused(
      () => react('00000000-0000-0000-0000-000000000000', participant.cookie, { emoji: '👍' }),
      404,
      SHRO_MESSAGES.notFound,
    );
  });
});
