import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_RESET_TOKEN_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '../../../contract/auth';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { authSessions, passwordResetTokens, users } from '../../db/schema/index';
import { translate } from '../../i18n/catalogs';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { resetTokenIn, type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';
import { RESET_EMAIL_TEXTS } from './password-reset';

/** Forgot password by email (docs/decisions/109-password-reset-by-email.md), against a real SMTP server. */

const ORIGIN = 'https://shro.example';
const NEW_PASSWORD = 'a fresh passphrase';
let smtp: SmtpCatcher;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({
    smtpUrl: smtp.url,
    mailFrom: 'Shro Test <no-reply@shro.example>',
    publicOrigin: ORIGIN,
    redisUrl: undefined,
    rateLimits: { passwordResetsPerTarget: 3, passwordResetsPerIp: 1000, loginFailuresPerIp: 1000 },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let nextIp = 1;
/** Each request from its own address unless told, so per-IP budgets stay out of the way. */
const requestReset = (login: unknown, remoteAddress = `10.9.0.${nextIp++}`, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    remoteAddress,
    headers,
    payload: { login } as Record<string, unknown>,
  });
const confirm = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: payload as Record<string, unknown>,
  });
const loginStatus = async (username: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode;
const passwordHashOf = async (userId: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;
const tokenRowsOf = (userId: string) =>
  ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address.toLowerCase()));

/** Asks for a link for the user and returns the token from the mail it gets. */
async function tokenFor(user: { username: string; email: string }): Promise<string> {
  const before = mailsTo(user.email).length;
  expect((await requestReset(user.username)).statusCode).toBe(202);
  await ctx.app.backgroundWork.settled();
  const mails = mailsTo(user.email);
  expect(mails).toHaveLength(before + 1);
  return resetTokenIn(mails.at(-1)!.text);
}

describe('POST /api/auth/password-reset', () => {
  it("writes the email in the account's saved language, else in the asking browser's", async () => {
    const arabic = await createUser(ctx, { locale: 'ar' });
    const asked = await requestReset(arabic.username, undefined, { 'accept-language': 'de' });
    // The answer is for the browser that asked; the email for the account's owner.
    expect(asked.json()).toEqual({ message: translate('de', PASSWORD_RESET_SENT_MESSAGE) });
    const mail = await smtp.waitForMail(arabic.email);
    expect(mail.subject).toBe(translate('ar', RESET_EMAIL_TEXTS.subject));
    expect(mail.subject).not.toBe(RESET_EMAIL_TEXTS.subject);
    expect(mail.text).toContain(translate('ar', RESET_EMAIL_TEXTS.greeting, { username: arabic.username }));
    expect(mail.text).toContain(translate('ar', RESET_EMAIL_TEXTS.open, { minutes: 30 }));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(resetTokenIn(mail.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const undecided = await createUser(ctx);
    await requestReset(undecided.username, undefined, { 'accept-language': 'ja,en;q=0.5' });
    expect((await smtp.waitForMail(undecided.email)).subject).toBe(translate('ja', RESET_EMAIL_TEXTS.subject));
  });

  it('mails a single-use link that sets a new password and ends every auth session', async () => {
    const user = await createUser(ctx, { email: 'Reset.Me@Example.com' });
    const other = await createUser(ctx);
    const response = await requestReset(user.username.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });

    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Reset your Shro password');
    expect(mail.from).toBe('Shro Test <no-reply@shro.example>');
    expect(mail.text).toContain(`Hi @${user.username},`);
    expect(mail.text).toContain('within 30 minutes');
    const token = resetTokenIn(mail.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`${ORIGIN}/reset-password?token=${token}`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/reset-password?token=${token}">`);

    // Stored only as its SHA-256, valid for 30 minutes.
    const [row] = await tokenRowsOf(user.id);
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(await ctx.database.db.select().from(passwordResetTokens))).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const done = await confirm({ token, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ended: 1 });
    expect(done.cookies.find((c) => c.name === 'shro_device')).toBeDefined();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(401);
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual([]);
    // The other user is untouched.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other.cookie } })).statusCode,
    ).toBe(200);
    expect(await loginStatus(user.username, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(user.username, NEW_PASSWORD)).toBe(200);
    expect((await tokenRowsOf(user.id))[0]!.usedAt).not.toBeNull();

    // Single use: the same link again changes nothing.
    const hash = await passwordHashOf(user.id);
    const again = await confirm({ token, newPassword: 'yet another one' });
    expect([again.statusCode, again.json()]).toEqual([
      400,
      { message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) },
    ]);
    expect(await passwordHashOf(user.id)).toBe(hash);
  });

  it('answers the same 202 for a login nobody has, and sends nothing', async () => {
    const before = smtp.mails.length;
    for (const login of ['nobody_here', 'nobody@example.com']) {
      const response = await requestReset(login);
      expect([response.statusCode, response.json()]).toEqual([202, { message: PASSWORD_RESET_SENT_MESSAGE }]);
    }
    await ctx.app.backgroundWork.settled();
    expect(smtp.mails.length).toBe(before);
  });

  it('by email (any case): every account with that address gets its own link, naming its username', async () => {
    const first = await createUser(ctx, { signedIn: false, email: 'shared@example.com' });
    const second = await createUser(ctx, { signedIn: false, email: 'Shared@Example.com' });
    expect((await requestReset('  SHARED@example.COM ')).statusCode).toBe(202);
    await ctx.app.backgroundWork.settled();
    const mails = mailsTo('shared@example.com');
    expect(mails.map((m) => m.text.split('\n')[0]).sort()).toEqual(
      [`Hi @${first.username},`, `Hi @${second.username},`].sort(),
    );
    const secondMail = mails.find((m) => m.text.includes(`@${second.username},`))!;
    expect((await confirm({ token: resetTokenIn(secondMail.text), newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await loginStatus(second.username, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(first.username, TEST_PASSWORD)).toBe(200);
  });

  it('escapes the username in the HTML part', async () => {
    // Usernames cannot hold markup today; the mail must not rely on that.
    const user = await createUser(ctx, { signedIn: false, username: '<b>bold</b>&co', email: 'markup@example.com' });
    expect((await requestReset(user.username)).statusCode).toBe(202);
    const mail = await smtp.waitForMail('markup@example.com');
    expect(mail.text).toContain('Hi @<b>bold</b>&co,');
    expect(mail.html).toContain('Hi @&#60;b&#62;bold&#60;/b&#62;&#38;co,');
    expect(mail.html).not.toContain('<b>bold');
  });

  it('a new request replaces the unused link: only the newest one works', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const older = await tokenFor(user);
    const newer = await tokenFor(user);
    expect(older).not.toBe(newer);
    expect(await tokenRowsOf(user.id)).toHaveLength(1);
    const stale = await confirm({ token: older, newPassword: NEW_PASSWORD });
    expect([stale.statusCode, stale.json()]).toEqual([
      400,
      { message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) },
    ]);
    expect((await confirm({ token: newer, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('an expired link gets the same 400 and changes nothing', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const token = await tokenFor(user);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const hash = await passwordHashOf(user.id);
    const response = await confirm({ token, newPassword: NEW_PASSWORD });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) },
    ]);
    expect(await passwordHashOf(user.id)).toBe(hash);
    expect((await tokenRowsOf(user.id))[0]!.usedAt).toBeNull();
  });

  it('unknown, malformed and missing tokens: one and the same 400', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '', 'y'.repeat(201), 42, null]) {
      const response = await confirm({ token, newPassword: NEW_PASSWORD });
      expect([response.statusCode, response.json()], String(token)).toEqual([
        400,
        { message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) },
      ]);
    }
    const missing = await confirm({ newPassword: NEW_PASSWORD });
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      { message: INVALID_RESET_TOKEN_MESSAGE, code: expect.any(String) },
    ]);
  });

  it('the new password follows the registration rules; a refused one leaves the link usable', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const token = await tokenFor(user);
    const cases: [unknown, string][] = [
      ['short', 'Password must be at least 6 characters'],
      [undefined, 'Password must be at least 6 characters'],
      ['x'.repeat(257), 'Password must be at most 256 characters'],
    ];
    for (const [newPassword, message] of cases) {
      const response = await confirm({ token, newPassword });
      expect([response.statusCode, response.json()]).toEqual([400, { message, code: expect.any(String) }]);
    }
    const extra = await confirm({ token, newPassword: NEW_PASSWORD, username: 'someone_else' });
    expect(extra.statusCode).toBe(400);
    expect((await tokenRowsOf(user.id))[0]!.usedAt).toBeNull();
    expect((await confirm({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('bad requests: a clear 400 and no mail', async () => {
    const before = smtp.mails.length;
    const cases: [unknown, string][] = [
      [{}, 'Enter your username or email'],
      [{ login: '   ' }, 'Enter your username or email'],
      [{ login: 5 }, 'Enter your username or email'],
      [{ login: 'a'.repeat(255) }, 'Enter your username or email'],
    ];
    for (const [payload, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: payload as Record<string, unknown>,
      });
      expect([response.statusCode, response.json()]).toEqual([400, { message, code: expect.any(String) }]);
    }
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: 'someone', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    await ctx.app.backgroundWork.settled();
    expect(smtp.mails.length).toBe(before);
  });

  it('is limited per login asked for, whatever the address, and per address', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset(user.username)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // The same answer for a login nobody has: the limit tells nothing either.
    const nobody = [];
    for (let i = 0; i < 4; i++) nobody.push((await requestReset('no_such_person')).statusCode);
    expect(nobody).toEqual([202, 202, 202, 429]);
    await ctx.app.backgroundWork.settled();
    expect(mailsTo(user.email)).toHaveLength(3);
  });

  it('counts each account once however it is asked for: its username and its email share one budget', async () => {
    const email = `shared.${Date.now()}@example.com`;
    const user = await createUser(ctx, { signedIn: false, email });
    const sibling = await createUser(ctx, { signedIn: false, email });
    const logins = [user.username, email, user.username.toUpperCase(), email.toUpperCase()];
    const answers = [];
    for (const login of logins) answers.push(await requestReset(login));
    // The answers say nothing: each text is within its own budget, and the same 202 comes back.
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      logins.map(() => [202, { message: PASSWORD_RESET_SENT_MESSAGE }]),
    );
    await ctx.app.backgroundWork.settled();
    const linksFor = (who: { username: string }) =>
      mailsTo(email).filter((mail) => mail.text.includes(`Hi @${who.username},`)).length;
    // Four asks named the user (twice by name, twice by email): the per-account budget of 3 holds.
    expect(linksFor(user)).toBe(3);
    // The other account on the address has a budget of its own.
    expect(linksFor(sibling)).toBe(2);
  });

  it('GET /api/auth/password-reset says email is enabled', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/password-reset' });
    expect([response.statusCode, response.json()]).toEqual([200, { emailEnabled: true }]);
  });
});

describe('without SMTP_URL', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let database: TestContext['database'];
  const lines: string[] = [];
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', NODE_ENV: 'test' });
    app = await buildApp({
      config: { ...base, smtpUrl: undefined, logLevel: 'warn', webDist: '/nonexistent', databaseUrl: undefined },
      database,
      closeDatabase: false,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('the API says email is off, and the link is logged at warn level on an allowed host', async () => {
    const status = await app.inject({ method: 'GET', url: '/api/auth/password-reset' });
    expect(status.json()).toEqual({ emailEnabled: false });
    const user = await createUser({ database }, { signedIn: false });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: `localhost:${app.config.port}` },
      payload: { login: user.username },
    });
    expect([response.statusCode, response.json()]).toEqual([202, { message: PASSWORD_RESET_SENT_MESSAGE }]);
    await app.backgroundWork.settled();
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => /Password reset link/.test(entry.msg));
    expect(logged).toMatchObject({ level: 40, userId: user.id });
    expect(logged.msg).not.toContain(user.email);
    const token = resetTokenIn(logged.msg);
    expect(logged.msg).toContain(`http://localhost:${app.config.port}/reset-password?token=${token}`);
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, newPassword: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
  });

  it('a Host that is not allowed gets no link at all (no poisoned links)', async () => {
    const user = await createUser({ database }, { signedIn: false });
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'evil.example' },
      payload: { login: user.username },
    });
    expect(response.statusCode).toBe(202);
    await app.backgroundWork.settled();
    expect(lines.join('\n')).not.toContain('evil.example');
    expect(await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual(
      [],
    );
  });
});
