import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@libsql/client';
import { expect, inject, test } from 'vitest';
import type { EnginePage } from './engine';
import {
  byText,
  inEveryEngine,
  returningVisitor,
  visit,
  waitFor,
  waitForLocation,
} from './journey';

const texts = {
  fr: {
    submit: 'Envoyer le message',
    errors: [
      'Le nom doit contenir au moins 2 caractères',
      'Veuillez saisir une adresse e-mail valide',
      'Veuillez saisir un numéro de téléphone valide',
      'Le message doit contenir au moins 10 caractères',
    ],
    success:
      'Votre message a bien été envoyé. Nous vous répondrons sous deux jours ouvrés, une fois l’absence de conflit d’intérêts vérifiée ; d’ici là, ne nous adressez aucun document.',
  },
  en: {
    submit: 'Send message',
    errors: [
      'Name must be at least 2 characters',
      'Please enter a valid email',
      'Please enter a valid phone number',
      'Message must be at least 10 characters',
    ],
    success:
      'Your message has been sent. We will reply within two working days, once we have checked for any conflict of interest; until then, please do not send us any documents.',
  },
} as const;

/** The messages shown under the fields, in the order of the fields. */
const fieldErrors = (page: EnginePage) =>
  page.evaluate(() =>
    ['name', 'email', 'phone', 'message'].map(
      (name) => document.getElementById(`contact-${name}-error`)?.textContent?.trim() ?? null,
    ),
  );

/**
 * Types a message as a person does, field after field, then sends it. The anti-spam rule holds
 * messages sent within 2 s of the first keystroke, quicker than a person fills four fields.
 */
async function writeAndSend(page: EnginePage, locale: 'fr' | 'en', token: string) {
  // The form counts from the visitor's first focus in it.
  await page.click('#contact-name');
  const started = Date.now();
  await page.type('#contact-name', `Claire Martin ${token}`);
  await page.type('#contact-email', `claire.${token}@example.com`);
  await page.type('#contact-phone', '+33 1 99 00 12 34');
  await page.type(
    '#contact-message',
    `Bonjour, je souhaite un rendez-vous au sujet de mon contrat de travail (${token}).`,
  );
  // What was typed is what the fields hold.
  expect(
    await page.evaluate(() =>
      ['name', 'email', 'phone'].map(
        (name) => (document.getElementById(`contact-${name}`) as HTMLInputElement).value,
      ),
    ),
  ).toEqual([`Claire Martin ${token}`, `claire.${token}@example.com`, '+33 1 99 00 12 34']);
  const elapsed = Date.now() - started;
  if (elapsed < 3_000) await new Promise((resolve) => setTimeout(resolve, 3_000 - elapsed));
  await page.click(await byText(page, '#contact button[type="submit"]', texts[locale].submit));
}

async function successShown(page: EnginePage, locale: 'fr' | 'en') {
  try {
    await waitFor(
      page,
      'the success toast',
      (text: string) =>
        Array.from(document.querySelectorAll('[role="status"]')).some((toast) =>
          toast.textContent?.includes(text),
        ),
      texts[locale].success,
    );
  } catch (error) {
    // Say what the visitor saw instead.
    const seen = await page.evaluate(() => ({
      fields: ['name', 'email', 'phone', 'message'].map(
        (name) => (document.getElementById(`contact-${name}`) as HTMLInputElement | null)?.value,
      ),
      messages: Array.from(
        document.querySelectorAll('#contact [id$="-error"], [role="status"], [role="alert"]'),
      ).map((element) => element.textContent),
    }));
    throw new Error(`${(error as Error).message}; the page showed ${JSON.stringify(seen)}`);
  }
}

/** The message is stored (not held as suspected) and its e-mail is in the outbox. */
async function storedAndMailed(token: string) {
  const site = inject('engineSite');
  const client = createClient({ url: site.databaseUrl });
  try {
    const { rows } = await client.execute({
      sql: 'SELECT suspected_reason FROM contact_messages WHERE email = ?',
      args: [`claire.${token}@example.com`],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.suspected_reason).toBeNull();
  } finally {
    client.close();
  }
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(site.outboxDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml')))
      if (
        (await readFile(path.join(site.outboxDir, name), 'utf8')).includes(
          `claire.${token}@example.com`,
        )
      )
        return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail for ${token} in the outbox`);
}

inEveryEngine('contact', (page) => {
  for (const locale of ['fr', 'en'] as const)
    test(`empty fields show the four messages in ${locale}`, async () => {
      await returningVisitor(page());
      await visit(page(), `/${locale}#contact`);
      await page().click(
        await byText(page(), '#contact button[type="submit"]', texts[locale].submit),
      );
      await waitFor(
        page(),
        'the field messages',
        () => !!document.getElementById('contact-message-error'),
      );
      expect(await fieldErrors(page())).toEqual(texts[locale].errors);
    });

  test('a message typed like a person shows the success toast, and is stored and mailed', async () => {
    const token = randomUUID().slice(0, 8);
    await returningVisitor(page());
    await visit(page(), '/fr#contact');
    await writeAndSend(page(), 'fr', token);
    await successShown(page(), 'fr');
    await storedAndMailed(token);
  });

  test('the form still sends after a language switch', async () => {
    const token = randomUUID().slice(0, 8);
    await returningVisitor(page());
    await visit(page(), '/fr');
    await page().click('[data-testid="site-header"] > div [data-testid="language-toggle"]');
    await waitForLocation(page(), '/en');
    await waitFor(
      page(),
      'the English page',
      () => document.documentElement.lang === 'en' && document.documentElement.dataset.hydrated,
    );
    await writeAndSend(page(), 'en', token);
    await successShown(page(), 'en');
    await storedAndMailed(token);
  });
});
