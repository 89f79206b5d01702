import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eRevalidateSecret } from '../../playwright.config';
import { axe } from './axe';

/**
 * A partner opens the release link of a held message from the digest e-mail, in Chromium, and
 * releases it with the page's button. The page has no script, so the site's usual fixtures
 * (which wait for hydration) are not used.
 */

/** The link's token, as lib/contact/held/release-link.ts documents it: {id}.{expiry}.{HMAC}. */
function releaseToken(id: string, expiresAt: number): string {
  const key = Buffer.from(
    hkdfSync('sha256', e2eRevalidateSecret, '', 'sorel-aubry held message release link v1', 32),
  );
  const signature = createHmac('sha256', key).update(`${id}\n${expiresAt}`).digest('base64url');
  return `${id}.${expiresAt}.${signature}`;
}

test('a held message is released from its link: summary, one button, accessible, then sent', async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  const name = `Marion Lefort ${randomUUID().slice(0, 8)}`;
  const sent = await page.request.post('/api/contact', {
    headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    data: {
      name,
      email: 'marion.lefort@example.com',
      phone: '+33 6 99 00 11 22',
      message:
        'Bonjour, mon employeur envisage une rupture conventionnelle. Pouvons-nous en parler ?',
      website: 'rempli par le gestionnaire de mots de passe',
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const link = `/api/contact/messages-retenus/${releaseToken(id, Date.now() + 24 * 60 * 60 * 1000)}`;

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Transmettre ce message retenu ? — Sorel Aubry Avocats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transmettre ce message retenu ?',
  );
  await expect(page.getByRole('main')).toContainText(name);
  await expect(page.getByRole('main')).toContainText('champ caché rempli');
  expect(
    (await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations,
  ).toEqual([]);

  const outbox = path.resolve('test-results/e2e-outbox', `${id}.eml`);
  expect(existsSync(outbox)).toBe(false);
  await page.keyboard.press('Tab');
  const button = page.getByRole('button', { name: 'Transmettre ce message au cabinet' });
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message transmis');
  expect((await axe(page).analyze()).violations).toEqual([]);
  await expect.poll(() => existsSync(outbox), { timeout: 15_000 }).toBe(true);
  expect(readFileSync(outbox, 'utf8')).toMatch(new RegExp(`^X-Contact-Message-Id: ${id}$`, 'im'));

  // Reloading the address (a GET) after the release shows that it is done, and sends nothing.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message déjà transmis');
  expect(cspErrors).toEqual([]);
});
