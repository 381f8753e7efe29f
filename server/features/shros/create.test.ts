import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { hashtagInvalidMessage, SHRO_MESSAGES } from '../../../contract/shros';
import { notifications, shroBoxes, shroRecipients, shros, uploads, userStats } from '../../db/schema/index';
import {
  createUser,
  gameRowCounts,
  gameWorld,
  getShro,
  imageFile,
  png,
  postShro,
  type SignedInUser,
  textOptions,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;
let otherFriend: SignedInUser;

beforeAll(async () => {
  [ctx, creator, friend, otherFriend] = await gameWorld(2);
});
afterAll(() => ctx.close());

/** Images in the app's store (the folder, or PostgreSQL's table: decision 101). */
const storedImages = () => ctx.app.uploadStorage.count();

/** A rejected create: the status and message, and not one row or file more than before. */
async function expectRejected(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message: string | RegExp,
): Promise<void> {
  const before = await gameRowCounts(ctx);
  const imagesBefore = await storedImages();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(Object.keys(body)).toEqual(['message', 'code']);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(await gameRowCounts(ctx)).toEqual(before);
  expect(await storedImages()).toBe(imagesBefore);
}

const statsOf = async (userId: string) =>
  (await ctx.database.db.select().from(userStats).where(eq(userStats.userId, userId)))[0];

const shareableText = (overrides: Record<string, string | undefined> = {}) => ({
  title: 'Where do we eat?',
  type: 'text',
  textOptions: textOptions('Pizza', 'Sushi', 'Tacos', 'Curry'),
  isShareable: 'true',
  ...overrides,
});

describe('POST /api/sessions: the basics', () => {
  it('needs a signed-in user (401) and stores nothing', async () => {
    await expectRejected(() => postShro(ctx, undefined, shareableText()), 401, 'Unauthorized');
  });

  it('creates a shareable text Shro with 4 committed boxes and answers 201 with the creator view', async () => {
    const before = await statsOf(creator.id);
    const response = await postShro(ctx, creator.cookie, shareableText({ hashtags: '#Food, Friday_Night' }));
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro).toMatchObject({
      title: 'Where do we eat?',
      type: 'text',
      status: 'waiting',
      creatorId: creator.id,
      creator: { id: creator.id, username: creator.username },
      isShareable: true,
      isPublic: false,
      recipient: null,
      recipients: [],
      expiresAt: null,
      hashtags: 'food,friday_night',
      viewerRole: 'creator',
      participantCount: 0,
      participants: [],
      winningBoxId: null,
      winningBoxPosition: null,
    });
    expect(shro.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(shro.winningCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(shro.boxes.map((b) => [b.position, b.label, b.textContent, b.isEmpty])).toEqual([
      [1, 'Option A', 'Pizza', false],
      [2, 'Option B', 'Sushi', false],
      [3, 'Option C', 'Tacos', false],
      [4, 'Option D', 'Curry', false],
    ]);
    for (const box of shro.boxes) {
      expect(box.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(box.salt).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(shro.boxes.map((b) => b.salt)).size).toBe(4);

    const after = await statsOf(creator.id);
    expect(after!.shrosCreated).toBe((before?.shrosCreated ?? 0) + 1);
    expect(after!.textShrosCreated).toBe((before?.textShrosCreated ?? 0) + 1);
    expect(after!.imageShrosCreated).toBe(before?.imageShrosCreated ?? 0);
  });

  it('accepts the same fields as JSON (creates without images)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: creator.cookie },
      payload: { title: 'JSON', type: 'text', isPublic: true, textOptions: [{ content: 'a' }, { content: 'b' }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ isPublic: true, title: 'JSON' });
  });

  it('fills unfilled positions with empty boxes that still carry a commitment', async () => {
    const response = await postShro(
      ctx,
      creator.cookie,
      shareableText({
        textOptions: JSON.stringify([{ content: 'Yes', label: 'Left' }, { content: '  ' }, { content: 'No' }]),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro.boxes.map((b) => [b.position, b.label, b.textContent, b.isEmpty])).toEqual([
      [1, 'Left', 'Yes', false],
      [2, 'Option B', 'No', false],
      [3, null, null, true],
      [4, null, null, true],
    ]);
    for (const box of shro.boxes) expect(box.commitment).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /api/sessions: spec §5 rules', () => {
  it('title is required after trimming', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ title: '   ' })),
      400,
      'Please enter a title for your Shro.',
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ title: undefined })),
      400,
      'Please enter a title for your Shro.',
    );
  });

  it('a 10,000-character title is refused; 100 characters is fine', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ title: 'x'.repeat(10_000) })),
      400,
      SHRO_MESSAGES.titleTooLong,
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ title: 'x'.repeat(101) })),
      400,
      SHRO_MESSAGES.titleTooLong,
    );
    const ok = await postShro(ctx, creator.cookie, shareableText({ title: 'x'.repeat(100) }));
    expect(ok.statusCode).toBe(201);
  });

  it('type must be image, text, movie or tv', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ type: 'video' })),
      400,
      SHRO_MESSAGES.typeInvalid,
    );
  });

  it('text needs at least 2 filled options and at most 4', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: textOptions('Only one', '', ' ') })),
      400,
      'Please add at least 2 images/text options to create a Shro.',
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: undefined })),
      400,
      'Please add at least 2 images/text options to create a Shro.',
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: textOptions('a', 'b', 'c', 'd', 'e') })),
      400,
      SHRO_MESSAGES.tooManyOptions,
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: '{not json' })),
      400,
      /textOptions/,
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: textOptions('ok', 'y'.repeat(201)) })),
      400,
      /at most 200 characters/,
    );
  });

  it('Where to Eat needs 4 restaurants in known categories', async () => {
    const restaurants = (n: number, category = 'Pizza') =>
      JSON.stringify(
        ['Domino’s', 'Papa John’s', 'Pizza Hut', 'Little Caesars'].slice(0, n).map((name) => ({
          content: name,
          label: name,
          category,
        })),
      );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: restaurants(3) })),
      400,
      'Please add at least 4 restaurants.',
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ textOptions: restaurants(4, 'Space Food') })),
      400,
      'Unknown restaurant category.',
    );
    const response = await postShro(ctx, creator.cookie, shareableText({ textOptions: restaurants(4) }));
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro.type).toBe('text');
    expect(shro.boxes.map((b) => [b.label, b.textContent, b.category])).toEqual([
      ['Domino’s', 'Domino’s', 'Pizza'],
      ['Papa John’s', 'Papa John’s', 'Pizza'],
      ['Pizza Hut', 'Pizza Hut', 'Pizza'],
      ['Little Caesars', 'Little Caesars', 'Pizza'],
    ]);
  });

  it('a winning box must be a filled box 1–4', async () => {
    const two = textOptions('Heads', 'Tails');
    for (const winningBoxPosition of ['3', '5', '0', 'two', '1.5']) {
      await expectRejected(
        () => postShro(ctx, creator.cookie, shareableText({ textOptions: two, winningBoxPosition })),
        400,
        SHRO_MESSAGES.winningBoxInvalid,
      );
    }
    const response = await postShro(ctx, creator.cookie, shareableText({ textOptions: two, winningBoxPosition: '2' }));
    expect(response.statusCode).toBe(201);
    const shro: Shro = response.json();
    expect(shro.winningBoxPosition).toBe(2);
    expect(shro.winningBoxId).toBe(shro.boxes[1]!.id);
    expect(shro.winningSalt).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a winning box sent in JSON as anything but a number or text is refused, not a server error', async () => {
    const before = await ctx.database.db.select({ id: shros.id }).from(shros);
    // `{ toString: 19 }` made the number conversion throw (a fuzz finding: a 500).
    for (const winningBoxPosition of [{ toString: 19 }, [2], true, {}]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: creator.cookie },
        payload: { ...shareableText({ textOptions: textOptions('Heads', 'Tails') }), winningBoxPosition },
      });
      expect(response.statusCode, JSON.stringify(winningBoxPosition)).toBe(400);
      expect(response.json()).toEqual({ message: SHRO_MESSAGES.winningBoxInvalid, code: expect.any(String) });
    }
    expect(await ctx.database.db.select({ id: shros.id }).from(shros)).toEqual(before);
  });

  it('hashtags: at most 10, letters/digits/_ up to 30 characters', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ hashtags: 'ok, not ok' })),
      400,
      hashtagInvalidMessage('not ok'),
    );
    await expectRejected(
      () =>
        postShro(
          ctx,
          creator.cookie,
          shareableText({ hashtags: Array.from({ length: 11 }, (_, i) => `tag${i}`).join(',') }),
        ),
      400,
      SHRO_MESSAGES.hashtagsTooMany,
    );
    const none = await postShro(ctx, creator.cookie, shareableText({ hashtags: ' , # ,' }));
    expect(none.json().hashtags).toBeNull();
  });
});

describe('POST /api/sessions: delivery', () => {
  it('nothing chosen: the spec\'s "Missing Recipients" message', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ isShareable: 'false' })),
      400,
      'Please select at least one friend to send to, enable shareable link, or share publicly.',
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ isShareable: undefined, recipients: '[]' })),
      400,
      'Please select at least one friend to send to, enable shareable link, or share publicly.',
    );
  });

  it('sends privately to friends: recipients stored, each notified with shro_received', async () => {
    const response = await postShro(
      ctx,
      creator.cookie,
      shareableText({
        isShareable: 'false',
        recipients: JSON.stringify([friend.id, otherFriend.id]),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro).toMatchObject({ isShareable: false, isPublic: false });
    expect(shro.recipients.map((r) => r.id).sort()).toEqual([friend.id, otherFriend.id].sort());
    expect(shro.recipient).toEqual({ username: shro.recipients[0]!.username });

    const rows = await ctx.database.db.select().from(shroRecipients).where(eq(shroRecipients.shroId, shro.id));
    expect(rows).toHaveLength(2);
    const sent = await ctx.database.db.select().from(notifications).where(eq(notifications.shroId, shro.id));
    expect(sent.map((n) => n.userId).sort()).toEqual([friend.id, otherFriend.id].sort());
    expect(sent[0]).toMatchObject({
      type: 'shro_received',
      actorId: creator.id,
      message: `@${creator.username} sent you a Shro: "Where do we eat?"`,
    });
  });

  it('friendId alone makes it private to that friend', async () => {
    const response = await postShro(
      ctx,
      creator.cookie,
      shareableText({ isShareable: undefined, friendId: friend.id }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().recipients).toEqual([{ id: friend.id, username: friend.username }]);
  });

  it('a friend-targeted create also posts the Shro into the chat with that friend, as a card', async () => {
    const chatWith = async (who: SignedInUser, otherId: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/chat/${otherId}`, headers: { cookie: who.cookie } })).json();
    const before = (await chatWith(friend, creator.id)).length;
    const response = await postShro(
      ctx,
      creator.cookie,
      shareableText({ title: 'Sushi or pizza?', isShareable: 'false', friendId: friend.id }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    const messages = await chatWith(friend, creator.id);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)).toMatchObject({
      senderId: creator.id,
      recipientId: friend.id,
      content: 'Sushi or pizza?',
      messageType: 'shro_share',
      shroSessionId: shro.id,
    });

    // Sent to friends picked in the form (no friendId), or made public: nothing is posted.
    for (const fields of [
      { isShareable: 'false', recipients: JSON.stringify([friend.id]) },
      { isShareable: 'false', isPublic: 'true', friendId: friend.id },
    ]) {
      const other = await postShro(ctx, creator.cookie, shareableText(fields));
      expect(other.statusCode, other.body).toBe(201);
    }
    expect(await chatWith(friend, creator.id)).toHaveLength(before + 1);
  });

  it('refuses recipients who are not friends: strangers, unknown ids, oneself', async () => {
    const stranger = await createUser(ctx, { signedIn: false });
    for (const ids of [[stranger.id], [friend.id, 'no-such-user'], [creator.id]]) {
      await expectRejected(
        () => postShro(ctx, creator.cookie, shareableText({ isShareable: 'false', recipients: JSON.stringify(ids) })),
        400,
        SHRO_MESSAGES.notFriends,
      );
    }
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ isShareable: 'false', friendId: stranger.id })),
      400,
      SHRO_MESSAGES.notFriends,
    );
  });

  it('friends and a shareable link together are refused', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText({ recipients: JSON.stringify([friend.id]) })),
      400,
      SHRO_MESSAGES.friendsAndLink,
    );
  });

  it('public clears the link and the friends (spec §4)', async () => {
    const response = await postShro(
      ctx,
      creator.cookie,
      shareableText({
        isPublic: 'true',
        recipients: JSON.stringify([friend.id]),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro).toMatchObject({ isPublic: true, isShareable: false, recipients: [], expiresAt: null });
    expect(await ctx.database.db.select().from(shroRecipients).where(eq(shroRecipients.shroId, shro.id))).toEqual([]);
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.shroId, shro.id))).toEqual([]);
  });

  it('a Shro may have a deadline: in the future, at most 30 days ahead, for every delivery', async () => {
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const ok = await postShro(ctx, creator.cookie, shareableText({ expiresAt: inAnHour }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().expiresAt).toBe(new Date(inAnHour).toISOString());

    const cases: [string, string | RegExp][] = [
      [new Date(Date.now() - 60_000).toISOString(), SHRO_MESSAGES.expiryPast],
      [new Date(Date.now() + 31 * 24 * 3600_000).toISOString(), SHRO_MESSAGES.expiryTooFar],
      ['tomorrow', SHRO_MESSAGES.expiryInvalid],
      ['2030-02-30T10:00:00Z', SHRO_MESSAGES.expiryInvalid],
    ];
    for (const [expiresAt, message] of cases) {
      await expectRejected(() => postShro(ctx, creator.cookie, shareableText({ expiresAt })), 400, message);
    }
    // Every delivery may have one (issue 40): a private Shro to a friend, and a public one.
    const toFriend = await postShro(
      ctx,
      creator.cookie,
      shareableText({ isShareable: 'false', friendId: friend.id, expiresAt: inAnHour }),
    );
    expect(toFriend.statusCode, toFriend.body).toBe(201);
    expect(toFriend.json()).toMatchObject({ isShareable: false, expiresAt: new Date(inAnHour).toISOString() });
    const published = await postShro(ctx, creator.cookie, shareableText({ isPublic: 'true', expiresAt: inAnHour }));
    expect(published.json()).toMatchObject({ isPublic: true, expiresAt: new Date(inAnHour).toISOString() });
    await expectRejected(
      () =>
        postShro(
          ctx,
          creator.cookie,
          shareableText({ isShareable: 'false', friendId: friend.id, expiresAt: 'tomorrow' }),
        ),
      400,
      SHRO_MESSAGES.expiryInvalid,
    );
  });
});

describe('POST /api/sessions: movie and TV', () => {
  const inception = {
    label: 'Inception',
    tmdbData: { id: 27205, title: 'Inception', poster_path: '/inc.jpg', release_date: '2010-07-15', vote_average: 8.4 },
    imageUrl: 'https://image.tmdb.org/t/p/w500/inc.jpg',
  };
  const offline = {
    label: 'Offline title',
    tmdbData: { id: 42, title: 'Offline title', poster_path: null, release_date: '1999', vote_average: 7 },
    imageUrl: '/api/catalog/posters/movie/42.png',
  };

  it('needs at least one pick', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, { title: 'Movie Night Decision', type: 'movie', isPublic: 'true' }),
      400,
      'Please select at least one movie/TV show to create boxes.',
    );
  });

  it('stores the picks with their search data and poster', async () => {
    const before = await statsOf(creator.id);
    const response = await postShro(ctx, creator.cookie, {
      title: 'Movie Night Decision',
      type: 'movie',
      isPublic: 'true',
      tmdbOptions: JSON.stringify([
        inception,
        offline,
        { tmdbData: { id: 7, title: 'Derived', poster_path: '/d.jpg' } },
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro.type).toBe('movie');
    expect(shro.boxes.map((b) => [b.label, b.imageUrl, b.tmdbData?.id ?? null, b.isEmpty])).toEqual([
      ['Inception', 'https://image.tmdb.org/t/p/w500/inc.jpg', 27205, false],
      ['Offline title', '/api/catalog/posters/movie/42.png', 42, false],
      ['Derived', 'https://image.tmdb.org/t/p/w500/d.jpg', 7, false],
      [null, null, null, true],
    ]);
    expect(shro.boxes[0]!.tmdbData).toEqual(inception.tmdbData);
    // Movie/TV Shros count as created, but neither as image nor as text ones.
    const after = await statsOf(creator.id);
    expect(after!.shrosCreated).toBe(before!.shrosCreated + 1);
    expect(after!.textShrosCreated).toBe(before!.textShrosCreated);
    expect(after!.imageShrosCreated).toBe(before!.imageShrosCreated);
  });

  it('TV works the same way', async () => {
    const response = await postShro(ctx, creator.cookie, {
      title: 'Binge Watch Choice',
      type: 'tv',
      isShareable: 'true',
      tmdbOptions: JSON.stringify([{ ...offline, imageUrl: '/api/catalog/posters/tv/42.png' }]),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().type).toBe('tv');
  });

  it('refuses posters from anywhere else, repeated titles and malformed picks', async () => {
    const rejectPicks = (picks: unknown[], message: string | RegExp) =>
      expectRejected(
        () =>
          postShro(ctx, creator.cookie, {
            title: 'Movies',
            type: 'movie',
            isPublic: 'true',
            tmdbOptions: JSON.stringify(picks),
          }),
        400,
        message,
      );
    for (const imageUrl of [
      'https://evil.example/x.jpg',
      'http://image.tmdb.org/t/p/w500/a.jpg',
      'javascript:alert(1)',
      '/api/uploads/0123456789abcdef0123456789abcdef',
    ]) {
      await rejectPicks([{ ...inception, imageUrl }], SHRO_MESSAGES.posterInvalid);
    }
    await rejectPicks([inception, inception], SHRO_MESSAGES.titleRepeated);
    await rejectPicks([{ label: 'no data' }], /tmdbData/);
  });
});

describe('POST /api/sessions: images', () => {
  const imageShro = (overrides: Record<string, string | string[] | undefined> = {}) => ({
    title: 'Which outfit?',
    type: 'image',
    isShareable: 'true',
    ...overrides,
  });

  it('stores re-encoded WebP files under random keys and links them from the boxes', async () => {
    const before = await statsOf(creator.id);
    const response = await postShro(ctx, creator.cookie, imageShro({ labels: ['Red', 'Blue'] }), [
      imageFile(await png(64, 64, { r: 255, g: 0, b: 0 })),
      imageFile(
        await sharp({ create: { width: 50, height: 30, channels: 3, background: '#00f' } })
          .jpeg()
          .toBuffer(),
        'b.jpg',
        'image/jpeg',
      ),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const shro: Shro = response.json();
    expect(shro.boxes.map((b) => [b.label, b.isEmpty])).toEqual([
      ['Red', false],
      ['Blue', false],
      [null, true],
      [null, true],
    ]);
    const keys = shro.boxes.slice(0, 2).map((b) => /^\/api\/uploads\/([0-9a-f]{32})$/.exec(b.imageUrl!)![1]!);
    const rows = await ctx.database.db.select().from(uploads).where(eq(uploads.ownerId, creator.id));
    for (const [index, key] of keys.entries()) {
      const row = rows.find((r) => r.key === key)!;
      expect(row).toMatchObject({ kind: 'box', contentType: 'image/webp' });
      const file = (await ctx.app.uploadStorage.read(key))!;
      expect((await sharp(file).metadata()).format).toBe('webp');
      expect(row.byteSize).toBe(file.length);
      expect(shro.boxes[index]!.imageSha256).toBe(row.sha256);
    }
    const after = await statsOf(creator.id);
    expect(after!.imageShrosCreated).toBe(before!.imageShrosCreated + 1);
  });

  it('default labels are "Box n"', async () => {
    const response = await postShro(ctx, creator.cookie, imageShro(), [imageFile(await png()), imageFile(await png())]);
    expect(response.json().boxes.map((b: { label: string }) => b.label)).toEqual(['Box 1', 'Box 2', null, null]);
  });

  it('needs at least 2 images', async () => {
    await expectRejected(
      () => postShro(ctx, creator.cookie, imageShro(), [imageFile(Buffer.alloc(0), '')]),
      400,
      'Please add at least 2 images/text options to create a Shro.',
    );
    const image = await png();
    await expectRejected(
      () => postShro(ctx, creator.cookie, imageShro(), [imageFile(image)]),
      400,
      'Please add at least 2 images/text options to create a Shro.',
    );
  });

  it('a non-image file is refused whatever its name and declared type, and nothing is kept', async () => {
    const image = await png();
    await expectRejected(
      () =>
        postShro(ctx, creator.cookie, imageShro(), [
          imageFile(image),
          imageFile(Buffer.from('#!/bin/sh\necho not an image\n'), 'cat.png', 'image/png'),
        ]),
      400,
      // Named by its box, so the creator knows which file to change.
      'Box 2: Please select an image file.',
    );
    // A label the creator gave names it instead.
    await expectRejected(
      () =>
        postShro(ctx, creator.cookie, imageShro({ labels: ['Red dress', 'Blue suit'] }), [
          imageFile(image),
          imageFile(Buffer.from('just text'), 'suit.png', 'image/png'),
        ]),
      400,
      'Blue suit: Please select an image file.',
    );
  });

  it('a 6 MB image is refused with 413 and the spec message', async () => {
    // Noise does not compress, so this is a real PNG of about 6 MB.
    const noise = Buffer.alloc(1450 * 1450 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1450, height: 1450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1000 * 1000);
    const small = await png();
    await expectRejected(
      () => postShro(ctx, creator.cookie, imageShro(), [imageFile(small), imageFile(big, 'big.png')]),
      413,
      'Box 2: File size too large. Please select a file under 5MB.',
    );
  });

  it('an SVG with a script is stored as inert WebP pixels', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert("x")</script><circle cx="20" cy="20" r="15" fill="gold"/></svg>',
    );
    const response = await postShro(ctx, creator.cookie, imageShro(), [
      imageFile(svg, 'evil.svg', 'image/svg+xml'),
      imageFile(await png()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const key = response.json().boxes[0].imageUrl.split('/').pop();
    const stored = (await ctx.app.uploadStorage.read(key))!;
    expect((await sharp(stored).metadata()).format).toBe('webp');
    expect(stored.toString('latin1')).not.toMatch(/script|alert|onload|<svg/);
  });

  it('a photo with GPS EXIF is stored without any EXIF', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await postShro(ctx, creator.cookie, imageShro(), [
      imageFile(photo, 'paris.jpg', 'image/jpeg'),
      imageFile(await png()),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const key = response.json().boxes[0].imageUrl.split('/').pop();
    const stored = (await ctx.app.uploadStorage.read(key))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('images only belong in image Shros; at most 4 files; only the "images" field', async () => {
    const image = await png();
    await expectRejected(
      () => postShro(ctx, creator.cookie, shareableText(), [imageFile(image)]),
      400,
      SHRO_MESSAGES.imagesOnlyForImageType,
    );
    await expectRejected(
      () =>
        postShro(
          ctx,
          creator.cookie,
          imageShro(),
          Array.from({ length: 5 }, () => imageFile(image)),
        ),
      400,
      SHRO_MESSAGES.tooManyOptions,
    );
    await expectRejected(
      () => postShro(ctx, creator.cookie, imageShro(), [imageFile(image), { field: 'avatar', data: image }]),
      400,
      /Unexpected file field/,
    );
  });

  it('a broken multipart body is a 400, never a 500', async () => {
    await expectRejected(
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: { cookie: creator.cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
          payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
        }),
      400,
      /.+/,
    );
  });
});

describe('the stored Shro', () => {
  it('keeps exactly 4 boxes with unique salts, and the winning commitment even without a winner', async () => {
    const created = await postShro(ctx, creator.cookie, shareableText({ textOptions: textOptions('a', 'b') }));
    const id = created.json().id;
    const boxes = await ctx.database.db.select().from(shroBoxes).where(eq(shroBoxes.shroId, id));
    expect(boxes.map((b) => b.position).sort()).toEqual([1, 2, 3, 4]);
    const [row] = await ctx.database.db.select().from(shros).where(eq(shros.id, id));
    expect(row!.winningBoxPosition).toBeNull();
    expect(row!.winningCommitment).toMatch(/^[0-9a-f]{64}$/);
    const view = await getShro(ctx, id, creator.cookie);
    expect(view.statusCode).toBe(200);
  });

  it('another user cannot be made the creator by a form field: an unknown field is refused', async () => {
    const someone = await createUser(ctx);
    await expectRejected(
      () => postShro(ctx, someone.cookie, shareableText({ creatorId: creator.id })),
      400,
      'Unknown field "creatorId".',
    );
  });
});
