// @vitest-environment happy-dom
import type { PublicUser } from '@contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiTable, renderScreen } from '@/test/render-screen';
import { CreateShro } from './create-shro';

const ana: PublicUser = {
  id: 'f1',
  username: 'ana',
  firstName: 'Ana',
  lastName: null,
  profileImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// The upload goes through XMLHttpRequest for its progress bar; here through the fetch stand-in.
vi.mock('@/lib/api-upload', async () => {
  const { ApiError } = await import('@/lib/api-client');
  return {
    apiUpload: async (method: string, url: string, body: FormData) => {
      const response = await fetch(url, { method, body });
      const text = await response.text();
      if (!response.ok) throw new ApiError(response.status, text, response.statusText);
      return JSON.parse(text);
    },
  };
});

beforeEach(() => localStorage.clear());

/** The form of the Custom Text template, with one friend to send to. */
async function openTextForm(api: ApiTable = {}) {
  const view = renderScreen(<CreateShro userId="u1" />, {
    path: '/create',
    api: { 'GET /api/friends': [ana], ...api },
  });
  await userEvent.click(await screen.findByRole('button', { name: /Custom Text/ }));
  return view;
}

const linkSwitch = () =>
  screen.getByText('Create a shareable link').closest('label, div')!.querySelector('[role="switch"]')!;

describe('the create form', () => {
  it('asks for a title first, and sends nothing', async () => {
    const { calls } = await openTextForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Shro' }));
    expect(await screen.findByText('Missing Title')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks for at least two options, then for someone to send to', async () => {
    const { calls } = await openTextForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await userEvent.type(screen.getByLabelText('Option A'), 'Pizza');
    await userEvent.click(screen.getByRole('button', { name: 'Create Shro' }));
    expect(await screen.findByText('Missing Options')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Option B'), 'Ramen');
    await userEvent.click(screen.getByRole('button', { name: 'Create Shro' }));
    expect(await screen.findByText('Missing Recipients')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers a link with its expiry only while no friend is chosen', async () => {
    await openTextForm();
    expect(screen.queryByLabelText('Link expires after')).toBeNull();
    await userEvent.click(linkSwitch());
    expect(screen.getByLabelText('Link expires after')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /ana/i }));
    expect(screen.queryByText('Create a shareable link')).toBeNull();
  });

  it('sends a private Shro to the chosen friend and opens it', async () => {
    const { calls, location } = await openTextForm({ 'POST /api/sessions': { id: 'new-shro', title: 'Dinner' } });
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await userEvent.type(screen.getByLabelText('Option A'), 'Pizza');
    await userEvent.type(screen.getByLabelText('Option B'), 'Ramen');
    await userEvent.click(screen.getByRole('checkbox', { name: /ana/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Shro' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/session/new-shro'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/sessions');
    expect(post?.body).toMatchObject({ title: 'Dinner', type: 'text', isShareable: 'false', recipients: '["f1"]' });
    const { textOptions } = (post?.body ?? {}) as { textOptions: string };
    const options = JSON.parse(textOptions) as { content: string }[];
    expect(options.map((option) => option.content)).toEqual(['Pizza', 'Ramen']);
  });

  it("shows the server's refusal and stays on the form", async () => {
    const { location } = await openTextForm({
      'POST /api/sessions': { status: 400, body: { message: 'Title contains blocked words' } },
    });
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await userEvent.type(screen.getByLabelText('Option A'), 'Pizza');
    await userEvent.type(screen.getByLabelText('Option B'), 'Ramen');
    await userEvent.click(linkSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Create Shro' }));
    expect(await screen.findByText('Title contains blocked words')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/create');
  });
});
