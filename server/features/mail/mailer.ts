import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

/** One message: a plain-text body and the same content as HTML (already escaped by the caller). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** False without SMTP_URL: nothing can be sent, and the web says so where it matters. */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** A mailer sending through SMTP_URL (nodemailer), or a disabled one without it. */
function createMailer(config: { smtpUrl?: string; mailFrom: string }): Mailer & { close(): void } {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        throw new Error('SMTP_URL is not set: mail cannot be sent');
      },
      close: () => {},
    };
  }
  // A connection per message (reset mail is rare); a slow or dead SMTP server must not hold a
  // reset request's background work for minutes.
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    enabled: true,
    send: async (message) => {
      await transport.sendMail({ from: mailFrom, ...message });
    },
    close: () => transport.close(),
  };
}

async function mailerPlugin(app: FastifyInstance) {
  const mailer = createMailer(app.config);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}

export default fp(mailerPlugin, { name: 'mailer' });
