import 'server-only';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingEmail } from './email';

/** The only way out to e-mail: SMTP_URL, else .eml files in OUTBOX_DIR. */
export interface Mailer {
  readonly description: string;
  send(email: OutgoingEmail, fileName: string): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    // One pooled connection, reconnected when it drops.
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const target = new URL(options.smtpUrl);
    return {
      description: `SMTP server ${target.hostname}:${target.port || '(default port)'}`,
      send: async (email) => void (await transport.sendMail(email)),
      close: () => transport.close(),
    };
  }
  const directory = path.resolve(options.outboxDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${directory} (SMTP_URL is not set)`,
    send: async (email, fileName) => {
      const info = await builder.sendMail(email);
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${fileName}.eml`);
      // Written under a temporary name then renamed: a reader never sees half an e-mail.
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
    },
    close: () => builder.close(),
  };
}
