import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  designProvider,
  firm,
  formatAddress,
  hostingProvider,
  partners,
  telHref,
} from '@/lib/content/firm';
import { expect, test } from './fixtures';

/**
 * The firm's name, address, telephone and e-mail read the same wherever a visitor or the firm
 * meets them: footer, contact section, legal notice, privacy policy, the printed page's line,
 * vCards, JSON-LD and the e-mails the site sends, each read from where it is shown and compared
 * with lib/content/firm.ts. Every e-mail and telephone link of every page kind must also be one
 * of the facts, its text and its address agreeing.
 */
const knownEmails = [firm.email, ...partners.map((partner) => partner.email)];
const knownPhones = [
  firm.phone,
  ...partners.map((partner) => partner.phone),
  hostingProvider.phone,
  designProvider.phone,
];

const pageKinds = [
  '',
  '/helene-sorel',
  '/julien-aubry',
  '/actualites',
  '/blog/conges-payes-et-arret-maladie',
  '/mentions-legales',
  '/politique-confidentialite',
  '/politique-cookies',
];

/** Text with its runs of white space (no-break spaces included) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function contactLinks(page: Page) {
  return page.locator('a[href^="mailto:"], a[href^="tel:"]').evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute('href') ?? '',
      text: link.textContent ?? '',
    })),
  );
}

for (const locale of ['fr', 'en'] as const) {
  test.describe(`the firm's facts (${locale})`, () => {
    const address = formatAddress(locale);

    test('the footer, the print line and the contact section give the same name, address, telephone and e-mail', async ({
      page,
    }) => {
      await page.goto(`/${locale}`);
      const footer = page.getByTestId('site-footer');
      await expect(footer.locator('p.font-serif').first()).toHaveText(firm.name);
      const footerAddress = footer.locator('address');
      expect(flat(await footerAddress.innerText())).toContain(address);
      await expect(footerAddress.locator(`a[href="mailto:${firm.email}"]`)).toHaveText(firm.email);
      await expect(footerAddress.locator(`a[href="${telHref(firm.phone)}"]`)).toHaveText(
        firm.phone,
      );

      expect(flat((await page.locator('[data-print="firm"]').textContent()) ?? '')).toBe(
        `${firm.name} · ${address} · ${firm.phone} · ${firm.email}`,
      );

      const info = page.getByTestId('contact-info');
      await expect(info.locator('address')).toHaveText(address);
      await expect(info.locator(`a[href="mailto:${firm.email}"]`)).toHaveText(firm.email);
      await expect(info.locator(`a[href="${telHref(firm.phone)}"]`)).toHaveText(firm.phone);
      for (const partner of partners)
        await expect(info.locator(`a[href="${telHref(partner.phone)}"]`)).toHaveText(partner.phone);
    });

    test('the legal notice and the privacy policy name the firm with the same facts', async ({
      page,
    }) => {
      await page.goto(`/${locale}/mentions-legales`);
      const publisher = flat(await page.locator('section#editeur').innerText());
      for (const fact of [firm.legalForm[locale], address, firm.phone, firm.email])
        expect(publisher).toContain(flat(fact));

      await page.goto(`/${locale}/politique-confidentialite`);
      const controller = flat(await page.locator('section#responsable').innerText());
      for (const fact of [firm.legalForm[locale], address, firm.phone, firm.email])
        expect(controller).toContain(flat(fact));
    });

    test('the JSON-LD of the home page describes the firm with the same facts', async ({
      page,
    }) => {
      await page.goto(`/${locale}`);
      const blocks = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')));
      const firmData = blocks
        .flat()
        .find((block: { '@type'?: string }) => block['@type'] === 'LegalService');
      expect(firmData).toMatchObject({
        name: firm.name,
        telephone: firm.phone,
        email: firm.email,
        address: {
          streetAddress: firm.address.street,
          postalCode: firm.address.postalCode,
          addressLocality: firm.address.city,
          addressCountry: firm.address.countryCode,
        },
      });
    });

    test('each vCard gives the firm and its office as the site does', async ({ page }) => {
      for (const partner of partners) {
        const response = await page.request.get(`/${locale}${partner.profilePath}/vcard`);
        expect(response.status()).toBe(200);
        // Unfolded (RFC 6350 §3.2), one property per line.
        const lines = (await response.text()).replace(/\r\n /g, '').split('\r\n');
        expect(lines).toContain(`ORG:${firm.name}`);
        expect(lines).toContain(`EMAIL;TYPE=work:${partner.email}`);
        expect(lines).toContain(`TEL;VALUE=uri;TYPE=work:${telHref(partner.phone)}`);
        const { street, city, postalCode, country } = firm.address;
        expect(lines).toContain(
          `ADR;TYPE=work:;;${street};${city};;${postalCode};${country[locale]}`,
        );
      }
    });

    test('every e-mail and telephone link of every page is one of the facts, its text and address agreeing', async ({
      page,
    }) => {
      for (const path of pageKinds) {
        await page.goto(`/${locale}${path}`);
        for (const { href, text } of await contactLinks(page)) {
          if (href.startsWith('mailto:')) {
            const email = href.slice('mailto:'.length).split('?')[0] ?? '';
            // A share link's mailto: carries no address.
            if (email === '') continue;
            expect(knownEmails, `${path}: ${href}`).toContain(email);
            expect(flat(text), `${path}: ${href}`).toBe(email);
          } else {
            const phone = knownPhones.find((known) => telHref(known) === href);
            expect(phone, `${path}: ${href}`).toBeDefined();
            expect(flat(text), `${path}: ${href}`).toBe(phone);
          }
        }
      }
    });
  });
}

test('the e-mail the site sends the firm is addressed to its e-mail, from its name and domain', async ({
  page,
}) => {
  const sent = await page.request.post('/api/contact', {
    headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    data: {
      name: 'Claire Martin',
      email: 'claire.martin@example.com',
      phone: '+33 1 99 00 12 34',
      message: 'Bonjour, je souhaite un rendez-vous au sujet de mon contrat de travail.',
      // Filled over 5 s, as a person types: an ordinary message, e-mailed at once.
      fillMs: 5_000,
      locale: 'fr',
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const file = path.resolve('test-results/e2e-outbox', `${id}.eml`);
  await expect.poll(() => existsSync(file), { timeout: 15_000 }).toBe(true);
  const head = readFileSync(file, 'utf8')
    .split(/\r?\n\r?\n/)[0]
    ?.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    head?.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const domain = firm.email.split('@')[1];
  expect(header('To')).toBe(`To: ${firm.email}`);
  expect(header('From')).toBe(`From: Site ${firm.name} <site@${domain}>`);
  expect(header('Message-ID')).toMatch(new RegExp(`@${domain?.replace(/\./g, '\\.')}>$`));
});
