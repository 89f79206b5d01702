import { UNCONFIRMED_SUBSCRIBER_DAYS } from '@/lib/content/retention';
import { expect, test } from './fixtures';

const rawKey = /\b(?:common|home|partners|legal|articles|contact|consent)\.[A-Za-z-]+\.[\w.-]+/;
// The cookie policy keeps the launch date; the privacy policy is dated its last change.
const updated = {
  privacy: {
    fr: 'Dernière mise à jour\u00a0: 28 novembre 2026',
    en: 'Last updated 28 November 2026',
  },
  cookies: { fr: 'Dernière mise à jour\u00a0: 6 mai 2025', en: 'Last updated 6 May 2025' },
};

for (const locale of ['fr', 'en'] as const) {
  const prefix = locale === 'fr' ? '' : '/en';

  test.describe(`legal pages (${locale})`, () => {
    test('legal notice: publisher, director, bar, rules, host, designer, IP, disclaimer, mediator', async ({
      page,
    }) => {
      await page.goto(`${prefix}/mentions-legales`);
      const main = page.locator('main');
      await expect(page.locator('h1')).toHaveText(
        locale === 'fr' ? 'Mentions légales' : 'Legal notice',
      );
      for (const text of [
        'SELARL Sorel Aubry Avocats',
        '18 rue de Miromesnil, 75008 Paris',
        '+33 1 99 00 24 00',
        'contact@sorel-aubry-avocats.fr',
        'RCS Paris 000 000 000',
        'FR00 000000000',
        'Hélène Sorel',
        'Barreau de Paris',
        'Règlement Intérieur National',
        'Nuage Hexagone SAS',
        '5 avenue de l’Exemple, 69002 Lyon',
        '+33 4 99 00 10 10',
        'Atelier Pixel Droit SARL',
        '12 rue de l’Exemple, 75011 Paris',
        '+33 1 99 00 35 35',
        locale === 'fr' ? 'Hélène Sorel et Julien Aubry' : 'Hélène Sorel and Julien Aubry',
        'Médiateur de la consommation de la profession d’avocat',
        '180 boulevard Haussmann, 75008 Paris',
        locale === 'fr'
          ? 'ne constituent ni une consultation juridique'
          : 'neither a legal consultation',
        locale === 'fr' ? 'Propriété intellectuelle' : 'Intellectual property',
      ]) {
        await expect(main, text).toContainText(text);
      }
      await expect(page.getByTestId('mediator').getByRole('link')).toHaveAttribute(
        'href',
        'https://mediateur-consommation-avocat.fr',
      );
      await expect(main).not.toContainText(rawKey);
    });

    test('legal notice: the professional liability insurance, its insurer and its cover', async ({
      page,
    }) => {
      await page.goto(`${prefix}/mentions-legales`);
      const insurance = page.locator('section#assurance');
      // Headings are numbered ("4. …").
      await expect(insurance.getByRole('heading', { level: 2 })).toHaveText(
        locale === 'fr' ? /Assurance professionnelle$/ : /Professional liability insurance$/,
      );
      const lines =
        locale === 'fr'
          ? [
              'contrat collectif souscrit par l’Ordre des avocats de Paris pour les avocats inscrits à son barreau',
              'L.\u00a0111-2 et R.\u00a0111-2 du code de la consommation',
              'Assureur\u00a0: Mutuelle Exemple des Professions Juridiques, 10 rue de l’Exemple, 75009 Paris',
              'Couverture géographique\u00a0: le monde entier, à l’exception des États-Unis et du Canada',
            ]
          : [
              'collective policy taken out by the Paris Bar (Ordre des avocats de Paris) for the lawyers admitted to it',
              'articles L. 111-2 and R. 111-2 of the French Consumer Code',
              'Insurer: Mutuelle Exemple des Professions Juridiques, 10 rue de l’Exemple, 75009 Paris',
              'Geographic cover: worldwide, except the United States and Canada',
            ];
      for (const line of lines) await expect(insurance, line).toContainText(line);
    });

    test('privacy policy: controller, retention, rights, CNIL, date, table of contents', async ({
      page,
    }) => {
      await page.goto(`${prefix}/politique-confidentialite`);
      const main = page.locator('main');
      await expect(page.getByTestId('last-updated')).toHaveText(updated.privacy[locale]);
      for (const text of locale === 'fr'
        ? [
            'responsable du traitement',
            '3 ans à compter du dernier contact',
            'en général 5 ans, et 10 ans pour les pièces comptables',
            'droit d’accès',
          ]
        : [
            'data controller',
            '3 years from the last contact',
            'generally 5 years, and 10 years for accounting documents',
            'right of access',
          ]) {
        await expect(main, text).toContainText(text);
      }
      await expect(main).toContainText('3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07');
      await expect(main.locator('a[href="https://www.cnil.fr"]')).toBeVisible();
      const toc = page.getByTestId('toc').getByRole('link');
      expect(await toc.count()).toBeGreaterThanOrEqual(8);
      for (const href of await toc.evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')),
      )) {
        expect(href).toMatch(/^#[a-z-]+$/);
        await expect(page.locator(`section${href}`)).toHaveCount(1);
      }
      await page
        .getByTestId('toc')
        .getByRole('link', { name: locale === 'fr' ? 'Vos droits' : 'Your rights' })
        .click();
      await expect(page).toHaveURL(/#droits$/);
      await expect(page.locator('#droits h2')).toBeInViewport();
      await expect(main).not.toContainText(rawKey);
    });

    test('privacy policy: the letters by e-mail, on consent, what is kept and for how long', async ({
      page,
    }) => {
      await page.goto(`${prefix}/politique-confidentialite`);
      const days = UNCONFIRMED_SUBSCRIBER_DAYS;
      const t =
        locale === 'fr'
          ? {
              heading: 'Veille sociale par e-mail',
              data: 'la langue choisie pour les lettres, la date et la page du site où vous vous êtes inscrit, et la date de votre confirmation',
              basis: 'si vous vous y êtes inscrit et l’avez confirmé\u00a0: votre consentement',
              retention: `jusqu’à la désinscription\u00a0; adresse non confirmée\u00a0: ${days} jours après l’e-mail de confirmation, puis supprimée`,
              link: `dont le lien de confirmation est valable ${days} jours`,
              leave: 'un clic suffit, et votre adresse est aussitôt supprimée',
            }
          : {
              heading: 'Employment-law updates by e-mail',
              data: 'the language chosen for the letters, the date and the page of the website where you subscribed, and the date of your confirmation',
              basis: 'if you subscribed and confirmed: your consent',
              retention: `until they unsubscribe; an unconfirmed address: ${days} days after the confirmation e-mail, then deleted`,
              link: `whose confirmation link is valid for ${days} days`,
              leave: 'one click is enough, and your address is deleted at once',
            };
      const section = page.locator('section#veille-email');
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(
        new RegExp(`${t.heading}$`),
      );
      await expect(page.getByTestId('toc')).toContainText(t.heading);
      await expect(page.locator('section#donnees')).toContainText(t.data);
      await expect(page.locator('section#finalites')).toContainText(t.basis);
      await expect(page.locator('section#conservation')).toContainText(t.retention);
      await expect(section).toContainText(t.link);
      await expect(section).toContainText(t.leave);
    });

    test('cookie policy: categories, the cookie table, a control to change one’s choice', async ({
      page,
    }) => {
      await page.goto(`${prefix}/politique-cookies`);
      await expect(page.getByTestId('last-updated')).toHaveText(updated.cookies[locale]);
      const rows = page.getByTestId('cookie-table').locator('tbody tr');
      const cells = await rows.evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.children).map((c) => c.textContent?.trim())),
      );
      const byName = Object.fromEntries(cells.map((row) => [row[0], row]));
      const t =
        locale === 'fr'
          ? {
              year: '1 an',
              two: '2 ans',
              day: '24 heures',
              necessary: 'Nécessaire',
              analytics: 'Mesure d’audience',
              session: 'Session',
            }
          : {
              year: '1 year',
              two: '2 years',
              day: '24 hours',
              necessary: 'Necessary',
              analytics: 'Analytics',
              session: 'Session',
            };
      expect(byName.cookieConsent?.slice(2)).toEqual([t.year, t.necessary]);
      expect(byName._ga?.slice(2)).toEqual([t.two, t.analytics]);
      expect(byName._gid?.slice(2)).toEqual([t.day, t.analytics]);
      expect(byName._gat?.slice(2)).toEqual(['1 minute', t.analytics]);
      const session = cells.find((row) => row[2]?.startsWith(t.session));
      expect(session?.[3]).toBe(t.necessary);
      for (const category of locale === 'fr'
        ? ['Nécessaires', 'Fonctionnels', 'Mesure d’audience', 'Marketing']
        : ['Necessary', 'Functional', 'Analytics', 'Marketing']) {
        await expect(page.locator('#categories')).toContainText(category);
      }
      await page.evaluate(() => {
        window.addEventListener('sa:open-consent', () =>
          document.body.setAttribute('data-consent-opened', 'yes'),
        );
      });
      await page
        .getByRole('main')
        .getByRole('button', {
          name: locale === 'fr' ? 'Paramètres des cookies' : 'Cookie settings',
        })
        .click();
      await expect(page.locator('body')).toHaveAttribute('data-consent-opened', 'yes');
      await expect(page.locator('main')).not.toContainText(rawKey);
    });

    test('long-form layout: a narrow readable column', async ({ page }) => {
      await page.goto(`${prefix}/politique-confidentialite`);
      const width = await page
        .locator('main article')
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(768);
    });
  });
}
