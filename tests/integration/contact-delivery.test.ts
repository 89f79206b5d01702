import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { contactStore } from '@/lib/contact/storage/store';
import { startNextServer, type NextServer } from '../../harness/next-server';
import {
  messagesCommand,
  MESSAGES_COMMAND,
  TestDatabases,
  validMessage,
  type Dialect,
} from '../support/contact';
import { decodeWords, SmtpSink } from '../support/smtp-sink';

const databases = new TestDatabases();
const sinks: SmtpSink[] = [];
const servers: NextServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(sinks.map((sink) => sink.close()));
  databases.stop();
});

const FROM = 'Site Sorel Aubry Avocats <site@sorel-aubry-avocats.fr>';
const TO = 'cabinet@sorel-aubry-avocats.fr';
let counter = 0;

async function sink(mode: 'up' | 'down' | 'rejecting') {
  const started = await SmtpSink.start(mode);
  sinks.push(started);
  return started;
}

async function server(databaseUrl: string, env: Record<string, string> = {}) {
  const started = await startNextServer({
    DATABASE_URL: databaseUrl,
    CONTACT_FROM: FROM,
    CONTACT_TO: TO,
    TRUST_PROXY: 'true',
    CONTACT_RETRY_BASE_MS: '300',
    CONTACT_OUTBOX_POLL_MS: '100',
    ...env,
  });
  servers.push(started);
  return started;
}

async function submit(target: NextServer, body: Record<string, unknown> = validMessage()) {
  counter += 1;
  const response = await fetch(`${target.url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `192.${Math.floor(counter / 250)}.2.${(counter % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The ids of the messages e-mailed so far, in the order the SMTP server accepted them. */
const sentIds = (smtp: SmtpSink) =>
  smtp.received.flatMap((mail) => mail.headers['x-contact-message-id'] ?? []);

/**
 * Sends one more message to each server and waits until each is e-mailed. The outbox takes due
 * messages oldest first, so whatever was due before them (a second copy of a message already
 * sent, a held message wrongly taken for due) would have been e-mailed before them: what a test
 * says was never sent was not sent by then. Returns their ids, for the test to leave out.
 */
async function outboxCaughtUp(smtp: SmtpSink, ...sites: NextServer[]): Promise<string[]> {
  const ids = await Promise.all(sites.map((site) => submit(site)));
  await expect
    .poll(() => ids.filter((id) => !sentIds(smtp).includes(id)), { timeout: 30_000 })
    .toEqual([]);
  return ids;
}

/**
 * Waits until the store records every message as delivered: the SMTP server holds a message a
 * moment before its sender, told so, marks it in the database.
 */
async function allMarkedDelivered(url: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await storedMessages(url)).filter((m) => m.deliveredAt === null).map((m) => m.id),
      { timeout: 10_000 },
    )
    .toEqual([]);
}

/** Whether a new connection to the port is refused: the server accepts none any more. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function storedMessages(url: string) {
  const store = contactStore(await openDatabase(url));
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

describe('e-mail delivery through the outbox', () => {
  it('sends one e-mail per message with fixed From/To, the visitor as Reply-To, a clean subject', async () => {
    const smtp = await sink('up');
    const url = await databases.url('sqlite');
    const site = await server(url, { SMTP_URL: smtp.url });
    const message = validMessage({
      name: 'Zoé Lefèvre',
      message: 'Bonjour,\n<b>Licenciement</b> & rupture — merci.',
    });
    const id = await submit(site, message);
    const [mail] = await smtp.waitFor(1);
    const later = await outboxCaughtUp(smtp, site);
    expect(sentIds(smtp)).toEqual([id, ...later]);
    expect(mail!.to).toEqual([TO]);
    expect(mail!.headers.from).toBe('Site Sorel Aubry Avocats <site@sorel-aubry-avocats.fr>');
    expect(mail!.headers.to).toBe(TO);
    expect(mail!.headers['reply-to']).toBe(`Zoé Lefèvre <${message.email}>`);
    expect(mail!.headers.subject).toBe('Nouveau message de contact — Zoé Lefèvre');
    expect(mail!.headers['x-contact-message-id']).toBe(id);
    const [plain, html] = mail!.raw.split(/Content-Type: text\/html/i);
    expect(plain).toContain('<b>Licenciement</b>');
    expect(html).toContain('&lt;b&gt;Licenciement&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(mail!.headers['content-type']).toMatch(/multipart\/alternative/);
    const stored = (await storedMessages(url)).find((m) => m.id === id);
    expect(stored?.deliveredAt).not.toBeNull();
    expect(site.output()).toContain('[mail] e-mail delivery: SMTP server 127.0.0.1');
  });

  it('stores while SMTP is down (201), then delivers once SMTP is back', async () => {
    const smtp = await sink('down');
    const url = await databases.url('sqlite');
    const site = await server(url, { SMTP_URL: smtp.url });
    const id = await submit(site);
    await expect
      .poll(async () => (await storedMessages(url))[0]?.attempts ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(0);
    await smtp.set('up');
    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.headers['x-contact-message-id']).toBe(id);
    // The sink has the e-mail a moment before the worker, having read its 250, records it.
    await expect
      .poll(async () => (await storedMessages(url))[0]?.deliveredAt ?? null, { timeout: 5_000 })
      .not.toBeNull();
    expect((await storedMessages(url))[0]?.lastError).toBeNull();
  });

  it('retries while the SMTP server rejects, recording the attempts', async () => {
    const smtp = await sink('rejecting');
    const url = await databases.url('sqlite');
    const site = await server(url, { SMTP_URL: smtp.url });
    const id = await submit(site);
    await expect
      .poll(async () => (await storedMessages(url))[0]?.attempts ?? 0, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    const pending = (await storedMessages(url))[0];
    expect(pending?.deliveredAt).toBeNull();
    expect(pending?.attempts).toBeGreaterThanOrEqual(3);
    expect(pending?.lastError).toMatch(/451/);
    expect(site.output()).toMatch(/not delivered \(attempt 2\)/);
    await smtp.set('up');
    await smtp.waitFor(1, 30_000);
    const later = await outboxCaughtUp(smtp, site);
    expect(sentIds(smtp)).toEqual([id, ...later]);
  });

  it('delivers each message exactly once across a restart', async () => {
    const smtp = await sink('up');
    const url = await databases.url('sqlite');
    const first = await server(url, { SMTP_URL: smtp.url });
    const sent = await submit(first);
    await smtp.waitFor(1);
    await smtp.set('down');
    const waiting = await submit(first);
    await expect
      .poll(async () => (await storedMessages(url)).find((m) => m.id === waiting)?.attempts, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(await first.stop()).not.toBeNull();

    await smtp.set('up');
    const second = await server(url, { SMTP_URL: smtp.url });
    await smtp.waitFor(2, 20_000);
    const later = await outboxCaughtUp(smtp, second);
    expect(sentIds(smtp)).toEqual([sent, waiting, ...later]);
    await allMarkedDelivered(url);
    await second.stop();
  });

  it('on SIGTERM during a send: finishes it, answers the request in flight, exits; nothing sent twice', async () => {
    const smtp = await sink('up');
    smtp.acceptDelayMs = 4_000;
    const url = await databases.url('sqlite');
    const site = await server(url, { SMTP_URL: smtp.url });
    const sending = await submit(site);

    // A second visitor's POST whose body is still arriving when the signal comes.
    const body = JSON.stringify(validMessage());
    let finishBody = () => {};
    const rest = new Promise<void>((resolve) => (finishBody = resolve));
    let firstPartSent = () => {};
    const headAndFirstPart = new Promise<void>((resolve) => (firstPartSent = resolve));
    const parts = [body.slice(0, 40), body.slice(40)];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (parts.length === 1) {
          firstPartSent();
          await rest;
        }
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    const inFlight = fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: stream,
      duplex: 'half',
    } as RequestInit);

    // The worker is in the middle of sending the first message (the sink holds it 4 s), and the
    // second request's head and first part are on the wire (its body is asked for the rest);
    // the server, idle but for that send, reads them as they come.
    await expect.poll(() => smtp.holding, { timeout: 10_000 }).toBe(1);
    await headAndFirstPart;
    let acceptedAtExit = -1;
    const exited = new Promise<number | null>((resolve) =>
      site.process.once('exit', (code) => {
        acceptedAtExit = smtp.received.length;
        resolve(code);
      }),
    );
    site.process.kill('SIGTERM');
    // The rest of the body comes once the server is stopping: it accepts no new connection.
    await expect.poll(() => connectionRefused(site.port), { timeout: 10_000 }).toBe(true);
    finishBody();
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    const late = ((await answer.json()) as { id: string }).id;

    expect(await exited).not.toBeNull();
    // The exit waited for the send in hand: the SMTP server had accepted it by then.
    expect(acceptedAtExit).toBe(1);
    expect(sentIds(smtp)).toEqual([sending]);
    const afterExit = await storedMessages(url);
    expect(afterExit.find((m) => m.id === sending)?.deliveredAt).not.toBeNull();
    // Nothing is marked delivered that the SMTP server did not accept.
    const accepted = new Set(smtp.received.map((mail) => mail.headers['x-contact-message-id']));
    for (const message of afterExit)
      if (message.deliveredAt !== null) expect(accepted.has(message.id), message.id).toBe(true);
    expect(afterExit.find((m) => m.id === late)).toBeDefined();

    // After a restart the message that arrived during the shutdown goes out; nothing twice.
    smtp.acceptDelayMs = 0;
    const restarted = await server(url, { SMTP_URL: smtp.url });
    await smtp.waitFor(2, 20_000);
    const later = await outboxCaughtUp(smtp, restarted);
    expect(sentIds(smtp)).toEqual([sending, late, ...later]);
    await allMarkedDelivered(url);
    await restarted.stop();
  });

  it('writes .eml files to OUTBOX_DIR when SMTP_URL is not set, and says so at start-up', async () => {
    const url = await databases.url('sqlite');
    const outbox = path.join(databases.dir, `outbox-${Date.now()}`);
    const site = await server(url, { OUTBOX_DIR: outbox, SMTP_URL: '' });
    expect(site.output()).toContain(`.eml files in ${outbox} (SMTP_URL is not set)`);
    const id = await submit(site, validMessage({ name: 'Paul Durand' }));
    await expect
      .poll(() => readdirSync(outbox, { withFileTypes: true }).map((f) => f.name), {
        timeout: 10_000,
      })
      .toEqual([`${id}.eml`]);
    const eml = readFileSync(path.join(outbox, `${id}.eml`), 'utf8');
    const subject =
      /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(eml)?.[1]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
    expect(decodeWords(subject)).toBe('Nouveau message de contact — Paul Durand');
    await site.stop();
  });
});

describe('a message held as suspected spam', () => {
  it('is e-mailed exactly once when released, with two servers on one PostgreSQL database', async () => {
    const smtp = await sink('up');
    const url = await databases.url('postgres');
    const [first, second] = await Promise.all([
      server(url, { SMTP_URL: smtp.url }),
      server(url, { SMTP_URL: smtp.url }),
    ]);
    const genuine = await submit(first!);
    const held = await submit(second!, { ...validMessage(), website: 'https://robot.example' });
    // The held message is the first for a week: the firm gets a digest naming it at once.
    await smtp.waitFor(2);
    const later = await outboxCaughtUp(smtp, first!, second!);
    const messageMails = () => sentIds(smtp).filter((id) => !later.includes(id));
    expect(messageMails()).toEqual([genuine]);
    expect(smtp.received.map((mail) => mail.headers['x-contact-digest-id'] ?? [])).toContain(
      `immediate-${held}`,
    );
    expect(smtp.received).toHaveLength(2 + later.length);

    const suspected = await messagesCommand(url, ['--suspected']);
    expect(suspected.stdout).toMatch(/^1 suspected contact message\(s\), newest first/);
    expect(suspected.stdout).toContain(
      `[suspected, not e-mailed — hidden field filled ("https://robot.example")]  ${held}`,
    );
    const listed = await messagesCommand(url, []);
    expect(listed.stdout).toContain(genuine);
    expect(listed.stdout).not.toContain(held);
    expect(listed.stdout).toContain('1 suspected message(s) held, not e-mailed, not listed');
    const csv = await messagesCommand(url, ['--csv', '--all']);
    expect(csv.stdout.split('\n').find((line) => line.startsWith(held))).toMatch(
      /,suspected,0,.*,"?hidden field filled/,
    );

    // Two operators release it at the same moment: one succeeds, the other is told why not.
    const releases = await Promise.all([1, 2].map(() => messagesCommand(url, ['--release', held])));
    expect(releases.map((run) => run.code).sort()).toEqual([0, 1]);
    expect(releases.find((run) => run.code === 1)?.stderr).toMatch(
      new RegExp(`^Message ${held} was already released on \\d{4}-`),
    );
    const mail = (await smtp.waitFor(3 + later.length)).at(-1);
    expect(mail!.headers['x-contact-message-id']).toBe(held);
    expect(mail!.headers.subject).toMatch(/^Nouveau message de contact — Claire Martin/);
    // Released once, by one of the two servers.
    later.push(...(await outboxCaughtUp(smtp, first!, second!)));
    expect(messageMails()).toEqual([genuine, held]);
    expect(smtp.received).toHaveLength(3 + later.length);
    await allMarkedDelivered(url);
    const stored = (await storedMessages(url)).find((m) => m.id === held);
    expect(stored?.suspectedReason).toBe('hidden field filled ("https://robot.example")');
    expect((await messagesCommand(url, ['--suspected'])).stdout).toBe('No suspected messages.\n');
  });

  it('release refuses an unknown id and a message that was never held, with exit code 1', async () => {
    const url = await databases.url('sqlite');
    const site = await server(url);
    const genuine = await submit(site);
    const unknown = await messagesCommand(url, ['--release', 'no-such-message']);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No message has the id no-such-message.\n',
    });
    const notHeld = await messagesCommand(url, ['--release', genuine]);
    expect(notHeld).toEqual({
      code: 1,
      stdout: '',
      stderr: `Message ${genuine} is not a suspected message: it was never held.\n`,
    });
    const bare = await messagesCommand(url, ['--release']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/Usage: npm run messages/);
    await site.stop();
  });
});

describe.each<Dialect>(['sqlite', 'postgres'])('load on %s', (dialect) => {
  it('200 concurrent submissions from distinct addresses: 200 rows, 200 e-mails, no error', async () => {
    const smtp = await sink('up');
    const url = await databases.url(dialect);
    const site = await server(url, { SMTP_URL: smtp.url, CONTACT_OUTBOX_POLL_MS: '200' });
    const started = performance.now();
    const ids = await Promise.all(Array.from({ length: 200 }, () => submit(site)));
    const elapsed = performance.now() - started;
    // Printed, not asserted: how long is a figure, not a behaviour.
    console.info(
      `[load ${dialect}] 200 concurrent submissions answered in ${Math.round(elapsed)} ms`,
    );
    expect(new Set(ids).size).toBe(200);
    expect(await storedMessages(url)).toHaveLength(200);
    await smtp.waitFor(200, 60_000);
    const later = await outboxCaughtUp(smtp, site);
    expect(smtp.received).toHaveLength(200 + later.length);
    expect(new Set(sentIds(smtp))).toEqual(new Set([...ids, ...later]));
    console.info(
      `[load ${dialect}] 200 e-mails delivered ${Math.round(performance.now() - started)} ms after the first submission`,
    );

    if (dialect === 'sqlite') {
      const run = promisify(execFile);
      const env = { ...process.env, DATABASE_URL: url };
      const { stdout } = await run(process.execPath, [...MESSAGES_COMMAND], { env });
      const total = 200 + later.length;
      expect(stdout).toMatch(new RegExp(`^${total} contact message\\(s\\), newest first`));
      expect(stdout.match(/\[delivered /g)).toHaveLength(total);
      const csv = (await run(process.execPath, [...MESSAGES_COMMAND, '--csv'], { env })).stdout;
      const lines = csv.trim().split('\n');
      expect(lines[0]).toBe(
        'id,created_at,status,attempts,delivered_at,last_error,locale,name,email,phone,message,suspected_reason,released_at',
      );
      expect(lines).toHaveLength(total + 1);
      const created = lines.slice(1).map((line) => line.split(',')[1]!);
      expect([...created].sort().reverse()).toEqual(created);
    }
    await site.stop();
  });
});
