import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Shro } from '../../contract/shros';
import { authSessions, friendRequests, friendships, messages, notifications } from '../../server/db/schema/index';
import { multipart } from '../../server/test/multipart';
import { insertTestUser, type TestContext } from '../../server/test/test-app';

/** A signed-in user of a test world: the row plus the Cookie header that authenticates them. */
export interface Member {
  id: string;
  username: string;
  cookie: string;
}

/**
 * A small, complete world for authorization checks, built straight in the database where that is
 * enough and through the API where the app has to do the work (Shros, images, commitments).
 *
 * - `owner` and `friend` are friends; `owner` sent `friend` a private image Shro, a private text
 *   Shro, made a link Shro and a public Shro; `friend` opened box 1 of the private image Shro.
 * - `stranger` is signed in and related to nobody; `requester` has a pending request to `owner`.
 * - `owner` has an unread notification; `friend` and `owner` have exchanged a chat message.
 */
export interface World {
  owner: Member;
  friend: Member;
  stranger: Member;
  requester: Member;
  privateImage: Shro;
  /** The private image Shro as `friend` sees it after opening box 1. */
  friendView: Shro;
  /** Upload keys of the private image Shro: the one `friend` opened and one nobody opened. */
  openedImageKey: string;
  unopenedImageKey: string;
  privateText: Shro;
  link: Shro;
  publicShro: Shro;
  ownerNotificationId: number;
  messageId: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A user with a live auth session made directly in the database (no password hashing round trip). */
export async function newMember(ctx: TestContext, prefix = 'u'): Promise<Member> {
  const username = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const row = await insertTestUser(ctx.database, username);
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(authSessions).values({
    id: hashToken(token),
    userId: row.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { id: row.id, username: row.username, cookie: `shro_sid=${ctx.app.signCookie(token)}` };
}

export async function befriend(ctx: TestContext, a: { id: string }, b: { id: string }) {
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  await ctx.database.db.insert(friendships).values({ userLowId: low, userHighId: high });
}

/** A small real PNG of one colour. */
export function png(color: { r: number; g: number; b: number }, size = 48): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/** POST /api/sessions with a JSON body (no images); fails unless created. */
export async function createShro(ctx: TestContext, cookie: string, fields: Record<string, unknown>): Promise<Shro> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { cookie },
    payload: {
      type: 'text',
      isShareable: false,
      isPublic: false,
      textOptions: [{ content: 'Pizza' }, { content: 'Sushi' }, { content: 'Tacos' }, { content: 'Curry' }],
      ...fields,
    },
  });
  expectStatus(response, 201, 'create');
  return response.json();
}

/** POST /api/sessions as the web form sends it, with image files; fails unless created. */
export async function createImageShro(
  ctx: TestContext,
  cookie: string,
  fields: Record<string, string>,
  images: Buffer[],
): Promise<Shro> {
  const form = await multipart(
    { type: 'image', isShareable: 'false', isPublic: 'false', ...fields },
    images.map((data, i) => ({ field: 'images', data, filename: `p${i}.png`, type: 'image/png' })),
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
  expectStatus(response, 201, 'create image Shro');
  return response.json();
}

export async function selectBox(ctx: TestContext, cookie: string, shroId: string, boxId: number): Promise<Shro> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shroId}/select`,
    headers: { cookie },
    payload: { boxId },
  });
  expectStatus(response, 200, 'select');
  return response.json();
}

const keyOf = (imageUrl: string | null) => {
  const match = /^\/api\/uploads\/([0-9a-f]{32})$/.exec(imageUrl ?? '');
  if (!match) throw new Error(`not an upload URL: ${imageUrl}`);
  return match[1]!;
};

/** Builds the world described on `World`. About a quarter of a second on PGlite. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const [owner, friend, stranger, requester] = await Promise.all([
    newMember(ctx, 'owner'),
    newMember(ctx, 'friend'),
    newMember(ctx, 'stranger'),
    newMember(ctx, 'req'),
  ]);
  await befriend(ctx, owner, friend);
  await ctx.database.db.insert(friendRequests).values({ fromUserId: requester.id, toUserId: owner.id });

  const images = await Promise.all([png({ r: 200, g: 30, b: 30 }), png({ r: 30, g: 200, b: 30 })]);
  const privateImage = await createImageShro(
    ctx,
    owner.cookie,
    { title: 'Which jacket?', recipients: JSON.stringify([friend.id]), winningBoxPosition: '2' },
    images,
  );
  const box1 = privateImage.boxes.find((b) => b.position === 1)!;
  const box2 = privateImage.boxes.find((b) => b.position === 2)!;
  const friendView = await selectBox(ctx, friend.cookie, privateImage.id, box1.id);
  const privateText = await createShro(ctx, owner.cookie, { title: 'Dinner?', recipients: [friend.id] });
  const link = await createShro(ctx, owner.cookie, { title: 'Link one', isShareable: true });
  const publicShro = await createShro(ctx, owner.cookie, { title: 'Public one', isPublic: true, hashtags: 'food' });

  const [note] = await ctx.database.db
    .insert(notifications)
    .values({ userId: owner.id, type: 'friend_request', title: 'Hello', message: 'A test notification' })
    .returning();
  const [message] = await ctx.database.db
    .insert(messages)
    .values({ senderId: friend.id, recipientId: owner.id, content: 'hi owner' })
    .returning();

  return {
    owner,
    friend,
    stranger,
    requester,
    privateImage,
    friendView,
    openedImageKey: keyOf(box1.imageUrl),
    unopenedImageKey: keyOf(box2.imageUrl),
    privateText,
    link,
    publicShro,
    ownerNotificationId: note!.id,
    messageId: message!.id,
  };
}
