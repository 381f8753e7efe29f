import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CaughtMail } from '../../server/test/smtp-catcher';

/**
 * Mail in e2e runs: global-setup.ts starts a real SMTP server (server/test/smtp-catcher.ts) on
 * E2E_SMTP_PORT, the server under test sends to it (SMTP_URL in playwright.config.ts), and every
 * message lands as a JSON file in E2E_MAIL_DIR, where the workers read it.
 */
export const mailDir = (port: string | undefined = process.env.E2E_SMTP_PORT) =>
  process.env.E2E_MAIL_DIR ?? path.join(os.tmpdir(), `shro-e2e-mail-${port}`);

/** The first mail that reached `address`, waiting for it. */
export async function waitForMail(address: string, timeout = 15_000): Promise<CaughtMail> {
  const wanted = address.toLowerCase();
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        const dir = mailDir();
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
        for (const file of files) {
          const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CaughtMail;
          if (mail.to.includes(wanted)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout, message: `no mail to ${address}` },
    )
    .toBe(true);
  return found!;
}
