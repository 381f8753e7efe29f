import fs from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher } from '../../server/test/smtp-catcher';
import { assertWebBuilt } from '../../tests/support/web-server';
import { mailDir } from './mail';

/**
 * Stops the run with the one command to run when there is no web build to serve; starts the SMTP
 * server the app under test mails through (playwright.config.ts sets its SMTP_URL), writing each
 * message into the mail directory for the specs (e2e/support/mail.ts).
 */
export default async function globalSetup() {
  assertWebBuilt();
  const dir = mailDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const smtp = await startSmtpCatcher({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => {
      const name = `${String(count++).padStart(5, '0')}.json`;
      fs.writeFileSync(path.join(dir, name), JSON.stringify({ ...mail, raw: undefined }));
    },
  });
  return async () => {
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
