// @vitest-environment happy-dom
import type { Shro, ShroBox } from '@contract/shro-views';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import * as parts from './session-parts';
import { ShroPage } from './shro-page';

const options = ['Pizza', 'Ramen', 'Curry', 'Tacos'];

function box(position: number, revealed: boolean): ShroBox {
  return {
    id: 100 + position,
    position,
    label: null,
    imageUrl: null,
    textContent: revealed ? options[position - 1]! : null,
    category: null,
    tmdbData: null,
    imageSha256: null,
    isEmpty: false,
    isRevealed: revealed,
    isSelected: false,
    commitment: 'c'.repeat(64),
    salt: null,
    selectionCount: null,
  };
}

/** A link Shro by @ana with four text boxes, as `viewerRole` sees it. */
function shro(overrides: Partial<Shro>): Shro {
  return {
    id: 's1',
    title: 'Dinner tonight',
    type: 'text',
    status: 'waiting',
    creatorId: 'ana-id',
    creator: { id: 'ana-id', username: 'ana', profileImageUrl: null },
    recipient: null,
    recipients: [],
    isShareable: true,
    isPublic: false,
    isAnonymous: false,
    isShuffled: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    expiresAt: null,
    selectedBoxId: null,
    winningBoxId: null,
    winningBoxPosition: null,
    winningSalt: null,
    winningCommitment: 'w'.repeat(64),
    selectedByUser: null,
    isCorrect: null,
    boxes: [1, 2, 3, 4].map((position) => box(position, false)),
    participants: [],
    participantCount: 0,
    hashtags: null,
    myReaction: null,
    reactions: [],
    viewerRole: 'participant',
    hasSelected: false,
    moderation: null,
    ...overrides,
  };
}

const page = (answer: Shro) =>
  renderScreen(<ShroPage id="s1" />, { path: '/session/s1', api: { 'GET /api/sessions/s1': answer } });

// The page's parts load on their own in the app; here their code is loaded before the first render.
beforeAll(async () => {
  for (const part of Object.values(parts)) if (typeof part === 'object' && 'preload' in part) await part.preload();
}, 60_000);

describe('the Shro page', () => {
  it('invites a visitor to sign in, naming the Shro and its creator, with no box to open', async () => {
    page(shro({ viewerRole: 'visitor' }));
    expect(await screen.findByText(/Dinner tonight/)).toBeTruthy();
    expect(screen.getByText(/@ana/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In to Participate' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fsession%2Fs1',
    );
    expect(screen.queryByRole('button', { name: /Mystery Box/ })).toBeNull();
  });

  it('tells a participant who did not open a box in time that it expired', async () => {
    page(shro({ status: 'expired', expiresAt: '2026-12-01T11:00:00.000Z' }));
    expect(await screen.findByText(/no longer accepting participants/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mystery Box/ })).toBeNull();
  });

  it('lets a participant open one box and shows what was inside', async () => {
    let answer = shro({});
    const { calls } = renderScreen(<ShroPage id="s1" />, {
      path: '/session/s1',
      api: {
        'GET /api/sessions/s1': () => answer,
        'POST /api/sessions/s1/select': (body) => {
          const picked = (body as { boxId: number }).boxId;
          answer = shro({
            status: 'selected',
            hasSelected: true,
            selectedBoxId: picked,
            selectedByUser: 'me',
            participantCount: 1,
            boxes: [1, 2, 3, 4].map((position) => ({
              ...box(position, 100 + position === picked),
              isSelected: 100 + position === picked,
            })),
          });
          return answer;
        },
      },
    });
    const boxes = await screen.findAllByRole('button', { name: /Mystery Box #\d/ });
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    await userEvent.click(screen.getByRole('button', { name: 'Mystery Box #3' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ boxId: 103 }]);
    expect(await screen.findByText('Curry', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText('Pizza')).toBeNull();
  });

  it('shows the creator who opened which box, and offers them nothing to open', async () => {
    page(
      shro({
        viewerRole: 'creator',
        winningBoxId: 102,
        winningBoxPosition: 2,
        boxes: [1, 2, 3, 4].map((position) => box(position, true)),
        participants: [
          {
            userId: 'bob-id',
            username: 'bob',
            selectedBoxId: 102,
            selectedBoxPosition: 2,
            reaction: null,
            createdAt: '2026-12-01T10:05:00.000Z',
          },
        ],
        participantCount: 1,
        moderation: 'visible',
      }),
    );
    await waitFor(() => expect(screen.getAllByText(/@?bob/).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Mystery Box/ })).toBeNull();
  });

  describe('an anonymous Shro (decision 188)', () => {
    it("tells its creator who picks nothing: the first box, how many opened each, nobody's name", async () => {
      page(
        shro({
          viewerRole: 'creator',
          isAnonymous: true,
          isShareable: false,
          status: 'revealed',
          recipients: [
            { id: 'bob-id', username: 'bob' },
            { id: 'cleo-id', username: 'cleo' },
            { id: 'dan-id', username: 'dan' },
          ],
          boxes: [1, 2, 3, 4].map((position) => ({ ...box(position, true), selectionCount: position === 3 ? 2 : 0 })),
          selectedBoxId: 103,
          participantCount: 2,
        }),
      );
      expect(await screen.findByText('Someone opened Box #3.')).toBeTruthy();
      expect(screen.getByText('Anonymous: you see how many people opened each box, never who.')).toBeTruthy();
      expect(screen.getByText('Opened by 2 friends')).toBeTruthy();
      // Three recipients, two picks: one is waiting, and the count says so without a name.
      expect(screen.getByText('1 friend has not opened it yet')).toBeTruthy();
    });

    it('tells everyone else that the creator never learns who opened which box', async () => {
      page(shro({ viewerRole: 'participant', isAnonymous: true }));
      expect(await screen.findByText('Anonymous: @ana sees how many people opened each box, never who.')).toBeTruthy();
    });
  });

  describe('nudging the recipients of a private Shro (issue 40)', () => {
    const bob = {
      userId: 'bob-id',
      username: 'bob',
      selectedBoxId: 102,
      selectedBoxPosition: 2,
      reaction: null,
      createdAt: '2026-12-01T10:05:00.000Z',
    };
    const sentTo = (participants: (typeof bob)[]) =>
      shro({
        viewerRole: 'creator',
        isShareable: false,
        recipients: [
          { id: 'bob-id', username: 'bob' },
          { id: 'cleo-id', username: 'cleo' },
          { id: 'dan-id', username: 'dan' },
        ],
        boxes: [1, 2, 3, 4].map((position) => box(position, true)),
        participants,
        participantCount: participants.length,
      });

    it('counts who has not opened it, nudges them once, and says how many were reminded', async () => {
      const { calls } = renderScreen(<ShroPage id="s1" />, {
        path: '/session/s1',
        api: {
          'GET /api/sessions/s1': sentTo([bob]),
          'POST /api/sessions/s1/nudge': { status: 202, body: { nudged: 2 } },
        },
      });
      expect(await screen.findByText('2 friends have not opened it yet')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Nudge them' }));
      expect(await screen.findByText('2 friends were reminded to open a box.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Nudged' }).hasAttribute('disabled')).toBe(true);
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/api/sessions/s1/nudge',
      ]);
    });

    it("shows the server's refusal of a second nudge", async () => {
      renderScreen(<ShroPage id="s1" />, {
        path: '/session/s1',
        api: {
          'GET /api/sessions/s1': sentTo([]),
          'POST /api/sessions/s1/nudge': { status: 429, body: { message: 'You already nudged this Shro recently.' } },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Nudge them' }));
      expect(await screen.findByText('You already nudged this Shro recently.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Nudge them' }).hasAttribute('disabled')).toBe(false);
    });

    it('offers no nudge once everyone opened it, nor on a link Shro', async () => {
      const everyone = ['bob', 'cleo', 'dan'].map((name) => ({ ...bob, userId: `${name}-id`, username: name }));
      const { unmount } = page(sentTo(everyone));
      await waitFor(() => expect(screen.getAllByText(/@?dan/).length).toBeGreaterThan(0));
      expect(screen.queryByRole('button', { name: 'Nudge them' })).toBeNull();
      unmount();
      page(shro({ viewerRole: 'creator', boxes: [1, 2, 3, 4].map((position) => box(position, true)) }));
      await screen.findByText(/Shareable link/);
      expect(screen.queryByRole('button', { name: 'Nudge them' })).toBeNull();
    });
  });
});
