import { z } from 'zod';
import { inviteTokenSchema } from './invites';
import { LOCALES } from './locales';
import { acceptTermsFieldSchema } from './terms';

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
    /** The box "I agree to the Terms of Service" (docs/decisions/113-terms-acceptance.md). */
    acceptTerms: acceptTermsFieldSchema,
    /** From an invite link (docs/decisions/124-invitations.md): the new account and the inviter become friends. */
    inviteToken: inviteTokenSchema.optional(),
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
  /** True until the user accepted the current terms (contract/terms.ts): the app asks once, then it is false. */
  mustAcceptTerms: z.boolean(),
  /**
   * A moderator (decision 106): the app offers the moderation page. Told here so the app never
   * asks `GET /api/moderation/me`, whose 404 for everyone else is an error in every page's log.
   */
  isModerator: z.boolean(),
  /** The language the user chose (PUT /api/account/locale); null until chosen. */
  locale: z.enum(LOCALES).nullable(),
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

// ---- forgot password (docs/decisions/109-password-reset-by-email.md) ---------------------------

/** How long a reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
/** One message for every token that cannot be used: unknown, used, expired or malformed. */
export const INVALID_RESET_TOKEN_MESSAGE = 'This reset link is invalid or has expired. Please ask for a new one.';
/** The same answer whether or not an account matched. */
export const PASSWORD_RESET_SENT_MESSAGE = `If an account matches, we've sent a link to its email address. It works once, within ${PASSWORD_RESET_MINUTES} minutes.`;

/** POST /api/auth/password-reset: a username or an email address. */
export const passwordResetRequestSchema = z.strictObject({
  login: z
    .string({ error: 'Enter your username or email' })
    .trim()
    .min(1, 'Enter your username or email')
    .max(254, 'Enter your username or email'),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;
export const passwordResetSentSchema = z.object({ message: z.string() });
export type PasswordResetSent = z.output<typeof passwordResetSentSchema>;

/** GET /api/auth/password-reset: whether this server can send the email at all. */
export const passwordResetStatusSchema = z.object({ emailEnabled: z.boolean() });
export type PasswordResetStatus = z.output<typeof passwordResetStatusSchema>;

/** POST /api/auth/password-reset/confirm: the token from the link and the new password (the registration rules). */
export const passwordResetConfirmSchema = z.strictObject({
  token: z
    .string({ error: INVALID_RESET_TOKEN_MESSAGE })
    .min(1, INVALID_RESET_TOKEN_MESSAGE)
    .max(200, INVALID_RESET_TOKEN_MESSAGE),
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;
/** The web form: the new password typed twice, as at registration. */
export const passwordResetConfirmFormSchema = passwordResetConfirmSchema
  .extend({ confirmPassword: z.string({ error: "Passwords don't match" }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
