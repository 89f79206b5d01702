import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { expect, inject, test } from 'vitest';
import { decodedText, emlMail, type ReceivedMail } from '../support/smtp-sink';
import type { EngineName, EnginePage } from './engine';
import { byText, inEveryEngine, returningVisitor, visit, waitFor } from './journey';

/** The engines' site's REVALIDATE_SECRET (global-setup.ts): the editors' send takes it. */
const SECRET = 'engines-revalidate-secret';
const FORM = 'main [data-testid="subscribe-form"]';
const DEADLINE_MS = 30_000;

/**
 * Online articles of the test sheet (tests/support/e2e-sheet.ts), two for each engine: one site
 * and database serve every engine, and an article is sent only once per database.
 */
const articles: Record<EngineName, { first: { slug: string; title: string }; second: string }> = {
  webkit: {
    first: { slug: 'conges-payes-et-arret-maladie', title: 'Congés payés et arrêt maladie' },
    second: 'note-de-veille-numero-01',
  },
  firefox: {
    first: { slug: 'note-de-veille-numero-04', title: 'Note de veille numéro 04' },
    second: 'note-de-veille-numero-02',
  },
  chromium: {
    first: { slug: 'note-de-veille-numero-05', title: 'Note de veille numéro 05' },
    second: 'note-de-veille-numero-03',
  },
};

const until = async <T>(what: string, read: () => Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + DEADLINE_MS;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/**
 * The outbox's .eml files of one kind, read as e-mails: the confirmations are
 * `letter-confirmation-…`, the letters `letter-{send}-{subscriber}` (lib/letters/store.ts).
 */
async function outbox(kind: 'confirmation' | 'letter'): Promise<ReceivedMail[]> {
  const { outboxDir } = inject('engineSite');
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const confirmation = (name: string) => name.startsWith('letter-confirmation-');
  return Promise.all(
    names
      .filter((name) => name.startsWith('letter-') && name.endsWith('.eml'))
      .filter((name) => confirmation(name) === (kind === 'confirmation'))
      .map(async (name) => emlMail(await readFile(path.join(outboxDir, name), 'utf8'))),
  );
}

/** The confirmation e-mail's link, from the outbox. */
const confirmationPath = (address: string) =>
  until(`a confirmation e-mail to ${address}`, async () => {
    const mail = (await outbox('confirmation')).find((m) => m.to.includes(address));
    const link = mail && /https?:\/\/\S+(\/api\/veille\/confirmation\/\S+)/.exec(decodedText(mail));
    return link?.[1];
  });

/** The letters (not the confirmation) written to `address`. */
const lettersTo = async (address: string) =>
  (await outbox('letter')).filter((mail) => mail.to.includes(address));

/** The editors' endpoints, as the Sheet's sidebar calls them (docs/editors.md). */
async function desk(slug: string, action?: 'send') {
  const { baseURL } = inject('engineSite');
  const response = await fetch(`${baseURL}/api/letters/${slug}${action ? `/${action}` : ''}`, {
    method: action ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${SECRET}` },
  });
  const body = (await response.json()) as {
    online?: boolean;
    outcome?: string;
    error?: string;
    send?: { state: string };
  };
  return { status: response.status, body };
}

async function stored(address: string): Promise<number> {
  const client = createClient({ url: inject('engineSite').databaseUrl });
  try {
    const { rows } = await client.execute({
      sql: 'SELECT id FROM letter_subscribers WHERE address = ?',
      args: [address],
    });
    return rows.length;
  } finally {
    client.close();
  }
}

const heading = (page: EnginePage, text: string) =>
  waitFor(
    page,
    `the heading “${text}”`,
    (wanted: string) => document.querySelector('h1')?.textContent === wanted,
    text,
  );

inEveryEngine('legal watch by e-mail', (page, engine) => {
  test('subscribe from the news list, confirm from the e-mail, receive an article, unsubscribe from the letter', async () => {
    const address = `lectrice.${randomUUID().slice(0, 8)}@example.test`;
    const { first, second } = articles[engine];
    await returningVisitor(page());
    await visit(page(), '/fr/blog');
    await page().type(`${FORM} input[name="email"]`, address);
    await page().click(await byText(page(), `${FORM} button[type="submit"]`, 'S’inscrire'));
    await waitFor(
      page(),
      'the form’s answer',
      (css: string) =>
        document.querySelector(`${css} [role="status"]`)?.textContent?.startsWith('Demande reçue'),
      FORM,
    );
    expect(new URL(await page().url()).pathname).toBe('/fr/blog');

    const confirm = await confirmationPath(address);
    await page().goto(confirm);
    await heading(page(), 'Confirmer votre inscription\u00a0?');
    await page().click(await byText(page(), 'button', 'Confirmer mon inscription'));
    await heading(page(), 'Inscription confirmée');

    // The editors send an online article of the test sheet; the letter reaches her, in French.
    expect((await desk(first.slug)).body.online).toBe(true);
    expect((await desk(first.slug, 'send')).body.outcome).toBe('started');
    const letter = await until(
      `the letter to ${address}`,
      async () => (await lettersTo(address))[0],
    );
    expect(letter.to).toEqual([address]);
    expect(letter.headers.subject).toBe(`Veille sociale · ${first.title}`);
    const text = decodedText(letter);
    expect(text).toContain(`/fr/blog/${first.slug}`);
    expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const leave = /^<(https:\/\/[^>]+)>$/.exec(letter.headers['list-unsubscribe'] ?? '')?.[1];
    expect(leave).toMatch(/\/api\/veille\/desinscription\//);
    expect(text).toContain(leave);

    // She leaves from the letter's link.
    await page().goto(new URL(leave!).pathname);
    await heading(page(), 'Se désinscrire de la veille sociale\u00a0?');
    expect(await stored(address)).toBe(1);
    await page().click(await byText(page(), 'button', 'Me désinscrire'));
    await heading(page(), 'Désinscription effectuée');
    expect(await stored(address)).toBe(0);
    // Her link again: the address is gone, and with it her language, so the page takes the
    // browser's (app/api/veille/desinscription/[token]/route.ts).
    await page().goto(new URL(leave!).pathname);
    await waitFor(
      page(),
      'the page saying the address is already unsubscribed',
      (titles: string[]) => titles.includes(document.querySelector('h1')?.textContent ?? ''),
      ['Adresse déjà désinscrite', 'Address already unsubscribed'],
    );

    // The next article does not reach her: sent to whoever is subscribed, or to no one at all.
    const next = await desk(second, 'send');
    expect(next.body.outcome ?? next.body.error).toMatch(/^(started|no-subscriber)$/);
    await until(`the send of ${second} to end`, async () => {
      const state = (await desk(second)).body.send?.state;
      return state === 'sent' || state === 'none' ? state : undefined;
    });
    expect(await lettersTo(address)).toHaveLength(1);
  });
});
