import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, its parts decoded. */
export interface CaughtMail {
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  port: number;
  /** `smtp://127.0.0.1:port`, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The first mail to `address` (waiting for it up to `timeoutMs`). */
  waitForMail(address: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Every leaf part of a MIME message, by content type (the first of each type wins). */
function leafParts(part: Part, into = new Map<string, string>()): Map<string, string> {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      leafParts(splitHeaders(piece.replace(/^\r?\n/, '')), into);
    }
    return into;
  }
  const mime = type.split(';')[0]!.trim().toLowerCase();
  // Lines end in CRLF on the wire; tests read them as \n.
  if (!into.has(mime)) into.set(mime, decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, ''));
  return into;
}

/** A header's RFC 2047 encoded words (`=?UTF-8?B?…?=`, as nodemailer writes non-ASCII) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Parses a raw message (enough MIME for what nodemailer writes: alternatives, QP and base64). */
export function parseMail(raw: string, to: string[] = []): CaughtMail {
  const message = splitHeaders(raw);
  const parts = leafParts(message);
  return {
    from: message.headers.get('from') ?? '',
    to,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
    raw,
  };
}

/**
 * A real SMTP server inside the test process (the `smtp-server` package): the app sends to it
 * through nodemailer exactly as it would to a provider, and the test reads what arrived.
 */
export async function startSmtpCatcher(
  options: { port?: number; onMail?: (mail: CaughtMail) => void } = {},
): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        mails.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, timeoutMs = 5000) {
      const wanted = address.toLowerCase();
      const find = () => mails.find((m) => m.to.includes(wanted));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token in a mail's link (`…/reset-password?token=…`). */
export function resetTokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1]!;
}
