import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { e2eSheetRows } from '../support/e2e-sheet';
import { startNextServer } from '../../harness/next-server';
import { startSheetServer } from '../../harness/sheet-server';
import { selectedEngines } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    engineSite: { baseURL: string; display: string; databaseUrl: string; outboxDir: string };
  }
}

/**
 * One site for the whole engine run, as playwright.config.ts serves it to Chromium: the production
 * build under its server (`npm start`), the sheet stand-in, a throwaway SQLite file and .eml outbox, and
 * X-Forwarded-For trusted so each test is a distinct visitor. WebKit's window needs an X display:
 * a virtual one (Xvfb), large enough for a 1440 px page, and for a phone page at WebKit's 200 % zoom (webkit.ts).
 */
export default async function setup(project: TestProject) {
  const engines = selectedEngines();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-engines-'));
  const sheet = await startSheetServer({ kind: 'rows', rows: e2eSheetRows });
  const databaseUrl = `file:${path.join(dir, 'contact.db')}`;
  const outboxDir = path.join(dir, 'outbox');
  const site = await startNextServer({
    SITE_URL: 'https://www.sorel-aubry-avocats.fr',
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: 'engines-revalidate-secret',
    DATABASE_URL: databaseUrl,
    OUTBOX_DIR: outboxDir,
    TRUST_PROXY: 'true',
    // The audience measurement's journeys see a page view counted within a moment.
    AUDIENCE_FLUSH_MS: '200',
    // The legal watch's journey (legal-watch.test.ts) sends letters: no pacing, so they go at once.
    NEWSLETTER_RATE_PER_MINUTE: '0',
  });
  const xvfb = engines.includes('webkit') ? await startXvfb() : null;
  project.provide('engineSite', {
    baseURL: site.url,
    display: xvfb?.display ?? '',
    databaseUrl,
    outboxDir,
  });
  return async () => {
    xvfb?.process.kill();
    await site.stop();
    await sheet.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Xvfb on the first free display, which it reports through file descriptor 3. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.env.XVFB_PATH ?? 'Xvfb',
      ['-displayfd', '3', '-screen', '0', '2000x2000x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors}`)));
    const fd3 = child.stdio[3];
    if (!fd3 || !('on' in fd3)) return reject(new Error('Xvfb: no display channel'));
    let number = '';
    fd3.on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (number.includes('\n')) resolve({ display: `:${number.trim()}`, process: child });
    });
  });
}
