import { z } from 'zod';
import { LOCALE_MESSAGES, LOCALES } from './locales';

/**
 * "Your data" (issue 11 items 15–16): the export of everything about the user and the deletion of
 * the account (docs/decisions/114-account-export.md, 115-account-deletion-tombstone.md).
 */

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Password is required',
  wrongPassword: 'Password is incorrect',
} as const;

/** DELETE /api/account: the password again, like every other irreversible account change. */
export const deleteAccountInputSchema = z.strictObject({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(256, ACCOUNT_MESSAGES.wrongPassword),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.output<typeof deleteAccountResponseSchema>;

/** The JSON file inside the export ZIP, the same as a page to read, and the folder of the user's images beside them. */
export const EXPORT_JSON_NAME = 'shro-export.json';
export const EXPORT_HTML_NAME = 'index.html';
export const EXPORT_IMAGES_FOLDER = 'images';
/** Version of the export's layout, written into the JSON so a reader knows what to expect. */
export const EXPORT_FORMAT_VERSION = 2;

/** PUT /api/account/locale. Any other value, or no body, gets the one message listing the languages. */
export const updateLocaleInputSchema = z.strictObject(
  { locale: z.enum(LOCALES, { error: LOCALE_MESSAGES.unknown }) },
  { error: LOCALE_MESSAGES.unknown },
);
export type UpdateLocaleInput = z.input<typeof updateLocaleInputSchema>;

export const updateLocaleResponseSchema = z.object({ locale: z.enum(LOCALES) });
export type UpdateLocaleResponse = z.output<typeof updateLocaleResponseSchema>;
