import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';
import {
  manyVisitors,
  newNoncePlaceholder,
  startNginx,
  type RunningNginx,
} from '../../scripts/nginx.mjs';
import { validMessage } from '../support/contact';
import { freePort } from '../../harness/ports';
import { startPostgres, type PostgresCluster } from '../../harness/postgres';
import { ReleaseSite, type ReleaseRun } from '../support/release-site';
import { SmtpSink } from '../support/smtp-sink';
import { throughNginx } from '../support/through-nginx';

/**
 * Releases and rollbacks with deploy/release (docs/operations.md, "Releases"), on loopback with
 * the shipped files: two instances from the systemd unit behind the shipped nginx site, one
 * PostgreSQL database, an SMTP server. Release A is the build `npm test` made; release B is
 * built by deploy/release from a new commit with a visible change. Every switch happens under
 * load: page views, contact messages sent as the form sends them, and a browser page opened
 * before the switch that loads its scripts and navigates after it.
 */

const EYEBROW_A = 'Avocats au Barreau de Paris · Droit social';
const EYEBROW_B = 'Avocats au Barreau de Paris · Droit social et relations collectives';
const PAGES = ['/fr', '/en', '/fr/blog', '/en/blog', '/fr/mentions-legales'];
/** Pages nginx keeps (docs/page-cache.md), asked right after a switch. */
const KEPT_PAGES = ['/fr/actualites', '/en/helene-sorel', '/fr/mentions-legales'];

let cluster: PostgresCluster;
let database: Pool;
let sink: SmtpSink;
let nginx: RunningNginx;
let site: ReleaseSite;
let browser: Browser;
let siteUrl: string;
let commitB = '';
let envDir = '';
const figures: string[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
  const databaseUrl = await cluster.createDatabase('release');
  database = new Pool({ connectionString: databaseUrl, max: 2 });
  sink = await SmtpSink.start('up');
  const httpsPort = await freePort();
  siteUrl = `https://127.0.0.1:${httpsPort}`;
  const ports = [await freePort(), await freePort()];
  envDir = mkdtempSync(path.join(os.tmpdir(), 'sa-release-env-'));
  const envFile = path.join(envDir, 'env');
  const noncePlaceholder = newNoncePlaceholder();
  // Not writeEnvFile: that one passes NEXT_DIST_DIR on, and a release always runs its own .next.
  writeFileSync(
    envFile,
    Object.entries({
      SITE_URL: siteUrl,
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      CONTACT_TO: 'cabinet@example.com',
      CONTACT_FROM: 'Site <site@example.com>',
      CONTACT_OUTBOX_POLL_MS: '1000',
      PAGE_CACHE_NONCE_PLACEHOLDER: noncePlaceholder,
    })
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  site = new ReleaseSite(envFile, ports);
  // nginx's workers (nobody, under root) resolve the site's `current` link for the page cache.
  chmodSync(site.dir, 0o755);
  await site.setUp();
  nginx = await startNginx({
    upstreamPorts: ports,
    httpsPort,
    noncePlaceholder,
    siteRoot: path.join(site.siteDir, 'current'),
  });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}, 180_000);

afterAll(async () => {
  console.info(`[release] figures\n${figures.join('\n')}`);
  await browser?.close();
  await site?.stop();
  await nginx?.stop();
  await sink?.close();
  await database?.end();
  cluster?.stop();
  if (envDir) rmSync(envDir, { recursive: true, force: true });
});

function postContact(message: ReturnType<typeof validMessage>, from: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = https.request(
      `${nginx.httpsUrl}/api/contact`,
      {
        method: 'POST',
        ca: readFileSync(nginx.certFile),
        localAddress: from,
        agent: false,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', origin: siteUrl, 'accept-language': 'fr' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 30 s')));
    request.on('error', reject);
    request.end(JSON.stringify(message));
  });
}

interface KeptPage {
  path: string;
  status: number;
  /** The build that rendered it (data-dpl-id), 'none' for a build without one (A). */
  release: string;
  cache: string;
}

/** One page through nginx, from a visitor of its own (the per-address limits stay out of it). */
async function getPage(pathname: string): Promise<KeptPage> {
  const { status, headers, body } = await throughNginx(nginx, pathname, {
    localAddress: nextVisitor(),
  });
  return {
    path: pathname,
    status,
    release: /data-dpl-id="([^"]*)"/.exec(body)?.[1] ?? 'none',
    cache: String(headers['x-cache-status']),
  };
}

/**
 * The kept pages, asked again and again from the moment `run` (a switch) returns, for 2.5 s and
 * until each has come from nginx's cache at least once (30 s at most, a safety net against a
 * hang): every answer is checked by the caller.
 */
async function pagesAfter<T>(run: () => Promise<T>): Promise<{ run: T; pages: KeptPage[] }> {
  const value = await run();
  const pages: KeptPage[] = [];
  const atLeast = Date.now() + 2_500;
  const atMost = Date.now() + 30_000;
  const allKept = () =>
    KEPT_PAGES.every((pathname) =>
      pages.some((page) => page.path === pathname && page.cache === 'HIT'),
    );
  while ((Date.now() < atLeast || !allKept()) && Date.now() < atMost)
    pages.push(...(await Promise.all(KEPT_PAGES.map(getPage))));
  return { run: value, pages };
}

let visitorNumber = 0;
const nextVisitor = () => {
  visitorNumber += 1;
  return `127.5.${Math.floor(visitorNumber / 250)}.${(visitorNumber % 250) + 1}`;
};

interface Outcome {
  name: string;
  status: number | 'error';
  resends: number;
}

interface LoadResult {
  pages: autocannon.Result;
  messages: Outcome[];
}

/**
 * Runs `action` under load through nginx: 16 connections asking for pages, and a contact
 * message every 500 ms sent as the form sends it (components/contact/contact-form-client.tsx:
 * a submission id, sent again 1 s then 3 s later after a network error or a 502, 503 or 504).
 */
async function underLoad<T>(action: () => Promise<T>): Promise<{ value: T; load: LoadResult }> {
  let finished: (result: autocannon.Result) => void = () => {};
  const pagesDone = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const tracker = autocannon(
    {
      url: nginx.httpsUrl,
      connections: 16,
      duration: 900,
      timeout: 30,
      requests: PAGES.map((pathname) => ({ method: 'GET', path: pathname })),
      // Many visitors, each connection from its own address, under the site's per-address limits.
      ...manyVisitors(),
    },
    (error, result) => {
      if (error) throw error;
      finished(result);
    },
  );
  const posts: Promise<Outcome>[] = [];
  const poster = setInterval(() => {
    const message = validMessage({ submissionId: randomUUID() });
    const from = nextVisitor();
    posts.push(
      (async (): Promise<Outcome> => {
        for (let resends = 0; ; resends += 1) {
          const delay = [1_000, 3_000][resends];
          try {
            const answer = await postContact(message, from);
            if (![502, 503, 504].includes(answer.status) || delay === undefined)
              return { name: message.name, status: answer.status, resends };
          } catch {
            if (delay === undefined) return { name: message.name, status: 'error', resends };
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      })(),
    );
  }, 500);
  // Load before and after the action, so that both sides of the switch are measured.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const value = await action();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  clearInterval(poster);
  tracker.stop();
  const [pages, messages] = await Promise.all([pagesDone, Promise.all(posts)]);
  return { value, load: { pages, messages } };
}

/** Every message accepted, stored once and e-mailed once. */
async function expectEveryMessageOnce(messages: Outcome[]) {
  expect(messages.filter((m) => m.status !== 201)).toEqual([]);
  const names = messages.map((m) => m.name);
  const mailed = () =>
    sink.received.map((mail) => (mail.headers.subject ?? '').replace(/^.*— /, ''));
  await expect
    .poll(() => mailed().filter((name) => names.includes(name)).length, { timeout: 60_000 })
    .toBe(names.length);
  const { rows } = await database.query<{ name: string; delivered_at: string | null }>(
    'SELECT name, delivered_at FROM contact_messages WHERE name = ANY($1)',
    [names],
  );
  expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
  for (const name of names) expect(mailed().filter((m) => m === name)).toHaveLength(1);
}

function expectNoFailedRequest(load: LoadResult) {
  const { pages } = load;
  expect(pages.requests.total).toBeGreaterThan(0);
  expect(pages.errors).toBe(0);
  expect(pages.timeouts).toBe(0);
  expect(pages.non2xx).toBe(0);
}

function describeLoad(what: string, run: ReleaseRun, load: LoadResult) {
  const switches = [...run.output.matchAll(/instance (\d+): healthy on \S+ after ([\d.]+) s/g)];
  figures.push(
    [
      `  ${what}: command ${(run.ms / 1000).toFixed(1)} s, exit ${run.code}`,
      `    instances: ${switches.map((m) => `${m[1]} switched in ${m[2]} s`).join(', ') || 'none switched'}`,
      `    pages: ${load.pages.requests.total} requests, 2xx ${load.pages['2xx']}, non-2xx ${load.pages.non2xx}, errors ${load.pages.errors}, p50 ${load.pages.latency.p50} ms, p99 ${load.pages.latency.p99} ms, max ${load.pages.latency.max} ms`,
      `    contact messages: ${load.messages.length}, accepted ${load.messages.filter((m) => m.status === 201).length}, sent again ${load.messages.reduce((sum, m) => sum + m.resends, 0)} times`,
    ].join('\n'),
  );
}

/** A browser page opened now, recording every failed request and script error from then on. */
async function openPage(pathname: string) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await context.addCookies([
    { name: 'cookieConsent', value: 'dismissed', url: nginx.httpsUrl },
    { name: 'sa-session', value: 'splash-seen', url: nginx.httpsUrl },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // ERR_ABORTED: the browser itself dropped the request, because the page was left (an image
    // still loading when a link is followed). Any failure of the server is another error.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    if (response.url().includes('/_next/static/') && response.url().endsWith('.js'))
      scripts.push(response.url());
    else if (/\/_next\/static\/.*\.js\?/.test(response.url())) scripts.push(response.url());
  });
  await page.goto(`${nginx.httpsUrl}${pathname}`, { waitUntil: 'networkidle' });
  return { page, problems, scripts, close: () => context.close() };
}
type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/**
 * After the switch, the page opened before it loads the contact form's scripts (fetched on the
 * first focus, from the old build), then follows links to another page and back home: each new
 * document is the new release's.
 */
async function useAfterSwitch(opened: OpenedPage, expectedEyebrow: string) {
  const { page, scripts, problems } = opened;
  const before = scripts.length;
  const script = page.waitForResponse(
    (response) => /\/_next\/static\/.*\.js/.test(response.url()),
    {
      timeout: 20_000,
    },
  );
  await page.locator('form input[name="name"]').first().focus();
  await script;
  await page.waitForLoadState('networkidle');
  const loadedAfter = scripts.slice(before);
  await Promise.all([
    page.waitForURL('**/fr/actualites'),
    page.locator('header a[href="/fr/actualites"]').first().click(),
  ]);
  await Promise.all([
    page.waitForURL(/\/fr\/$/),
    page.locator('header a[href="/fr/"]').first().click(),
  ]);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('body').textContent(), problems.join('\n')).toContain(expectedEyebrow);
  return loadedAfter;
}

/**
 * A contact form loaded without JavaScript and filled in now, to be sent later: it posts to the
 * Server Action whose id the page's build gave it.
 */
async function fillNoScriptForm(pathname: string) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${nginx.httpsUrl}${pathname}`);
  const name = `Sans script ${randomUUID().slice(0, 8)}`;
  const message = validMessage({ name });
  const form = page.locator('form:has(#contact-name)');
  for (const field of ['name', 'email', 'phone', 'message'] as const)
    await form.locator(`[name="${field}"]`).fill(String(message[field]));
  return {
    name,
    /** Sends the form and answers with what the visitor then reads. */
    send: async () => {
      await form.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.waitForLoadState('load');
      return (await page.getByTestId('contact-result').textContent({ timeout: 20_000 })) ?? '';
    },
    close: () => context.close(),
  };
}

describe('deploy/release on the shipped unit and nginx site', () => {
  it('builds release B beside A while A serves, and switches nothing', async () => {
    commitB = site.commit('Hero: the eyebrow names collective relations', (dir) => {
      const file = path.join(dir, 'messages/fr/home.json');
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(EYEBROW_A);
      writeFileSync(file, text.replace(`"${EYEBROW_A}"`, `"${EYEBROW_B}"`));
    });
    const run = await site.release(['build', 'main']);
    figures.push(`  build of B: ${(run.ms / 1000).toFixed(1)} s`);
    expect(run.code, run.output).toBe(0);
    expect(existsSync(path.join(site.siteDir, 'releases', commitB, 'RELEASE'))).toBe(true);
    expect(realpathSync(path.join(site.siteDir, 'current'))).toContain(site.commitA);
    expect(site.restarts).toEqual([]);
    for (const port of site.ports) expect(await site.servedRelease(port)).toBe('none');
  }, 600_000);

  it('switches both instances to B under load: no failed request, the open page keeps working, every message once', async () => {
    const opened = await openPage('/fr');
    const noScript = await fillNoScriptForm('/fr');
    try {
      expect(await opened.page.locator('body').textContent()).toContain(EYEBROW_A);
      const {
        value: { run, pages },
        load,
      } = await underLoad(() => pagesAfter(() => site.release(['main'])));
      describeLoad('release of B', run, load);
      expect(run.code, run.output).toBe(0);
      // From the moment the switch is done, no page of A: every page is B's, and pages come
      // from nginx's cache again.
      expect(pages.filter((page) => page.status !== 200 || page.release !== commitB)).toEqual([]);
      for (const pathname of KEPT_PAGES)
        expect(
          pages.filter((page) => page.path === pathname && page.cache === 'HIT').length,
          pathname,
        ).toBeGreaterThan(0);
      figures.push(
        `    kept pages after the switch: ${pages.length} answers, ${pages.filter((page) => page.cache === 'HIT').length} from the cache`,
      );
      expect(readFileSync(path.join(nginx.dir, 'logs/error.log'), 'utf8')).not.toMatch(/realpath/);
      // The form shown by A without JavaScript, sent to B: the same Server Action id (one key).
      expect(await noScript.send()).toContain('Votre message a bien été envoyé.');
      await expectEveryMessageOnce([{ name: noScript.name, status: 201, resends: 0 }]);
      const loadedAfter = await useAfterSwitch(opened, EYEBROW_B);
      figures.push(
        `    page opened on A: ${loadedAfter.length} script files of A fetched after the switch`,
      );
      expect(loadedAfter.length).toBeGreaterThan(0);
      expect(opened.problems).toEqual([]);
      expectNoFailedRequest(load);
      await expectEveryMessageOnce(load.messages);
      for (const port of site.ports) expect(await site.servedRelease(port)).toBe(commitB);
      expect(readlinkSync(path.join(site.siteDir, 'previous'))).toContain(site.commitA);
    } finally {
      await opened.close();
      await noScript.close();
    }
  }, 300_000);

  it('rolls back to A under load in one command, with the same result', async () => {
    const opened = await openPage('/fr');
    try {
      expect(await opened.page.locator('body').textContent()).toContain(EYEBROW_B);
      const {
        value: { run, pages },
        load,
      } = await underLoad(() => pagesAfter(() => site.release(['rollback'])));
      describeLoad('rollback to A', run, load);
      expect(run.code, run.output).toBe(0);
      // From the moment the rollback is done, no page of B (A's build names no release).
      expect(pages.filter((page) => page.status !== 200 || page.release !== 'none')).toEqual([]);
      const loadedAfter = await useAfterSwitch(opened, EYEBROW_A);
      expect(loadedAfter.length).toBeGreaterThan(0);
      expect(opened.problems).toEqual([]);
      expectNoFailedRequest(load);
      await expectEveryMessageOnce(load.messages);
      for (const port of site.ports) expect(await site.servedRelease(port)).toBe('none');
    } finally {
      await opened.close();
    }
  }, 300_000);

  it('keeps A serving when the new release does not build', async () => {
    const broken = site.commit('A configuration that does not load', (dir) => {
      const file = path.join(dir, 'next.config.ts');
      writeFileSync(file, `throw new Error('broken release');\n${readFileSync(file, 'utf8')}`);
    });
    const restarts = site.restarts.length;
    const { value: run, load } = await underLoad(() => site.release(['main']));
    describeLoad('release whose build fails', run, load);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/the build of \w+ failed, nothing was switched/);
    expect(existsSync(path.join(site.siteDir, 'releases', broken))).toBe(false);
    expect(existsSync(path.join(site.siteDir, 'releases', `${broken}.partial`))).toBe(false);
    expect(site.restarts.length).toBe(restarts);
    expectNoFailedRequest(load);
    await expectEveryMessageOnce(load.messages);
    for (const port of site.ports) expect(await site.servedRelease(port)).toBe('none');
  }, 300_000);

  it('puts the instance back on A when the new release fails its health check (a migration that fails), and no visitor gets a page of that release', async () => {
    // Release B again (already built: no build), with a migration that cannot run added to it,
    // as a commit with a broken migration would bring: the first instance to start on it fails
    // to migrate, answers /api/health with 503, and goes back to A.
    const migrations = path.join(site.siteDir, 'releases', commitB, 'lib/db/migrations/postgres');
    const journalFile = path.join(migrations, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[];
    };
    const last = journal.entries.at(-1)!;
    const tag = `${String(last.idx + 1).padStart(4, '0')}_broken`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(
      path.join(migrations, `${tag}.sql`),
      'ALTER TABLE "contact_messages" ADD COLUMN "broken" integer NOT NULL REFERENCES "no_such_table"("id");\n',
    );

    const restarts = site.restarts.length;
    // Meanwhile a visitor after another asks for the home page: none may get a page of B, whose
    // build files are gone from every instance once the release has gone back to A.
    const seen: KeptPage[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) seen.push(await getPage('/fr'));
    })();
    const { value: run, load } = await underLoad(() => site.release([commitB]));
    watching = false;
    await watcher;
    describeLoad('release whose health check fails', run, load);
    figures.push(`    home pages asked meanwhile: ${seen.length}, all of A`);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((page) => page.status !== 200 || page.release !== 'none')).toEqual([]);
    expect(run.code).toBe(1);
    // The instance on B never became ready: it said why, and served nothing else.
    expect(run.output).toMatch(
      /health check failed: \/api\/health answered 503 .*"database":"unavailable"/,
    );
    expect(site.logs.join('\n')).toMatch(/\[server\] not ready, trying again every 5 s/);
    expect(run.output).toMatch(/stopped: instance \d+ failed its health check/);
    // The first instance moved, failed and went back; the second never moved.
    expect(site.restarts.slice(restarts).map((r) => r.port)).toEqual([
      site.ports[0],
      site.ports[0],
    ]);
    expectNoFailedRequest(load);
    await expectEveryMessageOnce(load.messages);
    for (const port of site.ports) expect(await site.servedRelease(port)).toBe('none');
    expect(realpathSync(path.join(site.siteDir, 'current'))).toContain(site.commitA);
    const { rows: columns } = await database.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'contact_messages'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain('broken');

    // `deploy/release status` tells the operator where the site stands.
    const status = await site.release(['status']);
    expect(status.code, status.output).toBe(0);
    expect(status.output).toContain(`current: ${site.commitA}`);
    expect(status.output).toContain(`previous: ${commitB}`);
    for (const port of site.ports)
      expect(status.output).toContain(`instance ${port}: /api/health 200, release none`);
  }, 300_000);
});
