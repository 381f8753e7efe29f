import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { INVALID_RESET_TOKEN_MESSAGE, PASSWORD_RESET_MINUTES } from '../../../contract/auth';
import { directionOf, isLocale, type Locale } from '../../../contract/locales';
import { PRODUCT_NAME } from '../../../contract/product';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/catalogs';
import { badRequest } from '../../lib/http-errors';
import type { LiveDeps } from '../live/bus';
import type { Mailer, MailMessage } from '../mail/mailer';
import { hashPassword } from './password';
import {
  claimResetToken,
  deleteAllAuthSessions,
  deleteUnusedResetTokens,
  findResetTargets,
  replaceResetToken,
} from './password-reset-queries';
import { updatePasswordHash } from './queries';

/** Accounts one email address may reach in one request (emails are not unique, decision 109). */
const MAX_ACCOUNTS_PER_EMAIL = 10;

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reset email's sentences (docs/decisions/167-server-texts.md). */
export const RESET_EMAIL_TEXTS = {
  subject: `Reset your ${PRODUCT_NAME} password`,
  greeting: 'Hi @{username},',
  asked: `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account @{username}.`,
  open: '{minutes, plural, one {Open this link within # minute to choose a new one:} other {Open this link within # minutes to choose a new one:}}',
  button: 'Choose a new password',
  copy: 'Or copy this address into your browser: {address}',
  once: 'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
} as const;

/**
 * The reset email in `locale`: plain text and the same as HTML, every sentence escaped there
 * (the username and the link are in them).
 */
function resetEmail(user: { username: string; email: string }, link: string, locale: Locale): MailMessage {
  const say = (text: string, values?: Record<string, string | number>) => translate(locale, text, values);
  const sentences = {
    greeting: say(RESET_EMAIL_TEXTS.greeting, { username: user.username }),
    asked: say(RESET_EMAIL_TEXTS.asked, { username: user.username }),
    open: say(RESET_EMAIL_TEXTS.open, { minutes: PASSWORD_RESET_MINUTES }),
    once: say(RESET_EMAIL_TEXTS.once),
  };
  const text = [sentences.greeting, '', sentences.asked, sentences.open, '', link, '', sentences.once].join('\n');
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(sentences.greeting)}</p>
<p>${escapeHtml(sentences.asked)}
${escapeHtml(sentences.open)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(say(RESET_EMAIL_TEXTS.button))}</a></p>
<p style="color:#555">${escapeHtml(say(RESET_EMAIL_TEXTS.copy, { address: link }))}</p>
<p style="color:#555">${escapeHtml(sentences.once)}</p>
</body></html>`;
  return { to: user.email, subject: say(RESET_EMAIL_TEXTS.subject), text, html };
}

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Counts one link for the account against its own budget, however it was asked for (username
   * or email); false when the budget is used up and no link goes out.
   */
  takeAccountBudget: (userId: string) => Promise<boolean>;
}

/**
 * The work behind POST /api/auth/password-reset, done after the answer went out (its timing
 * tells nothing): for each account the login names that has budget left (per account, however
 * it was named), a new single-use link replaces any unused one and is mailed (in the account's
 * saved language, else the request's), or logged at warn
 * level when no SMTP server is configured. Returns how many links went out.
 */
export async function sendResetLinks(
  { db, mailer, log, takeAccountBudget }: ResetDeps,
  login: string,
  origin: string,
  requestLocale: Locale,
): Promise<number> {
  const targets = await findResetTargets(db, login, MAX_ACCOUNTS_PER_EMAIL);
  const now = new Date();
  let sent = 0;
  for (const user of targets) {
    if (!(await takeAccountBudget(user.id))) {
      log.info({ userId: user.id }, 'Password reset link not sent: the account asked for too many');
      continue;
    }
    sent++;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
    await replaceResetToken(db, { tokenHash: hashResetToken(token), userId: user.id, expiresAt }, now);
    const link = `${origin}/reset-password?token=${token}`;
    if (mailer.enabled) {
      await mailer.send(resetEmail(user, link, isLocale(user.locale) ? user.locale : requestLocale));
    } else {
      // Development without SMTP: the only way to the link (docs/decisions/109-password-reset-by-email.md).
      log.warn({ userId: user.id }, `Password reset link (SMTP_URL is not set, no email was sent): ${link}`);
    }
  }
  return sent;
}

/**
 * Sets a new password with a reset token: the token is used up, the user's other unused links
 * and every auth session of theirs end. Unknown, used, expired: one and the same 400.
 */
export async function confirmPasswordReset(
  { db, live }: LiveDeps,
  token: string,
  newPassword: string,
): Promise<{ userId: string; ended: number }> {
  const tokenHash = hashResetToken(token);
  const result = await db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, tokenHash, new Date());
    if (!userId) return undefined;
    await updatePasswordHash(tx, userId, await hashPassword(newPassword));
    await deleteUnusedResetTokens(tx, userId);
    return { userId, ended: await deleteAllAuthSessions(tx, userId) };
  });
  if (!result) throw badRequest(INVALID_RESET_TOKEN_MESSAGE);
  for (const authSessionId of result.ended) {
    await live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
  }
  return { userId: result.userId, ended: result.ended.length };
}
