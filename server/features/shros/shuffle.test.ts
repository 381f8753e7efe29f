import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JSON_NAME } from '../../../contract/account';
import { verifyBox, verifyWinning } from '../../../contract/commitment';
import type { NotificationItem } from '../../../contract/notifications';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import {
  befriend,
  createShro,
  createUser,
  gameRowCounts,
  getShro,
  pickBox,
  type SignedInUser,
  select,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { readZip } from '../../test/zip';

/**
 * Issue 40 item 4, decision 189: in a shuffled Shro each person sees the boxes in their own order
 * under their own ids, so what one account learns by opening a box says nothing about another's.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

const viewOf = async (shroId: string, who?: SignedInUser) => (await getShro(ctx, shroId, who?.cookie)).json() as Shro;
const ids = (shro: Shro) => shro.boxes.map((b) => b.id);
/** Text of the box a picker opened (the only one whose content they see). */
const openedText = (view: Shro) => view.boxes.find((b) => b.id === view.selectedBoxId)?.textContent;

/** A public shuffled Shro whose winning box is "Sushi" (the creator's box 2). */
async function shuffledShro(creator: SignedInUser, fields: Record<string, unknown> = {}) {
  return createShro(ctx, creator.cookie, {
    isShareable: false,
    isPublic: true,
    isShuffled: true,
    winningBoxPosition: 2,
    ...fields,
  });
}

describe('a shuffled Shro', () => {
  it('shows each viewer their own ids, order and commitments, the same on every read', async () => {
    const creator = await createUser(ctx);
    const [ana, ben] = [await createUser(ctx), await createUser(ctx)];
    const made = await shuffledShro(creator);
    expect(made.isShuffled).toBe(true);
    expect(made.boxes.map((b) => b.textContent)).toEqual(['Pizza', 'Sushi', 'Tacos', 'Curry']);

    const [anaView, benView, visitorView] = [
      await viewOf(made.id, ana),
      await viewOf(made.id, ben),
      await viewOf(made.id),
    ];
    for (const view of [anaView, benView, visitorView]) {
      expect(view.isShuffled).toBe(true);
      expect(view.boxes.map((b) => b.position)).toEqual([1, 2, 3, 4]);
      expect(view.boxes.every((b) => b.textContent === null && b.salt === null)).toBe(true);
      expect(new Set(ids(view)).size).toBe(4);
    }
    const shared = (a: Shro, b: Shro) => ids(a).filter((id) => ids(b).includes(id));
    expect(shared(anaView, made)).toEqual([]);
    expect(shared(anaView, benView)).toEqual([]);
    expect(shared(anaView, visitorView)).toEqual([]);
    const commitments = (view: Shro) => view.boxes.map((b) => b.commitment);
    expect(
      commitments(anaView).filter((c) => commitments(made).includes(c) || commitments(benView).includes(c)),
    ).toEqual([]);
    expect(anaView.winningCommitment).not.toBe(made.winningCommitment);

    // Stable for each viewer: a second read is the same view.
    expect(await viewOf(made.id, ana)).toEqual(anaView);
    expect(await viewOf(made.id)).toEqual(visitorView);
    // The creator sees the boxes as made.
    expect(ids(await viewOf(made.id, creator))).toEqual(ids(made));
  });

  it('puts the winning box at positions of their own, in each picker’s own ids, checkable by each', async () => {
    const creator = await createUser(ctx);
    const made = await shuffledShro(creator);
    const winningPositions = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const picker = await createUser(ctx);
      const before = await viewOf(made.id, picker);
      const after = await pickBox(ctx, picker.cookie, before, 1);
      const opened = after.boxes.find((b) => b.id === after.selectedBoxId)!;
      expect(opened.position).toBe(1);
      expect(after.isCorrect).toBe(opened.textContent === 'Sushi');
      // The winning box in the picker's own terms: its id is one of theirs, at its position.
      const winning = after.boxes.find((b) => b.id === after.winningBoxId)!;
      expect(winning.position).toBe(after.winningBoxPosition);
      expect(after.isCorrect).toBe(after.winningBoxId === after.selectedBoxId);
      winningPositions.add(winning.position);
      // The commitments seen before the pick are the ones the opened box and winning salt match.
      expect(after.boxes.map((b) => b.commitment)).toEqual(before.boxes.map((b) => b.commitment));
      expect(after.winningCommitment).toBe(before.winningCommitment);
      expect(await verifyBox({ ...opened, commitment: opened.commitment })).toBe(true);
      expect(await verifyWinning(after)).toBe(true);
      expect(after.participants[0]).toMatchObject({ selectedBoxId: opened.id, selectedBoxPosition: 1 });
    }
    // Eight pickers almost surely see the winning box at more than one position (all at one: 1 in 16,384).
    expect(winningPositions.size).toBeGreaterThan(1);

    // The creator's board counts the picks at the boxes as made.
    const board = await viewOf(made.id, creator);
    expect(board.boxes.reduce((n, b) => n + (b.selectionCount ?? 0), 0)).toBe(8);
    expect(board.participants.every((p) => made.boxes.some((b) => b.id === p.selectedBoxId))).toBe(true);
  });

  it('refuses a box id another account saw, and the creator’s, changing nothing', async () => {
    const creator = await createUser(ctx);
    const [scout, ana] = [await createUser(ctx), await createUser(ctx)];
    const made = await shuffledShro(creator);
    const scouted = await pickBox(ctx, scout.cookie, await viewOf(made.id, scout), 1);
    expect(scouted.winningBoxId).not.toBeNull();

    const before = await gameRowCounts(ctx);
    for (const boxId of [scouted.winningBoxId, scouted.selectedBoxId, made.boxes[1]!.id]) {
      const response = await select(ctx, made.id, ana.cookie, boxId);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SHRO_MESSAGES.boxInvalid);
    }
    expect(await gameRowCounts(ctx)).toEqual(before);
    expect((await viewOf(made.id, ana)).hasSelected).toBe(false);
    // Her own ids open her boxes.
    const anaView = await pickBox(ctx, ana.cookie, await viewOf(made.id, ana), 2);
    expect(anaView.hasSelected).toBe(true);
  });

  it('names a recipient’s box by their own id in notifications and their data export', async () => {
    const creator = await createUser(ctx);
    const ana = await createUser(ctx);
    await befriend(ctx, creator, ana);
    const made = await shuffledShro(creator, { isPublic: false, recipients: [ana.id] });
    const picked = await pickBox(ctx, ana.cookie, await viewOf(made.id, ana), 3);

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: ana.cookie } })
    ).json() as NotificationItem[];
    const about = list.filter((n) => n.sessionId === made.id);
    expect(about.length).toBeGreaterThan(0);
    for (const n of about) expect(n.session?.selectedBoxId).toBe(picked.selectedBoxId);

    const zip = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: ana.cookie } });
    const data = JSON.parse((await readZip(zip.rawPayload)).get(EXPORT_JSON_NAME)!.toString('utf8'));
    const pick = data.picks.find((p: { shroId: string }) => p.shroId === made.id);
    expect(pick.boxId).toBe(picked.selectedBoxId);
    expect(pick.shro.selectedBoxId).toBe(picked.selectedBoxId);
    expect(openedText(pick.shro)).toBe(openedText(picked));

    // The creator of a private Shro sees the first pick as made.
    const board = await viewOf(made.id, creator);
    expect(board.boxes.find((b) => b.id === board.selectedBoxId)?.textContent).toBe(openedText(picked));
  });

  it('gives a copy fresh frames, and keeps it anonymous', async () => {
    const creator = await createUser(ctx);
    const ana = await createUser(ctx);
    const made = await createShro(ctx, creator.cookie, { isShuffled: true, isAnonymous: true });
    const copied = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${made.id}/copy`,
      headers: { cookie: creator.cookie },
      payload: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json() as Shro;
    expect(copy).toMatchObject({ isShuffled: true, isAnonymous: true });
    const [inSource, inCopy] = [await viewOf(made.id, ana), await viewOf(copy.id, ana)];
    expect(ids(inCopy).filter((id) => ids(inSource).includes(id))).toEqual([]);
    expect(ids(inCopy).filter((id) => ids(copy).includes(id))).toEqual([]);
  });

  it('refuses an isShuffled that is not a yes or a no, and creates nothing', async () => {
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
        isShuffled: 'often',
        textOptions: '[{"content":"A"},{"content":"B"}]',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('isShuffled must be true or false');
    expect(await gameRowCounts(ctx)).toEqual(before);
  });

  it('is not shuffled unless asked: everyone sees the boxes as made', async () => {
    const creator = await createUser(ctx);
    const ana = await createUser(ctx);
    const made = await createShro(ctx, creator.cookie);
    expect(made.isShuffled).toBe(false);
    const anaView = await viewOf(made.id, ana);
    expect(ids(anaView)).toEqual(ids(made));
    expect(anaView.boxes.map((b) => b.commitment)).toEqual(made.boxes.map((b) => b.commitment));
  });
});
