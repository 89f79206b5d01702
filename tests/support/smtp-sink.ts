import { SMTPServer } from 'smtp-server';
import { freePort } from '../../harness/ports';

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO). */
  to: string[];
  raw: string;
  /** Header name (lower case) → decoded value. */
  headers: Record<string, string>;
  body: string;
}

export type SinkMode = 'up' | 'down' | 'rejecting';

/**
 * A real SMTP server on loopback (smtp-server), switchable: 'up' accepts mail, 'rejecting'
 * answers every message with a temporary failure (451), 'down' closes the port. It keeps the
 * same port across switches, so the site's SMTP_URL stays valid.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  rejected = 0;
  /** A slow server: how long it holds a fully transmitted message before answering 250. */
  acceptDelayMs = 0;
  /** Messages transmitted and not answered yet (being held by acceptDelayMs). */
  holding = 0;
  /** Addresses refused for good at RCPT TO (550), as a mailbox that does not exist is. */
  readonly refusing = new Set<string>();
  /** Each RCPT TO refused so, in order. */
  readonly refusedRecipients: string[] = [];
  /** When each message was received (ms since the epoch), by index in `received`. */
  readonly receivedAt: number[] = [];
  private server: SMTPServer | null = null;
  private mode: SinkMode = 'down';

  private constructor(readonly port: number) {}

  static async start(mode: SinkMode = 'up'): Promise<SmtpSink> {
    const sink = new SmtpSink(await freePort());
    await sink.set(mode);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async set(mode: SinkMode): Promise<void> {
    this.mode = mode;
    if (mode === 'down') return this.close();
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // 'down' means gone: open connections are cut at once rather than drained for 30 s.
      closeTimeout: 100,
      onRcptTo: (recipient, _session, callback) => {
        if (!this.refusing.has(recipient.address.toLowerCase())) return callback();
        this.refusedRecipients.push(recipient.address.toLowerCase());
        const error = new Error('No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.mode === 'rejecting') {
            this.rejected += 1;
            const error = new Error('Mailbox temporarily unavailable') as Error & {
              responseCode: number;
            };
            error.responseCode = 451;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const accept = () => {
            this.receivedAt.push(Date.now());
            this.received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              ...parseMail(raw),
            });
            callback();
          };
          if (this.acceptDelayMs <= 0) return accept();
          this.holding += 1;
          setTimeout(() => {
            this.holding -= 1;
            accept();
          }, this.acceptDelayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until at least `count` messages arrived. */
  async waitFor(count: number, timeoutMs = 30_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} e-mails, received ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.received;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_whole, _charset: string, kind: string, text: string) => {
        if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
        const bytes = text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          );
        return Buffer.from(bytes, 'latin1').toString('utf8');
      },
    );
}

/**
 * An e-mail the site wrote as an .eml file (no SMTP_URL), read as the sink reads one it receives;
 * its recipients are the To header's.
 */
export function emlMail(raw: string): ReceivedMail {
  const crlf = raw.replace(/\r?\n/g, '\r\n');
  const { headers, body } = parseMail(crlf);
  const to = (headers.to ?? '').split(',').map((address) => address.trim());
  return { to, raw: crlf, headers, body };
}

function parseMail(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/**
 * The plain text of an e-mail (of its text/plain part when it has several), its transfer
 * encoding (quoted-printable, base64) undone.
 */
export function decodedText(mail: ReceivedMail): string {
  let { headers, body } = mail;
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const part = body
      .split(`--${boundary}`)
      .map((chunk) => parseMail(chunk.replace(/^\r\n/, '')))
      .find((chunk) => /^text\/plain/i.test(chunk.headers['content-type'] ?? ''));
    if (!part) return '';
    ({ headers, body } = part);
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body.replace(/\r\n/g, '\n');
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}
