import fc from 'fast-check';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { contactStore, type ContactStore } from '@/lib/contact/storage/store';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { TestDatabases, validMessage, type Dialect } from '../support/contact';

const databases = new TestDatabases();
afterAll(() => databases.stop());

const SITE_URL = 'https://www.sorel-aubry-avocats.fr';
let addressCounter = 0;
/** A distinct client address per call (the server trusts X-Forwarded-For here). */
const nextAddress = () => {
  addressCounter += 1;
  return `10.0.0.1, 198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function post(server: NextServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe.each<Dialect>(['sqlite', 'postgres'])('POST /api/contact on %s', (dialect) => {
  let server: NextServer;
  let store: ContactStore;
  const count = async () => (await store.list()).length;
  const outbox = path.join(databases.dir, `outbox-${dialect}`);
  /** How many e-mails in the outbox folder name this sender. */
  const mailsNaming = (name: string) =>
    existsSync(outbox)
      ? readdirSync(outbox).filter(
          (file) =>
            file.endsWith('.eml') && readFileSync(path.join(outbox, file), 'utf8').includes(name),
        ).length
      : 0;

  beforeAll(async () => {
    const url = await databases.url(dialect);
    server = await startNextServer({
      DATABASE_URL: url,
      OUTBOX_DIR: outbox,
      TRUST_PROXY: 'true',
      SITE_URL,
    });
    store = contactStore(await openDatabase(url));
  });
  afterAll(async () => {
    await server?.stop();
    await store?.close();
  });

  it('answers 201 with the id of the stored message', async () => {
    const message = validMessage();
    const response = await post(server, message);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = (await store.list()).find((m) => m.id === id);
    expect(stored).toMatchObject({
      name: message.name,
      email: message.email,
      phone: message.phone,
    });
  });

  it('answers 400 with per-field errors in the visitor language', async () => {
    const bad = { name: 'A', email: 'not-an-email', phone: '12', message: 'short' };
    const en = await post(server, bad, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.status).toBe(400);
    expect(await en.json()).toEqual({
      message: 'Some fields are invalid.',
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email',
        phone: 'Please enter a valid phone number',
        message: 'Message must be at least 10 characters',
      },
    });
    const fr = await post(server, bad, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(((await fr.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'Le nom doit contenir au moins 2 caractères',
      email: 'Veuillez saisir une adresse e-mail valide',
      phone: 'Veuillez saisir un numéro de téléphone valide',
      message: 'Le message doit contenir au moins 10 caractères',
    });
    const byField = await post(server, { ...bad, locale: 'en' }, { 'accept-language': 'fr' });
    expect(((await byField.json()) as { message: string }).message).toBe(
      'Some fields are invalid.',
    );
  });

  it('enforces the maximum lengths', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['name', { name: 'x'.repeat(201) }],
      ['email', { email: `${'a'.repeat(250)}@example.com` }],
      ['phone', { phone: '1'.repeat(41) }],
      ['message', { message: 'm'.repeat(5001) }],
    ];
    for (const [field, overrides] of cases) {
      const response = await post(server, validMessage(overrides), { 'accept-language': 'en' });
      expect(response.status, field).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    const atLimits = validMessage({
      name: 'N'.repeat(200),
      phone: '1'.repeat(40),
      message: 'm'.repeat(5000),
    });
    expect((await post(server, atLimits)).status).toBe(201);
  });

  it('refuses header injection in single-line fields', async () => {
    const before = await count();
    const attempts = [
      { name: 'Mallory\r\nBcc: victim@example.com' },
      { name: 'Mallory\nSubject: hi' },
      { email: 'mallory@example.com\r\nBcc: victim@example.com' },
      { email: 'mallory@example.com%0d%0aBcc:victim@example.com' },
      { phone: '0123456789\r\nX-Injected: 1' },
      { name: 'Mallory\u0000' },
    ];
    for (const overrides of attempts) {
      const response = await post(server, validMessage(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('answers 415 for another content type', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await post(server, JSON.stringify(validMessage()), { 'content-type': type });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { message: string }).message).toMatch(/JSON/);
    }
    const noType = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      body: new Blob([JSON.stringify(validMessage())]),
    });
    expect(noType.status).toBe(415);
  });

  it('answers 413 for a body over 32 KB, declared or streamed', async () => {
    const big = JSON.stringify(validMessage({ message: 'x'.repeat(33 * 1024) }));
    const declared = await post(server, big);
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { message: string }).message).toMatch(/32/);

    // Chunked: no Content-Length, the limit applies to the bytes actually read.
    const chunks = [big.slice(0, 20_000), big.slice(20_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const streamed = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('answers 403 for a cross-site Origin and accepts its own', async () => {
    for (const origin of ['https://evil.example', 'null', `${SITE_URL}.evil.example`]) {
      const response = await post(server, validMessage(), { origin });
      expect(response.status, origin).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await post(server, validMessage(), { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await post(server, validMessage(), { origin: SITE_URL })).status).toBe(201);
    expect((await post(server, validMessage(), { origin: server.url })).status).toBe(201);
  });

  it('answers 429 with Retry-After after 5 messages from one address in 10 minutes', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 5; i += 1)
      expect((await post(server, validMessage(), headers)).status).toBe(201);
    const limited = await post(server, validMessage(), { ...headers, 'accept-language': 'en' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many messages/);
    // Only the last hop counts behind a trusted proxy: a forged first hop does not help.
    const forged = await post(server, validMessage(), {
      'x-forwarded-for': '192.0.2.1, 203.0.113.77',
    });
    expect(forged.status).toBe(429);
  });

  it('stores a message sent again under the same submissionId once, e-mails it once, and charges the rate limit once', async () => {
    const submissionId = randomUUID();
    const message = validMessage({ submissionId });
    const headers = { 'x-forwarded-for': '203.0.113.91' };
    // Sent, then sent again as the form does when the first answer was lost.
    const first = await post(server, message, headers);
    const again = await post(server, message, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await first.json()).toEqual({ id: submissionId });
    expect(await again.json()).toEqual({ id: submissionId });
    expect((await store.list()).filter((m) => m.name === message.name)).toHaveLength(1);
    await expect.poll(() => mailsNaming(message.name), { timeout: 15_000 }).toBe(1);
    // The copy did not count: four more messages pass, the sixth is refused.
    for (let i = 0; i < 4; i += 1)
      expect((await post(server, validMessage(), headers)).status).toBe(201);
    expect((await post(server, validMessage(), headers)).status).toBe(429);
    // A copy of an accepted message is still answered as accepted once the limit is reached.
    expect((await post(server, message, headers)).status).toBe(201);
    // Not e-mailed again: a message from another visitor, sent after it, is e-mailed first (the
    // outbox takes due messages oldest first).
    const later = validMessage();
    expect((await post(server, later)).status).toBe(201);
    await expect.poll(() => mailsNaming(later.name), { timeout: 15_000 }).toBe(1);
    expect(mailsNaming(message.name)).toBe(1);
  });

  it('keeps another message sent under a submissionId already used, under an id of its own', async () => {
    const submissionId = randomUUID();
    const first = validMessage({ submissionId });
    const other = validMessage({ submissionId });
    expect((await post(server, first)).status).toBe(201);
    const response = await post(server, other);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).not.toBe(submissionId);
    const names = (await store.list()).map((m) => m.name);
    expect(names).toContain(first.name);
    expect(names).toContain(other.name);
  });

  it('answers 400 for a submissionId that is not a version-4 UUID, storing nothing', async () => {
    for (const submissionId of ['42', 'not-a-uuid', randomUUID().toUpperCase(), 7, { id: 1 }]) {
      const message = validMessage({ submissionId });
      const response = await post(server, message, { 'accept-language': 'en' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'The submissionId must be a version-4 UUID, or be left out.',
      );
      expect((await store.list()).map((m) => m.name)).not.toContain(message.name);
    }
  });

  it('stores honeypot and too-fast submissions flagged, not e-mailed, answering as for any other', async () => {
    const stored = async (id: string) => (await store.list()).find((m) => m.id === id);
    const idOf = async (response: Response) => {
      expect(response.status).toBe(201);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['id']);
      return String(body.id);
    };
    const honeypot = await idOf(
      await post(server, { ...validMessage(), website: 'http://spam.example' }),
    );
    expect((await stored(honeypot))?.suspectedReason).toBe(
      'hidden field filled ("http://spam.example")',
    );
    const page = await (await fetch(`${server.url}/fr`)).text();
    const token = /name="formToken" value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBeTruthy();
    const tooFast = await idOf(await post(server, { ...validMessage(), formToken: token }));
    expect((await stored(tooFast))?.suspectedReason).toMatch(
      /^sent \d+ ms after the form was displayed, with no interaction time from the browser \(minimum 3000 ms\)$/,
    );
    expect(server.output()).toContain(`message ${honeypot} held as suspected spam, not e-mailed`);

    // The same token once 3 s have passed is a normal submission, e-mailed; the browser's own
    // measure from the first interaction, when given, decides.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const genuine = await idOf(await post(server, { ...validMessage(), formToken: token }));
    const quick = await idOf(
      await post(server, { ...validMessage(), formToken: token, fillMs: 800 }),
    );
    expect((await stored(genuine))?.suspectedReason).toBeNull();
    expect((await stored(quick))?.suspectedReason).toBe(
      'sent 800 ms after the first interaction with the form (minimum 2000 ms)',
    );
    const outbox = path.join(databases.dir, `outbox-${dialect}`);
    await expect.poll(() => existsSync(path.join(outbox, `${genuine}.eml`))).toBe(true);
    for (const held of [honeypot, tooFast, quick]) {
      expect(existsSync(path.join(outbox, `${held}.eml`)), held).toBe(false);
      expect((await stored(held))?.deliveredAt).toBeNull();
    }
  });

  it('never answers 5xx nor stores anything for 1,000 malformed bodies', async () => {
    const before = await count();
    const valid = validMessage();
    const breakField = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
      fc.string({ maxLength: 1 }),
    );
    const injection = fc
      .string({ minLength: 1, maxLength: 20 })
      .map((s) => `${s}\r\nBcc: x@example.com`);
    const body = fc.oneof(
      // A valid message with one field broken.
      fc
        .tuple(fc.constantFrom('name', 'email', 'phone', 'message'), breakField)
        .map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
      // A line break in a single-line field.
      fc
        .tuple(fc.constantFrom('name', 'email', 'phone'), injection)
        .map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
      // Any JSON value at all.
      fc.jsonValue().map((value) => JSON.stringify(value)),
      // Not JSON.
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    const samples = fc.sample(body, { numRuns: 1000, seed: 20250506 });
    const statuses = new Map<number, number>();
    for (let i = 0; i < samples.length; i += 25) {
      const batch = samples.slice(i, i + 25);
      const responses = await Promise.all(batch.map((sample) => post(server, sample)));
      for (const [index, response] of responses.entries()) {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, batch[index]).toBeLessThan(500);
        expect(response.status, batch[index]).not.toBe(201);
        const json = (await response.json()) as { message?: unknown; stack?: unknown };
        expect(typeof json.message).toBe('string');
        expect(JSON.stringify(json)).not.toMatch(/at .+\.js:\d+/);
      }
    }
    expect(statuses.get(400)).toBeGreaterThan(900);
    expect(await count()).toBe(before);
  });

  it('answers 405 with Allow: POST and a readable message for any other method', async () => {
    const before = await count();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const en = await fetch(`${server.url}/api/contact`, {
        method,
        headers: { 'accept-language': 'en-GB,en;q=0.9', 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(validMessage()),
      });
      expect(en.status, method).toBe(405);
      expect(en.headers.get('allow'), method).toBe('POST');
      expect(en.headers.get('content-type'), method).toMatch(/^application\/json/);
      expect(await en.json(), method).toEqual({ message: 'Method not allowed.' });
      const fr = await fetch(`${server.url}/api/contact`, {
        method,
        headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      });
      expect(fr.status, method).toBe(405);
      expect(await fr.json(), method).toEqual({ message: 'Méthode non autorisée.' });
    }
    const options = await fetch(`${server.url}/api/contact`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('OPTIONS, POST');
    expect(await count()).toBe(before);
  });

  it('answers an unknown /api address with a JSON 404 in the caller language', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const en = await fetch(`${server.url}/api/contacts/nope`, {
        method,
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(en.status, method).toBe(404);
      expect(en.headers.get('content-type'), method).toMatch(/^application\/json/);
      expect(await en.json(), method).toEqual({ message: 'This API address does not exist.' });
    }
    const fr = await fetch(`${server.url}/api/x`, { headers: { 'accept-language': 'fr' } });
    expect(fr.status).toBe(404);
    expect(await fr.json()).toEqual({ message: 'Cette adresse d’API n’existe pas.' });
  });

  it('GET /api/health reports the database', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ database: 'ok' });
  });

  if (dialect === 'postgres') {
    it('answers 503 while PostgreSQL is down, then stores again when it is back', async () => {
      databases.postgres().pause();
      try {
        const down = await post(server, validMessage(), { 'accept-language': 'en' });
        expect(down.status).toBe(503);
        expect(((await down.json()) as { message: string }).message).toMatch(/could not be stored/);
        expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
      } finally {
        databases.postgres().resume();
      }
      await expect
        .poll(async () => (await post(server, validMessage())).status, { timeout: 15_000 })
        .toBe(201);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });
  }
});

describe('POST /api/contact without a usable database, not behind a proxy', () => {
  let server: NextServer;
  beforeAll(async () => {
    // A database path under a regular file: the directory can never be created.
    const blocker = path.join(databases.dir, 'blocker');
    mkdirSync(databases.dir, { recursive: true });
    writeFileSync(blocker, 'not a directory');
    server = await startNextServer({
      DATABASE_URL: `file:${path.join(blocker, 'site.db')}`,
      TRUST_PROXY: 'false',
      SITE_URL,
    });
  });
  afterAll(() => server?.stop());

  it('answers 503 with a readable message and health 503', async () => {
    const response = await post(server, validMessage(), { 'accept-language': 'fr' });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/n’a pas pu être enregistré/);
    expect(JSON.stringify(body)).not.toMatch(/ENOTDIR|at .+\.js/);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ database: 'unavailable' });
  });

  it('counts the connection address, ignoring X-Forwarded-For, when TRUST_PROXY is off', async () => {
    // Six messages, each claiming another X-Forwarded-For: all come from this one connection
    // address, which may send 5 in all (any of this file's earlier requests included), so the
    // sixth at the latest is refused, and every one after the first refusal.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(server, validMessage())).status);
    const refused = statuses.indexOf(429);
    expect(refused, statuses.join(' ')).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(refused)).toEqual(Array(6 - refused).fill(429));
    // Before it, the database's answer: this server has none it can use.
    expect(statuses.slice(0, refused)).toEqual(Array(refused).fill(503));
  });
});
