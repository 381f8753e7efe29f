// @vitest-environment happy-dom
import type { PublicUser } from '@contract/auth';
import type { ChatMessage } from '@contract/chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import { MessagePane } from './message-pane';

const me = 'u1';
const bob: PublicUser = {
  id: 'u2',
  username: 'bob',
  firstName: 'Bob',
  lastName: null,
  profileImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const message = (id: number, senderId: string, content: string, readAt: string | null = null): ChatMessage => ({
  id,
  senderId,
  recipientId: senderId === me ? bob.id : me,
  content,
  messageType: 'plain',
  shroSessionId: null,
  createdAt: new Date(Date.now() - 60_000 + id).toISOString(),
  deliveredAt: null,
  readAt,
});

const pane = <MessagePane meId={me} other={bob} online={false} hadUnread={false} />;

describe('the chat pane', () => {
  it('lists the messages and marks theirs read once shown', async () => {
    const { calls } = renderScreen(pane, {
      api: {
        'GET /api/chat/u2': [message(1, bob.id, 'Pizza tonight?'), message(2, me, 'Sure!')],
        'POST /api/chat/u2/read': { updated: 1 },
      },
    });
    expect(await screen.findByText('Pizza tonight?')).toBeTruthy();
    expect(screen.getByText('Sure!')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/chat/u2/read')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Send Shro' }).getAttribute('href')).toBe('/create?friendUsername=bob');
  });

  it('greets an empty conversation and sends the trimmed text, clearing the box', async () => {
    let stored: ChatMessage[] = [];
    const { calls } = renderScreen(pane, {
      api: {
        'GET /api/chat/u2': () => stored,
        'POST /api/chat/send': (body) => {
          const sent = message(3, me, (body as { content: string }).content);
          stored = [sent];
          return sent;
        },
      },
    });
    expect(await screen.findByText('Say hi to Bob 👋')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message Bob' });
    await userEvent.type(box, '  See you at 8  {Enter}');
    await waitFor(() => expect(screen.getByText('See you at 8')).toBeTruthy());
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(calls.filter((call) => call.path === '/api/chat/send').map((call) => call.body)).toEqual([
      { recipientId: 'u2', content: 'See you at 8' },
    ]);
  });

  it('sends nothing for blank text', async () => {
    const { calls } = renderScreen(pane, { api: { 'GET /api/chat/u2': [] } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message Bob' }), '   {Enter}');
    expect(calls.some((call) => call.path === '/api/chat/send')).toBe(false);
  });

  it('gives the words back when the server refuses them', async () => {
    renderScreen(pane, {
      api: {
        'GET /api/chat/u2': [],
        'POST /api/chat/send': { status: 403, body: { message: 'You can only message friends' } },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Message Bob' });
    await userEvent.type(box, 'Hello{Enter}');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Hello'));
    expect(within(document.body).queryByText('Hello', { selector: 'p' })).toBeNull();
  });
});
