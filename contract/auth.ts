import { z } from 'zod';

/** Letters, digits, `_` and `.`; 3–30 characters (docs/product.md §5). */
const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing it is never a denial of service. */
const PASSWORD_MAX = 256;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may only contain letters, numbers, underscores and dots');

const optionalName = z
  .string()
  .trim()
  .max(50, 'Names must be at most 50 characters')
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined));

/** The rules for a password someone chooses: at registration and when changing it. */
const newPasswordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerInputSchema = z
  .strictObject({
    username: usernameSchema,
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    firstName: optionalName,
    lastName: optionalName,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const loginInputSchema = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const updateUsernameInputSchema = z.strictObject({ username: usernameSchema });
export type UpdateUsernameInput = z.infer<typeof updateUsernameInputSchema>;

/** A user as anyone else sees it: no email. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** The signed-in user as its owner sees it (never any password data). */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.output<typeof currentUserSchema>;

/** POST /api/logout. */
export const logoutResponseSchema = z.object({ success: z.literal(true) });
export type LogoutResponse = z.output<typeof logoutResponseSchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

/** PUT /api/auth/password: the current password is required (docs/decisions/102-signed-in-devices.md). */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, 'Current password is incorrect'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;
/** The web form: the API's fields plus the new password typed twice, as at registration. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string({ error: "Passwords don't match" }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

/** One signed-in device of the user (GET /api/auth/sessions); `id` is a public id, never the token hash. */
const authSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** e.g. "Chrome on Android"; null when the browser was not recognised. */
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type AuthSession = z.output<typeof authSessionSchema>;
export const authSessionListSchema = z.array(authSessionSchema);

/** DELETE /api/auth/sessions/{id}. */
export const authSessionParamsSchema = z.strictObject({ id: z.uuid('Unknown session') });

/** PUT /api/auth/password and POST /api/auth/sessions/revoke-others: how many other sessions ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.output<typeof endedSessionsSchema>;
