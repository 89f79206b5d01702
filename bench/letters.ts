/**
 * `npm run bench:letters`: the legal watch's send of one article to BENCH_LETTERS_SUBSCRIBERS
 * (10,000) confirmed subscribers, by one instance started as the systemd unit starts it, on its
 * own throwaway SQLite database, to a local SMTP server (smtp-server, which only counts), with
 * pacing off unless BENCH_LETTERS_RATE (0: unpaced) says a rate a minute. Run `npm run build`
 * first; this builds nothing. The figures:
 * - the time to queue every letter: the editors' send answered (it queues them all before);
 * - letters a second to the SMTP server, from the send to the last letter received;
 * - the instance's resident memory before and during the send (sampled every 200 ms);
 * - a kept page's (`/fr`) throughput through the shipped nginx during the send, beside the same
 *   measure just before it (target: within 10 %), from a process of its own
 *   (bench/audience.mjs's page load).
 * Prints a markdown table; judges nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { SMTPServer } from 'smtp-server';
import { newNoncePlaceholder, startNginx } from '../scripts/nginx.mjs';
import { startSheetServer } from '../harness/sheet-server';
import { freePort, startUnitServer } from './unit-server.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_LETTERS_SUBSCRIBERS ?? 10_000);
const RATE = Number(process.env.BENCH_LETTERS_RATE ?? 0);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const SECRET = 'bench-letters-secret-0123456789';
const slug = 'la-veille-du-mois';

interface PageLoad {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A kept page's load from a process of its own (bench/audience.mjs --load pages). */
function pageLoad(origin: string, seconds: number): Promise<PageLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(__dirname, 'audience.mjs'), '--load', 'pages', origin, String(seconds)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_TLS_REJECT_UNAUTHORIZED: '0' },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as PageLoad) : reject(new Error(`load exited ${code}`)),
    );
  });
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
};

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-letters-'));
  const database = `file:${path.join(dir, 'site.db')}`;
  const received: number[] = [];
  const smtpPort = await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
  const sheet = await startSheetServer({
    kind: 'rows',
    rows: [{ titre: 'La veille du mois', resume: 'Résumé.', contenu: 'Texte.', statut: 'Publié' }],
  });
  const httpsPort = await freePort();
  const placeholder = newNoncePlaceholder();
  const started = await startUnitServer({
    SITE_URL: `https://127.0.0.1:${httpsPort}`,
    PAGE_CACHE_NONCE_PLACEHOLDER: placeholder,
    DATABASE_URL: database,
    OUTBOX_DIR: path.join(dir, 'outbox'),
    ARTICLES_GENERATION_FILE: path.join(dir, 'generation'),
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NEWSLETTER_RATE_PER_MINUTE: String(RATE),
    CONTACT_OUTBOX_POLL_MS: '100',
  });
  // (unit-server.mjs's spawn types its child as `never` for TypeScript.)
  const instance = { ...started, child: started.child as ChildProcess };
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const samples: number[] = [];
  let sampler: NodeJS.Timeout | undefined;

  try {
    // The subscribers, confirmed, as the form and its confirmation leave them (the server has
    // migrated the schema).
    const client = createClient({ url: database });
    const now = Date.now();
    for (let start = 0; start < SUBSCRIBERS; start += 500) {
      const rows = Array.from({ length: Math.min(500, SUBSCRIBERS - start) }, (_, i) => start + i);
      await client.execute({
        sql: `INSERT INTO letter_subscribers (id, address, locale, consented_at, consent_page, confirmed_at, confirmation_sent_at) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        args: rows.flatMap((n) => [
          `bench-${n}`,
          `abonne${n}@example.test`,
          n % 4 === 0 ? 'en' : 'fr',
          now,
          '/fr/blog',
          now,
          now,
        ]),
      });
    }
    client.close();
    nginx = await startNginx({
      upstreamPorts: [instance.port],
      httpsPort,
      noncePlaceholder: placeholder,
    });
    process.stderr.write('letters: warm-up and the page without a send\n');
    await pageLoad(nginx.httpsUrl, 3);
    const quiet = await pageLoad(nginx.httpsUrl, SECONDS);
    const pid = instance.child.pid!;
    const rssBefore = rssMb(pid);
    sampler = setInterval(() => samples.push(rssMb(pid)), 200);

    process.stderr.write(`letters: one article to ${SUBSCRIBERS} subscribers\n`);
    const sentAt = Date.now();
    const during = pageLoad(nginx.httpsUrl, SECONDS);
    const answer = await fetch(`${instance.url}/api/letters/${slug}/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    const queuedMs = Date.now() - sentAt;
    if (answer.status !== 200) throw new Error(`the send answered ${answer.status}`);
    const busy = await during;
    const deadline = Date.now() + Math.max(600_000, RATE > 0 ? (SUBSCRIBERS / RATE) * 60_000 : 0);
    while (received.length < SUBSCRIBERS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    clearInterval(sampler);
    const last = received.at(-1) ?? Date.now();
    const perSecond = received.length / ((last - sentAt) / 1000);
    const peak = Math.max(rssBefore, ...samples);
    const cell = (m: PageLoad) =>
      `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx || m.errors ? ` (non-2xx ${m.non2xx}, errors ${m.errors})` : ''}`;
    console.log(
      [
        `One article sent to ${SUBSCRIBERS} confirmed subscribers by one instance on SQLite, to a local SMTP server, ${RATE > 0 ? `paced at ${RATE} a minute` : 'pacing off'}; ${os.cpus().length} cores, Node.js ${process.version}. The page: \`/fr\` (kept) through the shipped nginx, ${SECONDS} s, from a process of its own.`,
        '',
        '| measure | figure |',
        '|---|---|',
        `| time to queue every letter (the send answered) | ${(queuedMs / 1000).toFixed(2)} s |`,
        `| letters received | ${received.length} of ${SUBSCRIBERS} |`,
        `| letters a second, from the send to the last received | ${perSecond.toFixed(0)} |`,
        `| the instance's resident memory, before / peak during the send | ${rssBefore.toFixed(0)} MB / ${peak.toFixed(0)} MB |`,
        `| the page without a send | ${cell(quiet)} |`,
        `| the page during the send | ${cell(busy)} (${((100 * busy.rps) / quiet.rps).toFixed(0)} % of without) |`,
      ].join('\n'),
    );
  } finally {
    if (sampler) clearInterval(sampler);
    await nginx?.stop();
    instance.child.kill('SIGTERM');
    await sheet.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
