import { describe, expect, it } from 'vitest';
import { gvizBody, type SheetRow } from '@/tests/support/sheet-server';
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
