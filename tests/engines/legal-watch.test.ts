import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { expect, inject, test } from 'vitest';
import type { EnginePage } from './engine';
import { byText, inEveryEngine, returningVisitor, visit, waitFor } from './journey';

/** The engines' site's REVALIDATE_SECRET (global-setup.ts), which signs the letters' links. */
const SECRET = 'engines-revalidate-secret';
const FORM = 'main [data-testid="subscribe-form"]';

/** The confirmation e-mail's link, from the outbox's .eml file (quoted-printable undone). */
async function confirmationPath(address: string): Promise<string> {
  const { outboxDir } = inject('engineSite');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith('letter-confirmation-'))) {
      const text = (await readFile(path.join(outboxDir, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!text.includes(address)) continue;
      const link = /https?:\/\/\S+(\/api\/veille\/confirmation\/\S+)/.exec(text)?.[1];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation e-mail to ${address} in the outbox`);
}

/** Every letter's unsubscribe link (lib/letters/links.ts: `{id}.{HMAC}`, never expiring). */
function unsubscribePath(subscriberId: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', SECRET, '', 'sorel-aubry letters unsubscribe link v1', 32),
  );
  const mac = createHmac('sha256', key).update(subscriberId).digest('base64url');
  return `/api/veille/desinscription/${subscriberId}.${mac}`;
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

inEveryEngine('legal watch by e-mail', (page) => {
  test('subscribe from the news list, confirm from the e-mail, unsubscribe from the link', async () => {
    const address = `lectrice.${randomUUID().slice(0, 8)}@example.test`;
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

    // Hook for the sending side: a letter to this subscriber carries this same link.
    await page().goto(unsubscribePath(confirm.split('/').at(-1)!.split('.')[0]!));
    await heading(page(), 'Se désinscrire de la veille sociale\u00a0?');
    expect(await stored(address)).toBe(1);
    await page().click(await byText(page(), 'button', 'Me désinscrire'));
    await heading(page(), 'Désinscription effectuée');
    expect(await stored(address)).toBe(0);
  });
});
