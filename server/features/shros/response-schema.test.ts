import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { createShro, createUser, pickBox, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { getShroForViewer } from './view';

/**
 * The second line of defence for hidden boxes (docs/decisions/090-response-schemas-strip.md): a
 * presenter that puts a box's content (or anything else) in a field the contract does not name
 * still sends nothing of it, on every route that answers a Shro, the kept view of
 * GET /api/sessions/:id included. The mistake is made on purpose here by wrapping the presenter.
 */
vi.mock('./present', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./present')>();
  return {
    ...actual,
    presentShro: (input: Parameters<typeof actual.presentShro>[0]) => {
      const view = actual.presentShro(input);
      return {
        ...view,
        creatorPasswordHint: 'LEAKED-TOP-LEVEL',
        boxes: view.boxes.map((box) => {
          const stored = input.boxes.find((entry) => entry.box.id === box.id)?.box;
          return { ...box, leakedContent: `LEAKED:${stored?.textContent}`, leakedSalt: `LEAKED:${stored?.salt}` };
        }),
      };
    },
  };
});

const OPTIONS = ['Pizza', 'Sushi', 'Tacos', 'Curry'];
let ctx: TestContext;
let creator: SignedInUser;
let picker: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  creator = await createUser(ctx, { signedIn: true });
  picker = await createUser(ctx, { signedIn: true });
});
afterAll(() => ctx?.close());

/** Nothing the presenter slipped in arrives, and no hidden box's content either. */
function expectStripped(body: string, hiddenOptions: string[]) {
  expect(body).not.toContain('LEAKED');
  for (const option of hiddenOptions) expect(body).not.toContain(option);
  const shro = JSON.parse(body) as Shro;
  for (const box of shro.boxes) {
    expect(Object.keys(box).sort()).toEqual([
      'category',
      'commitment',
      'id',
      'imageSha256',
      'imageUrl',
      'isEmpty',
      'isRevealed',
      'isSelected',
      'label',
      'position',
      'salt',
      'selectionCount',
      'textContent',
      'tmdbData',
    ]);
  }
}

describe('response schemas strip what a presenter adds by mistake', () => {
  let shro: Shro;
  beforeAll(async () => {
    shro = await createShro(ctx, creator.cookie, { isPublic: true });
  });

  it('the presenter really does add them: the view before the schema carries every stray field', async () => {
    const deps = { db: ctx.database.db, cache: ctx.app.shroCache, live: ctx.app.bus };
    const view = JSON.stringify(await getShroForViewer(deps, shro.id, null));
    expect(view).toContain('LEAKED-TOP-LEVEL');
    for (const option of OPTIONS) expect(view).toContain(`LEAKED:${option}`);
  });

  it('create (201) answers the creator without the extra fields', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: creator.cookie },
      payload: {
        title: 'Stripped?',
        type: 'text',
        isShareable: true,
        textOptions: JSON.stringify(OPTIONS.map((content) => ({ content }))),
      },
    });
    expect(response.statusCode).toBe(201);
    // The creator may see every option; only the stray fields must be gone.
    expectStripped(response.body, []);
  });

  it('a visitor, a signed-in viewer and the creator read the Shro without them, fresh and kept', async () => {
    for (let read = 0; read < 2; read++) {
      const visitor = await ctx.app.inject({ method: 'GET', url: `/api/sessions/${shro.id}` });
      expect(visitor.statusCode).toBe(200);
      expectStripped(visitor.body, OPTIONS);
      const viewer = await ctx.app.inject({
        method: 'GET',
        url: `/api/sessions/${shro.id}`,
        headers: { cookie: picker.cookie },
      });
      expect(viewer.statusCode).toBe(200);
      expectStripped(viewer.body, OPTIONS);
      const own = await ctx.app.inject({
        method: 'GET',
        url: `/api/sessions/${shro.id}`,
        headers: { cookie: creator.cookie },
      });
      expect(own.statusCode).toBe(200);
      expectStripped(own.body, []);
    }
  });

  it('opening a box answers only that box, without the others hidden in stray fields', async () => {
    const opened = await pickBox(ctx, picker.cookie, shro, 1);
    const body = JSON.stringify(opened);
    const openedText = opened.boxes.find((box) => box.position === 1)?.textContent;
    expect(OPTIONS).toContain(openedText);
    expectStripped(
      body,
      OPTIONS.filter((option) => option !== openedText),
    );
  });
});
