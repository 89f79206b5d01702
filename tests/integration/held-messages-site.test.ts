import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { releaseToken } from '@/lib/contact/held/release-link';
import { contactStore } from '@/lib/contact/storage/store';
import {
  backdateMessage,
  messagesCommand,
  TestDatabases,
  validMessage,
  type Dialect,
} from '../support/contact';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';
import { decodedText, SmtpSink } from '../support/smtp-sink';

/**
 * The digest's release links and /api/health on the production build (its server, as `npm start`), with a real
 * SMTP server on loopback, on SQLite and on PostgreSQL. Time is never waited for: a message is
 * made older in the database.
 */
const databases = new TestDatabases();
afterAll(() => databases.stop());

const SECRET = 'release links secret of the test site';
const HOUR = 60 * 60 * 1000;
let counter = 0;

describe.each<Dialect>(['sqlite', 'postgres'])(
  'held messages on the running site (%s)',
  (dialect) => {
    let site: NextServer;
    let smtp: SmtpSink;
    let url: string;

    beforeAll(async () => {
      smtp = await SmtpSink.start('up');
      url = await databases.url(dialect);
      const port = await freePort();
      site = await startNextServer(
        {
          DATABASE_URL: url,
          SMTP_URL: smtp.url,
          SITE_URL: `http://127.0.0.1:${port}`,
          REVALIDATE_SECRET: SECRET,
          CONTACT_TO: 'cabinet@example.test',
          TRUST_PROXY: 'true',
          CONTACT_RETRY_BASE_MS: '300',
          CONTACT_OUTBOX_POLL_MS: '100',
        },
        { port },
      );
    });
    afterAll(async () => {
      await site?.stop();
      await smtp?.close();
    });

    async function submit(body: Record<string, unknown>) {
      counter += 1;
      const response = await fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${counter}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }
    const submitHeld = (message = validMessage()) =>
      submit({ ...message, website: 'https://robot.example' });

    const post = (link: string, origin: string | null = site.url) =>
      fetch(link, {
        method: 'POST',
        headers: origin ? { origin } : { 'sec-fetch-site': 'cross-site' },
      });

    async function stored(id: string) {
      const store = contactStore(await openDatabase(url));
      try {
        return await store.find(id);
      } finally {
        await store.close();
      }
    }
    const mailsAbout = (id: string) =>
      smtp.received.filter((mail) => mail.headers['x-contact-message-id'] === id);
    /**
     * Sends a message and waits until it is e-mailed. The outbox takes due messages oldest first,
     * so a held message taken for due, or one e-mailed a second time, would have gone before it.
     */
    const outboxCaughtUp = async () => {
      const id = await submit(validMessage());
      await expect.poll(() => mailsAbout(id).length, { timeout: 30_000 }).toBe(1);
    };

    it('a link opened (GET) changes nothing; its button (POST) e-mails the message once; a second POST is a no-op', async () => {
      const message = validMessage({ name: 'Hélène Garnier' });
      const held = await submitHeld(message);
      // The first message held for a week: its digest comes at once.
      const [digest] = await smtp.waitFor(1);
      expect(digest!.headers['x-contact-digest-id']).toBe(`immediate-${held}`);
      const link = /Transmettre ce message : (\S+)/.exec(decodedText(digest!))?.[1];
      expect(link).toBe(`${site.url}/api/contact/messages-retenus/${link!.split('/').at(-1)}`);

      // Mail scanners and previews open links: a GET shows the confirmation page, nothing more.
      for (let i = 0; i < 3; i += 1) {
        const page = await fetch(link!);
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
        expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
        const html = await page.text();
        expect(html).toContain('<html lang="fr">');
        expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
        expect(html).toContain('Transmettre ce message retenu ?');
        expect(html).toContain('Hélène Garnier');
        expect(html).toContain('<form method="post"><button type="submit">');
      }
      await outboxCaughtUp();
      expect(mailsAbout(held)).toHaveLength(0);
      expect((await stored(held))?.releasedAt).toBeNull();

      // A POST from another site is refused.
      for (const origin of ['https://attacker.example', null]) {
        const refused = await post(link!, origin);
        expect(refused.status).toBe(403);
        expect(await refused.text()).toContain('Demande refusée');
      }
      expect((await stored(held))?.releasedAt).toBeNull();

      const released = await post(link!);
      expect(released.status).toBe(200);
      expect(await released.text()).toContain('Message transmis');
      const mail = await expect.poll(() => mailsAbout(held)[0], { timeout: 20_000 }).toBeTruthy();
      void mail;
      const text = decodedText(mailsAbout(held)[0]!);
      expect(text).toContain('Retenu comme indésirable probable, libéré le');

      const again = await post(link!);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('Message déjà transmis');
      await outboxCaughtUp();
      expect(mailsAbout(held)).toHaveLength(1);
      // The command and the link agree: it was released once.
      const command = await messagesCommand(url, ['--release', held]);
      expect(command.code).toBe(1);
      expect(command.stderr).toMatch(new RegExp(`^Message ${held} was already released on `));
    });

    it('an altered or expired link is refused and changes nothing; a message released by the command is not sent again', async () => {
      const held = await submitHeld();
      const createdAt = (await stored(held))!.createdAt;
      const token = releaseToken(held, createdAt + 30 * 24 * HOUR, SECRET);
      const link = (value: string) => `${site.url}/api/contact/messages-retenus/${value}`;
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const expired = releaseToken(held, Date.now() - 1_000, SECRET);

      for (const request of [(l: string) => fetch(l), (l: string) => post(l)]) {
        const forged = await request(link(altered));
        expect(forged.status).toBe(404);
        expect(forged.headers.get('cache-control')).toBe('no-store');
        expect(await forged.text()).toContain('Lien non valide');
        const old = await request(link(expired));
        expect(old.status).toBe(410);
        expect(await old.text()).toContain('Lien expiré');
      }
      expect((await stored(held))?.releasedAt).toBeNull();
      expect((await fetch(link(token))).status).toBe(200);

      expect((await messagesCommand(url, ['--release', held])).code).toBe(0);
      await expect.poll(() => mailsAbout(held).length, { timeout: 20_000 }).toBe(1);
      const late = await post(link(token));
      expect(late.status).toBe(200);
      expect(await late.text()).toContain('Message déjà transmis');
      await outboxCaughtUp();
      expect(mailsAbout(held)).toHaveLength(1);
    });

    it('health turns 424 once an e-mail has waited over an hour, naming the error class only, and 200 after delivery', async () => {
      const health = async () => {
        const response = await fetch(`${site.url}/api/health`);
        expect(response.headers.get('cache-control')).toBe('no-store');
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      };
      expect(await health()).toMatchObject({ status: 200, body: { database: 'ok' } });

      await smtp.set('down');
      const message = validMessage();
      const waiting = await submit(message);
      await expect
        .poll(async () => (await stored(waiting))?.attempts ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const young = await health();
      expect(young.status).toBe(200);
      expect(young.body).toMatchObject({
        status: 'ok',
        outbox: { status: 'ok', undelivered: 1, lastErrorClass: 'connection' },
      });

      await backdateMessage(url, waiting, Date.now() - HOUR - 60_000);
      const late = await health();
      expect(late.status).toBe(424);
      expect(late.body).toMatchObject({
        status: 'mail-delayed',
        database: 'ok',
        outbox: { status: 'delayed', undelivered: 1, lastErrorClass: 'connection' },
      });
      expect((late.body.outbox as { oldestAgeSeconds: number }).oldestAgeSeconds).toBeGreaterThan(
        3600,
      );
      const said = JSON.stringify(late.body);
      for (const secret of [message.name, message.email, message.phone, smtp.url, '127.0.0.1'])
        expect(said).not.toContain(secret);

      await smtp.set('up');
      await expect.poll(async () => (await health()).status, { timeout: 30_000 }).toBe(200);
      expect(mailsAbout(waiting)).toHaveLength(1);
      expect((await health()).body).toMatchObject({
        outbox: { status: 'ok', undelivered: 0, oldestAgeSeconds: null, lastErrorClass: null },
      });
    });
  },
);
