import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, changePasswordInputSchema } from './auth';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the change-password form (docs/decisions/102-signed-in-devices.md)', () => {
  it('asks for the new password twice and sends only the API fields', () => {
    const input = { currentPassword: 'old secret', newPassword: 'new secret', confirmPassword: 'new secret' };
    expect(changePasswordFormSchema.safeParse(input).success).toBe(true);
    expect(messagesOf(changePasswordFormSchema.safeParse({ ...input, confirmPassword: 'other' }))).toEqual([
      "Passwords don't match",
    ]);
    // The API takes the two passwords only; a confirmation sent to it is an unknown field.
    expect(changePasswordInputSchema.safeParse(input).success).toBe(false);
  });

  it('applies the registration rules to the new password', () => {
    const base = { currentPassword: 'old secret', confirmPassword: '12345' };
    expect(messagesOf(changePasswordFormSchema.safeParse({ ...base, newPassword: '12345' }))).toContain(
      'Password must be at least 6 characters',
    );
    expect(
      messagesOf(changePasswordFormSchema.safeParse({ ...base, currentPassword: '', newPassword: '123456' })),
    ).toContain('Current password is required');
  });
});
