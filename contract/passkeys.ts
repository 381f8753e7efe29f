import { z } from 'zod';
import { PRODUCT_NAME } from './product';

/** A passkey's name as its owner sees it in settings: trimmed, 1 to this many characters. */
export const PASSKEY_NAME_MAX = 50;

export const PASSKEY_MESSAGES = {
  notFound: 'Passkey not found',
  nameInvalid: `A passkey's name must be 1 to ${PASSKEY_NAME_MAX} characters.`,
  unavailable: 'Passkeys are not available on this address.',
  expired: 'This passkey request has expired. Please try again.',
  notVerified: 'This passkey could not be verified. Please try again.',
  unknown: `This passkey is not registered with ${PRODUCT_NAME}. Sign in with your password instead.`,
  alreadyAdded: 'This passkey is already added to your account.',
} as const;

/** One passkey in GET /api/auth/passkeys: never its key or credential id. */
export const passkeyItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.output<typeof passkeyItemSchema>;
export const passkeyListSchema = z.array(passkeyItemSchema);

const passkeyName = z
  .string({ error: PASSKEY_MESSAGES.nameInvalid })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameInvalid)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameInvalid);

/** PATCH /api/auth/passkeys/:id. */
export const renamePasskeyInputSchema = z.strictObject(
  { name: passkeyName },
  { error: 'The body must be {name}: the passkey’s new name.' },
);

export const passkeyIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, PASSKEY_MESSAGES.notFound),
});

/**
 * What the browser's WebAuthn call answered, as @simplewebauthn/browser serialises it; the
 * library checks its content, this only its shape and size.
 */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});

/** POST /api/auth/passkeys/registration/verify. */
export const registerPasskeyInputSchema = z.strictObject(
  { credential: credentialJson, name: passkeyName.optional() },
  { error: 'The body must be {credential, name?}: the browser’s new passkey and an optional name.' },
);

/** POST /api/auth/passkeys/authentication/verify. */
export const passkeySignInInputSchema = z.strictObject(
  { credential: credentialJson },
  { error: 'The body must be {credential}: the browser’s passkey answer.' },
);

/** The options the browser passes to WebAuthn, as SimpleWebAuthn makes them (checked there). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

/** DELETE /api/auth/passkeys/:id. */
export const removePasskeyResultSchema = z.object({ success: z.literal(true) });
