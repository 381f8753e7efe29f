// @vitest-environment happy-dom
import type { NotificationItem } from '@contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import { NotificationList } from './notification-list';

const at = new Date().toISOString();
const picked: NotificationItem = {
  id: 1,
  type: 'shro_selected',
  title: 'Someone opened a box',
  message: '@bob opened a box in "Dinner"',
  isRead: false,
  createdAt: at,
  sessionId: 's1',
  session: { status: 'selected', selectedBoxId: 2 },
  actor: { id: 'u2', username: 'bob' },
};
const request: NotificationItem = {
  id: 2,
  type: 'friend_request',
  title: 'New friend request',
  message: '@carol wants to be friends',
  isRead: true,
  createdAt: at,
  sessionId: null,
  session: null,
  actor: { id: 'u3', username: 'carol' },
};

describe('the notification list', () => {
  it('shows each notification with its links and the unread count', async () => {
    renderScreen(<NotificationList />, { api: { 'GET /api/notifications': [picked, request] } });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Someone opened a box' })).toBeTruthy();
    expect(within(items[0]!).getByText('New')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'View Shro' }).getAttribute('href')).toBe('/session/s1');
    expect(within(items[0]!).getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe(
      '/session/s1?view=result',
    );
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(within(items[1]!).getByRole('link', { name: 'View Request' }).getAttribute('href')).toBe(
      '/friends?tab=requests',
    );
    expect(within(items[1]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByText('You have 1 unread notification')).toBeTruthy();
  });

  it('marks one read through its API and shows it read', async () => {
    let stored = [picked, request];
    const { calls } = renderScreen(<NotificationList />, {
      api: {
        'GET /api/notifications': () => stored,
        'PATCH /api/notifications/1/read': () => {
          stored = [{ ...picked, isRead: true }, request];
          return stored[0];
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByText("You're all caught up")).toBeTruthy());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual([
      '/api/notifications/1/read',
    ]);
    expect(screen.queryByText('New')).toBeNull();
  });

  it('offers Mark All Read only while something is unread, and says so when the list is empty', async () => {
    renderScreen(<NotificationList />, { api: { 'GET /api/notifications': [] } });
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark All Read' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's message when the list cannot be read", async () => {
    renderScreen(<NotificationList />, {
      api: { 'GET /api/notifications': { status: 500, body: { message: 'Database unavailable' } } },
    });
    expect(await screen.findByText(/Database unavailable|Something went wrong/)).toBeTruthy();
  });
});
