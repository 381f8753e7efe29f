import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBox, verifyWinning } from '../../../contract/commitment';
import type { Shro } from '../../../contract/shro-views';
import {
  createShro,
  createUser,
  gameWorld,
  getShro,
  imageFile,
  png,
  postShro,
  type SignedInUser,
  select,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;
let friend2: SignedInUser;

beforeAll(async () => {
  [ctx, creator, friend, friend2] = await gameWorld(2);
});
afterAll(() => ctx.close());

const OPTIONS = ['Pizza', 'Sushi', 'Tacos', 'Curry'];

/** Nothing of any box's content, nor any salt or winner, anywhere in the JSON. */
function expectNothingRevealed(view: Shro) {
  for (const box of view.boxes) {
    expect(box).toMatchObject({
      label: null,
      imageUrl: null,
      textContent: null,
      category: null,
      tmdbData: null,
      imageSha256: null,
      salt: null,
      isRevealed: false,
      isSelected: false,
      selectionCount: null,
    });
    expect(box.commitment).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(view).toMatchObject({ winningBoxId: null, winningBoxPosition: null, winningSalt: null, selectedBoxId: null });
  const text = JSON.stringify(view);
  for (const option of OPTIONS) expect(text).not.toContain(option);
  expect(text).not.toMatch(/Option [A-D]/);
  expect(text).not.toContain('/api/uploads/');
}

describe('hidden boxes', () => {
  let shro: Shro;
  beforeAll(async () => {
    shro = await createShro(ctx, creator.cookie, { winningBoxPosition: '3', hashtags: 'food' });
  });

  it('a signed-in user who has not opened a box sees commitments only', async () => {
    const viewer = await createUser(ctx);
    const response = await getShro(ctx, shro.id, viewer.cookie);
    expect(response.statusCode).toBe(200);
    const view: Shro = response.json();
    expect(view).toMatchObject({ viewerRole: 'viewer', hasSelected: false, status: 'waiting', participants: [] });
    expect(view.boxes.map((b) => b.commitment)).toEqual(shro.boxes.map((b) => b.commitment));
    expect(view.winningCommitment).toBe(shro.winningCommitment);
    expectNothingRevealed(view);
  });

  it('a signed-out visitor gets the Join card data and no content', async () => {
    const response = await getShro(ctx, shro.id);
    expect(response.statusCode).toBe(200);
    const view: Shro = response.json();
    expect(view).toMatchObject({
      id: shro.id,
      title: 'Where do we eat?',
      type: 'text',
      status: 'waiting',
      isShareable: true,
      isPublic: false,
      viewerRole: 'visitor',
      creator: { id: creator.id, username: creator.username },
      myReaction: null,
      reactions: [],
    });
    expect(view.boxes.map((b) => b.position)).toEqual([1, 2, 3, 4]);
    expectNothingRevealed(view);
    expect(JSON.stringify(view)).not.toContain('email');
  });

  it('a participant sees their own box only, and can check it and the winner against the commitments', async () => {
    const participant = await createUser(ctx);
    const seenBefore: Shro = (await getShro(ctx, shro.id, participant.cookie)).json();
    const opened: Shro = (await select(ctx, shro.id, participant.cookie, shro.boxes[0]!.id)).json();

    expect(opened.boxes[0]).toMatchObject({ textContent: 'Pizza', label: 'Option A', isRevealed: true });
    for (const box of opened.boxes.slice(1)) expect(box).toMatchObject({ label: null, textContent: null, salt: null });
    const text = JSON.stringify(opened);
    for (const option of OPTIONS.slice(1)) expect(text).not.toContain(option);

    // What the browser does (contract/commitment.ts, Web Crypto): the box and the winner check out
    // against the commitments shown before the pick.
    const box = { ...opened.boxes[0]!, commitment: seenBefore.boxes[0]!.commitment };
    expect(await verifyBox(box)).toBe(true);
    expect(
      await verifyWinning({
        winningCommitment: seenBefore.winningCommitment,
        winningSalt: opened.winningSalt,
        winningBoxPosition: opened.winningBoxPosition,
      }),
    ).toBe(true);
    expect(opened).toMatchObject({ winningBoxPosition: 3, winningBoxId: shro.boxes[2]!.id, isCorrect: false });
    // A forged reveal would not.
    expect(await verifyBox({ ...box, textContent: 'Sushi' })).toBe(false);
    expect(
      await verifyWinning({
        winningCommitment: seenBefore.winningCommitment,
        winningSalt: opened.winningSalt,
        winningBoxPosition: 1,
      }),
    ).toBe(false);

    const again: Shro = (await getShro(ctx, shro.id, participant.cookie)).json();
    expect(again).toMatchObject({ viewerRole: 'participant', hasSelected: true, participantCount: 1 });
    expect(again.participants).toHaveLength(1);
  });

  it('the creator sees everything: every box, salts, picks per box, participants with their boxes', async () => {
    const view: Shro = (await getShro(ctx, shro.id, creator.cookie)).json();
    expect(view.viewerRole).toBe('creator');
    expect(view.boxes.map((b) => b.textContent)).toEqual(OPTIONS);
    expect(view.boxes.map((b) => b.selectionCount)).toEqual([1, 0, 0, 0]);
    expect(view.boxes.map((b) => b.isRevealed)).toEqual([true, false, false, false]);
    for (const box of view.boxes) expect(await verifyBox(box)).toBe(true);
    expect(await verifyWinning(view)).toBe(true);
    expect(view.participants).toEqual([
      expect.objectContaining({ selectedBoxId: shro.boxes[0]!.id, selectedBoxPosition: 1, reaction: null }),
    ]);
    // A link Shro has no single "selected" box for its creator.
    expect(view.selectedBoxId).toBeNull();
  });

  it('unknown ids answer 404 to everyone', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', 'x'.repeat(100)]) {
      const response = await getShro(ctx, id, creator.cookie);
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
    }
  });
});

describe('private Shros: who may read them', () => {
  it('creator and recipients only; a recipient sees only themselves among the recipients', async () => {
    const shro = await createShro(ctx, creator.cookie, {
      isShareable: 'false',
      recipients: JSON.stringify([friend.id, friend2.id]),
    });
    const stranger = await createUser(ctx);
    expect((await getShro(ctx, shro.id, stranger.cookie)).statusCode).toBe(404);
    expect((await getShro(ctx, shro.id)).statusCode).toBe(404);

    const view: Shro = (await getShro(ctx, shro.id, friend.cookie)).json();
    expect(view).toMatchObject({
      viewerRole: 'recipient',
      recipients: [{ id: friend.id, username: friend.username }],
      recipient: { username: friend.username },
    });
    expectNothingRevealed(view);
    expect(JSON.stringify(view)).not.toContain(friend2.id);

    const creatorView: Shro = (await getShro(ctx, shro.id, creator.cookie)).json();
    expect(creatorView.recipients).toHaveLength(2);
  });
});

describe('images of boxes: GET /api/uploads/:key', () => {
  let shro: Shro;
  let keys: string[];
  let participant: SignedInUser;

  beforeAll(async () => {
    const response = await postShro(
      ctx,
      creator.cookie,
      { title: 'Pick a colour', type: 'image', isShareable: 'true' },
      [
        imageFile(await png(32, 32, { r: 255, g: 0, b: 0 })),
        imageFile(await png(32, 32, { r: 0, g: 255, b: 0 })),
        imageFile(await png(32, 32, { r: 0, g: 0, b: 255 })),
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    shro = response.json();
    keys = shro.boxes.slice(0, 3).map((b) => b.imageUrl!.split('/').pop()!);
    participant = await createUser(ctx);
    await select(ctx, shro.id, participant.cookie, shro.boxes[1]!.id);
  });

  const fetchImage = (key: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}`, headers: cookie ? { cookie } : {} });

  it('the creator gets every image, as private immutable WebP that is never sniffed', async () => {
    for (const key of keys) {
      const response = await fetchImage(key, creator.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    }
  });

  it('a participant gets the image of the box they opened, and it matches the commitment', async () => {
    const response = await fetchImage(keys[1]!, participant.cookie);
    expect(response.statusCode).toBe(200);
    const view: Shro = (await getShro(ctx, shro.id, participant.cookie)).json();
    const box = view.boxes[1]!;
    expect(box.imageUrl).toBe(`/api/uploads/${keys[1]}`);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(box.imageSha256);
    expect(await verifyBox(box)).toBe(true);
  });

  it('the image of an unopened box is 404 to that participant, to other users and to visitors', async () => {
    const someone = await createUser(ctx);
    for (const [key, cookie] of [
      [keys[0]!, participant.cookie],
      [keys[2]!, participant.cookie],
      [keys[0]!, someone.cookie],
      [keys[1]!, someone.cookie],
      [keys[1]!, undefined],
    ] as const) {
      const response = await fetchImage(key, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Image not found', code: expect.any(String) });
    }
  });

  it('unknown and malformed keys are the same 404', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef', '..%2F..%2Fetc%2Fpasswd', 'ABC', `${keys[0]}.webp`]) {
      expect((await fetchImage(key, creator.cookie)).statusCode).toBe(404);
    }
  });
});
