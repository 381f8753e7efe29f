import { setupI18n } from '@lingui/core';
import type { ErrorOption, UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { FORM_ERROR, showServerError } from './use-schema-form';

type Call = [name: string, error: ErrorOption, options: { shouldFocus?: boolean } | undefined];

/** A stand-in for react-hook-form's `setError` that records where each message went. */
function recordingForm() {
  const calls: Call[] = [];
  const setError: UseFormSetError<{ username: string }> = (name, error, options) => {
    calls.push([name, error, options]);
  };
  return { calls, setError };
}

/** English, as a page with no catalog shows it. */
const english = setupI18n({ locale: 'en', messages: { en: {} } });

const answer = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), '');

describe('showServerError (decision 095)', () => {
  it('puts the server message on the field its status code maps to, and focuses it', () => {
    const form = recordingForm();
    const field = showServerError(form, answer(409, 'Username is already taken'), english, { 409: 'username' });
    expect(field).toBe('username');
    expect(form.calls).toEqual([
      ['username', { type: 'server', message: 'Username is already taken' }, { shouldFocus: true }],
    ]);
  });

  it('puts any other status on the form as a whole, whatever the message says', () => {
    const form = recordingForm();
    // The text names the username, but only the status code decides.
    expect(
      showServerError(form, answer(401, 'Invalid username or password'), english, { 409: 'username' }),
    ).toBeUndefined();
    expect(form.calls).toEqual([
      [FORM_ERROR, { type: 'server', message: 'Invalid username or password' }, { shouldFocus: false }],
    ]);
  });

  it('puts a call that never reached the server on the form with the offline text', () => {
    const form = recordingForm();
    showServerError(form, new NetworkError(true), english, { 409: 'username' });
    expect(form.calls[0]?.[0]).toBe(FORM_ERROR);
    expect(form.calls[0]?.[1].message).toBe(new NetworkError(true).message);
  });
});
