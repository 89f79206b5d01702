import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetRow } from '@/harness/sheet-server';
import { parseGviz, SheetFormatError } from './gviz';
import type { ImageCheck } from './image-check';
import { readSheet } from './normalise';
import { isPreviewToken } from './preview';
import { buildArticleReport, describeSheetFailure } from './report';
import { SheetHttpError } from './source';

const settings = {
  siteUrl: 'https://www.example.test',
  secret: 'secret-du-rapport',
  loadedAt: Date.UTC(2025, 4, 6, 9, 30),
};

function report(
  rows: SheetRow[],
  images: Record<string, ImageCheck> = {},
  secret = settings.secret,
) {
  return buildArticleReport(readSheet(parseGviz(gvizBody(rows))), new Map(Object.entries(images)), {
    ...settings,
    secret,
  });
}

const ok = { contenu: 'Texte.', statut: 'Publié' };

describe('the row report', () => {
  it('gives each row its number, its state, its addresses and its preview addresses', () => {
    const { loadedAt, rows } = report([
      { titre: 'Congés payés', ...ok },
      { titre: 'Projet', contenu: 'x', statut: 'Brouillon' },
    ]);
    expect(loadedAt).toBe('2025-05-06T09:30:00.000Z');
    expect(rows[0]).toMatchObject({
      row: 2,
      title: 'Congés payés',
      slug: 'conges-payes',
      published: true,
      reasons: [],
      url: 'https://www.example.test/fr/blog/conges-payes',
      urlEn: 'https://www.example.test/en/blog/conges-payes',
    });
    expect(rows[1]).toMatchObject({ row: 3, published: false, url: null, urlEn: null });
    const preview = new URL(rows[1]?.previewUrl ?? '');
    expect(preview.origin + preview.pathname).toBe('https://www.example.test/fr/blog/projet');
    expect(isPreviewToken('projet', preview.searchParams.get('preview'), settings.secret)).toBe(
      true,
    );
    expect(rows[1]?.previewUrlEn).toBe(rows[1]?.previewUrl?.replace('/fr/', '/en/'));
  });

  it('has no preview addresses without a secret', () => {
    const [row] = report([{ titre: 'Projet', statut: 'Brouillon' }], {}, '').rows;
    expect(row).toMatchObject({ previewUrl: null, previewUrlEn: null });
  });

  it('deviation: names what in the statut publishes each row, short words only as whole words', () => {
    const rows = report([
      { titre: 'A', contenu: 'x', statut: 'OK' },
      { titre: 'B', contenu: 'x', statut: 'Publié le 3 mai' },
      { titre: 'C', contenu: 'x', statut: 'À publier' },
      { titre: 'D', contenu: 'x', statut: true },
      { titre: 'E', contenu: 'x', statut: 2 },
      { titre: 'F', contenu: 'x', statut: 'En cours de rédaction' },
      { titre: 'G', contenu: 'x', statut: 'Version 1' },
      { titre: 'H', contenu: 'x', statut: 'Oui', publier_le: '05/01/2099 08:30' },
      { resume: 'Sans titre', statut: 'Publié' },
    ]).rows;
    expect(rows.map((row) => [row.published, row.publishedBy])).toEqual([
      [true, 'le mot «\u00a0OK\u00a0» du statut'],
      [true, 'le mot «\u00a0Publié\u00a0» du statut'],
      [true, 'le mot «\u00a0publier\u00a0» du statut'],
      [true, 'la case cochée de la colonne statut'],
      [true, 'le nombre 2 de la colonne statut'],
      [false, null],
      [false, null],
      // Scheduled: the statut publishes, the row waits for its publier_le.
      [false, 'le mot «\u00a0Oui\u00a0» du statut'],
      [false, null],
    ]);
    expect(rows[5]?.reasons[0]).toMatch(
      /^Le statut «\u00a0En cours de rédaction\u00a0» n’est pas un statut de publication.*comme mots à part/,
    );
  });

  it('quotes the statut that keeps a row offline and says what to write instead', () => {
    const reasons = report([
      { titre: 'A', contenu: 'x', statut: 'Ne pas publier' },
      { titre: 'B', contenu: 'x', statut: 'À relire' },
      { titre: 'C', contenu: 'x', statut: null },
      { titre: 'D', contenu: 'x', statut: false },
    ]).rows.map((row) => row.reasons[0]);
    expect(reasons[0]).toMatch(
      /^Le statut «\u00a0Ne pas publier\u00a0» indique de ne pas publier.*«\u00a0Publié\u00a0»/,
    );
    expect(reasons[1]).toMatch(
      /^Le statut «\u00a0À relire\u00a0» n’est pas un statut de publication/,
    );
    expect(reasons[2]).toMatch(
      /^La colonne statut est vide\u00a0: l’article reste «\u00a0En attente\u00a0»/,
    );
    expect(reasons[3]).toMatch(/n’est pas cochée.*Cochez-la/);
  });

  it('explains an empty title, an unreadable date, a replaced image, a repeated address, missing English', () => {
    const rows = report([
      { resume: 'Sans titre', statut: 'Publié' },
      { titre: 'Veille du 6 mai 2025', ...ok, date: '31/02/2025' },
      { titre: 'Sans date', ...ok, date: 'bientôt' },
      { titre: 'Photo', ...ok, image: 'https://example.com/photo.jpg' },
      { titre: 'Photo', ...ok },
      { titre: 'Anglais', ...ok, title_en: 'English', content_en: 'Text' },
    ]).rows;
    expect(rows[0]).toMatchObject({ row: 2, title: '', slug: null, previewUrl: null });
    expect(rows[0]?.reasons).toEqual([expect.stringMatching(/^La colonne titre est vide/)]);
    expect(rows[1]?.reasons).toEqual([
      'La date «\u00a031/02/2025\u00a0» n’a pas pu être lue\u00a0: l’article paraît sans date, classé d’après la date de son titre (6 mai 2025). Écrivez-la sous la forme 06/05/2025, ou choisissez-la dans le calendrier de la cellule.',
    ]);
    expect(rows[2]?.reasons[0]).toContain(
      '«\u00a0bientôt\u00a0» n’a pas pu être lue\u00a0: l’article paraît sans date, en fin de liste',
    );
    expect(rows[3]?.reasons[0]).toMatch(
      /^L’image «\u00a0https:\/\/example\.com\/photo\.jpg\u00a0» ne vient pas d’un hébergeur accepté.*l’image par défaut est affichée/,
    );
    expect(rows[4]?.reasons).toEqual([
      'Le titre donne la même adresse que celui de la ligne 5\u00a0: le suffixe «\u00a0-5\u00a0» est ajouté et l’article est à l’adresse /blog/photo-5. Pour une adresse plus claire, changez un peu l’un des deux titres.',
    ]);
    expect(rows[5]?.reasons).toEqual([
      'Version anglaise incomplète\u00a0: les colonnes title_en et content_en sont remplies, mais la colonne summary_en est vide\u00a0; la page anglaise montre le texte français à la place. Remplissez summary_en.',
    ]);
  });

  it('says why a remote image does not show, from the answer of its host', () => {
    const drive = (id: string) => `https://drive.google.com/file/d/${id}/view`;
    const direct = (id: string) => `https://drive.google.com/uc?export=view&id=${id}`;
    const unsplash = 'https://images.unsplash.com/photo-1';
    const { rows, imagesNotChecked } = report(
      [
        { titre: 'Privé', ...ok, image: drive('prive') },
        { titre: 'Public', ...ok, image: drive('public') },
        { titre: 'Supprimé', ...ok, image: drive('supprime') },
        { titre: 'Page', ...ok, image: unsplash },
        { titre: 'Lent', ...ok, image: drive('lent') },
        { titre: 'Pas vérifié', ...ok, image: drive('tard') },
        { titre: 'Photo de téléphone', ...ok, image: drive('heic') },
      ],
      {
        [direct('prive')]: { kind: 'not-image', contentType: 'text/html' },
        [direct('public')]: { kind: 'image' },
        [direct('supprime')]: { kind: 'http-error', status: 404 },
        [`${unsplash}?w=1200&q=80`]: { kind: 'not-image', contentType: 'text/html' },
        [direct('lent')]: { kind: 'unreachable', timedOut: true },
        [direct('tard')]: { kind: 'not-checked' },
        [direct('heic')]: { kind: 'not-image', contentType: 'image/heic' },
      },
    );
    const reasons = rows.map((row) => row.reasons.join(' '));
    expect(reasons[0]).toMatch(
      /^Le fichier Google Drive de l’image n’est pas public.*«\u00a0Tous les utilisateurs disposant du lien\u00a0».*image par défaut/,
    );
    expect(reasons[1]).toBe('');
    expect(reasons[2]).toMatch(/^L’image est introuvable à cette adresse \(erreur 404\)/);
    expect(reasons[3]).toMatch(
      /^Le lien de l’image mène à une page web \(text\/html\), pas à une image/,
    );
    expect(reasons[4]).toMatch(/^L’image n’a pas répondu à temps/);
    expect(reasons[5]).toBe('');
    expect(reasons[6]).toMatch(
      /^L’image est dans un format que le site ne sait pas afficher \(image\/heic\)\. Enregistrez-la en JPEG, PNG ou WebP/,
    );
    expect(imagesNotChecked).toBe(1);
  });
});

describe('describeSheetFailure', () => {
  it('says what to do for each way the sheet fails', () => {
    expect(describeSheetFailure(new SheetHttpError(403), true)).toBe(
      'La feuille Google refuse l’accès (erreur 403)\u00a0: partagez-la avec «\u00a0Tous les utilisateurs disposant du lien\u00a0» (Lecteur). Le site continue d’afficher les articles chargés auparavant.',
    );
    expect(describeSheetFailure(new SheetHttpError(404), false)).toMatch(
      /erreur \(404\).*ARTICLES_SHEET_URL ou ARTICLES_SHEET_ID\)\.$/,
    );
    expect(describeSheetFailure(new SheetFormatError('x'), false)).toMatch(
      /onglet s’appelle «\u00a0Articles\u00a0»/,
    );
    expect(describeSheetFailure(new DOMException('late', 'TimeoutError'), false)).toMatch(
      /n’a pas répondu en 8 secondes/,
    );
  });
});

describe('the row report of the columns after content_en', () => {
  const base = { titre: 'Note', contenu: 'Texte.', statut: 'Publié', date: 'Date(2025,4,6)' };
  const at = (now: number, rows: SheetRow[]) =>
    buildArticleReport(readSheet(parseGviz(gvizBody(rows, { shape: 'labels' }))), new Map(), {
      ...settings,
      now,
    }).rows;
  const nbsp = '\u00a0';

  it('names an unknown author and says what the column accepts', () => {
    const [row] = at(settings.loadedAt, [{ ...base, auteur: 'Sorel, Claire Martin, C. Dupont' }]);
    expect(row?.published).toBe(true);
    expect(row?.reasons).toEqual([
      `La colonne auteur contient «${nbsp}Claire Martin${nbsp}» et «${nbsp}C. Dupont${nbsp}», qui ne correspondent à aucun associé${nbsp}: l’article paraît sans signature. La colonne auteur accepte le nom d’un associé du cabinet (Hélène Sorel, Julien Aubry), écrit par exemple «${nbsp}Hélène Sorel${nbsp}», «${nbsp}H. Sorel${nbsp}», «${nbsp}Sorel${nbsp}», «${nbsp}h.sorel@sorel-aubry-avocats.fr${nbsp}», ou deux noms séparés par une virgule.`,
    ]);
  });

  it('quotes an unreadable date, as the editor wrote it, and says what happens meanwhile', () => {
    const [row] = at(settings.loadedAt, [
      { ...base, a_jour_au: { v: null, f: 'mai 2025' }, publier_le: 'lundi 8h' },
    ]);
    expect(row?.published).toBe(true);
    expect(row?.reasons).toEqual([
      `La date «${nbsp}mai 2025${nbsp}» de la colonne a_jour_au n’a pas pu être lue${nbsp}: la mention «${nbsp}À jour au${nbsp}» n’est pas affichée. Écrivez-la sous la forme 06/05/2025, ou choisissez-la dans le calendrier de la cellule.`,
      `La date «${nbsp}lundi 8h${nbsp}» de la colonne publier_le n’a pas pu être lue${nbsp}: l’article n’attend pas, il est en ligne dès que son statut le publie. Écrivez un jour, et si besoin une heure de Paris, sous la forme 12/05/2025 08:30, ou choisissez-les dans le calendrier de la cellule.`,
    ]);
  });

  it('says "programmé pour le …, à …" for a publier_le ahead, until it comes', () => {
    const rows = [{ ...base, publier_le: 'Date(2025,4,12,8,0,0)' }];
    const [before] = at(Date.UTC(2025, 4, 12, 5, 59), rows);
    expect(before).toMatchObject({
      published: false,
      scheduledFor: '2025-05-12T08:00:00+02:00',
      url: null,
    });
    expect(before?.previewUrl).toMatch(/\/fr\/blog\/note\?preview=/);
    expect(before?.reasons).toEqual([
      `Programmé pour le lundi 12 mai 2025, à 8${nbsp}h${nbsp}00 (heure de Paris)${nbsp}: l’article sera en ligne à ce moment-là, sans autre action. D’ici là, il n’est dans aucune liste et son adresse répond «${nbsp}Article non trouvé${nbsp}»${nbsp}; son aperçu le montre déjà.`,
    ]);
    const [after] = at(Date.UTC(2025, 4, 12, 6, 0), rows);
    expect(after).toMatchObject({ published: true, scheduledFor: null, reasons: [] });
    expect(after?.url).toBe('https://www.example.test/fr/blog/note');
  });

  it('warns of an a_jour_au later than today or earlier than the date', () => {
    const [future] = at(Date.UTC(2025, 4, 6, 12), [{ ...base, a_jour_au: '1er juillet 2025' }]);
    expect(future?.reasons).toEqual([
      `La date a_jour_au (1er juillet 2025) est postérieure à aujourd’hui${nbsp}: la page affiche «${nbsp}À jour au 1er juillet 2025${nbsp}». Si ce n’est pas voulu, corrigez la date.`,
    ]);
    const [earlier] = at(Date.UTC(2025, 4, 6, 12), [{ ...base, a_jour_au: '01/04/2025' }]);
    expect(earlier?.reasons).toEqual([
      `La date a_jour_au (1er avril 2025) est antérieure à la date de l’article (6 mai 2025)${nbsp}: la page affiche «${nbsp}À jour au 1er avril 2025${nbsp}». Vérifiez l’une des deux dates.`,
    ]);
  });

  it('quotes no more than 80 characters of a long cell', () => {
    const [row] = at(settings.loadedAt, [{ ...base, auteur: 'x'.repeat(5_000) }]);
    expect(row?.reasons[0]?.length).toBeLessThan(600);
    expect(row?.reasons[0]).toContain(`«${nbsp}${'x'.repeat(77)}…${nbsp}»`);
  });
});
