import type { SheetRow } from '../../harness/sheet-server';

/** The articles the browser tests' sheet serves (see playwright.config.ts). */
export const hostileMarkdown = [
  '# Contenu à neutraliser',
  '',
  '<script>window.__pwned = "script"</script>',
  '',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '',
  '[lien javascript](javascript:window.__pwned="link")',
  '',
  '[lien data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '',
  '![image data](data:image/svg+xml;base64,PHN2Zy8+)',
  '',
  '[lien sûr](https://www.legifrance.gouv.fr/)',
  '',
  'Fin du texte.',
].join('\n');

export const e2eSheetRows: SheetRow[] = [
  {
    titre: 'Congés payés et arrêt maladie',
    resume: 'Les salariés en arrêt maladie acquièrent des congés payés.',
    contenu: '## Ce qui change\n\n- Deux jours ouvrables par mois\n- Report de quinze mois',
    statut: 'Publié',
    date: 'Date(2024,3,25)',
    tags: 'Congés payés, Santé au travail',
    title_en: 'Paid leave and sick leave',
    summary_en: 'Employees on sick leave accrue paid leave.',
    content_en: '## What changes\n\n- Two working days a month',
    auteur: 'Hélène Sorel',
    a_jour_au: 'Date(2025,0,15)',
  },
  {
    titre: 'Congés payés : le report après un arrêt de travail',
    resume: 'Quinze mois pour prendre les congés acquis pendant un arrêt.',
    contenu: 'Les congés qui n’ont pu être pris du fait de l’arrêt sont reportés.',
    statut: 'Publié',
    date: 'Date(2024,5,3)',
    tags: 'Congés payés',
    title_en: 'Paid leave: carrying it over after sick leave',
    summary_en: 'Fifteen months to take the leave accrued during sick leave.',
    content_en: 'Leave that could not be taken because of the absence is carried over.',
    auteur: 'H. Sorel',
  },
  {
    // Scheduled far ahead: online nowhere, whatever the tests do.
    titre: 'Note programmée pour plus tard',
    resume: 'Une note qui attend sa date de publication.',
    contenu: 'Texte de la note programmée.',
    statut: 'Publié',
    date: 'Date(2024,5,3)',
    tags: 'Congés payés',
    auteur: 'Hélène Sorel',
    publier_le: 'Date(2099,0,5,8,0,0)',
  },
  {
    titre: 'Rupture conventionnelle : la contribution patronale',
    resume: 'Une contribution patronale unique de 30 %.',
    contenu: 'Depuis le 1er septembre 2023.',
    statut: 'Oui',
    date: 'Date(2023,8,1)',
    tags: 'Rupture du contrat',
    auteur: 'J. Aubry',
  },
  {
    // Typed as editors type: plain spaces before the colon, straight quotes and apostrophes.
    titre: 'Transparence des rémunérations : préparer la directive européenne',
    resume:
      "Ce que l'égalité professionnelle exige des employeurs : les écarts de plus de 5 % se justifient !",
    contenu: [
      'L\'employeur publie ses écarts : c\'est "la transparence" voulue par la directive ; est-ce prêt ?',
      '',
      'Réunion à 10:30, écrire à rh@exemple.fr ou lire https://eur-lex.europa.eu/eli/dir/2023/970/oj :)',
      '',
      'Le code `a : b` reste tel quel. Lire [la directive](https://eur-lex.europa.eu/eli/dir/2023/970/oj) et [nos autres articles](/fr/actualites).',
    ].join('\n'),
    statut: 'Publié',
    date: 'Date(2023,5,12)',
    tags: "Égalité professionnelle, Index d'égalité",
    auteur: 'Hélène Sorel, Julien Aubry',
    title_en: 'Pay transparency: preparing for the European directive',
    summary_en: 'What "equal pay" requires of employers: gaps over 5% must be justified!',
    content_en: "The employer's duty: publish the gaps.",
  },
  {
    titre: 'Contenu piégé',
    resume: 'Un article dont le texte contient du HTML et des liens dangereux.',
    contenu: hostileMarkdown,
    statut: 'Publié',
    date: 'Date(2022,0,3)',
    tags: 'Sécurité',
  },
  { titre: 'Brouillon interne', resume: 'x', contenu: 'x', statut: 'Brouillon' },
  // Enough articles of one tag for a second page.
  ...Array.from({ length: 13 }, (_, i) => ({
    titre: `Note de veille numéro ${String(i + 1).padStart(2, '0')}`,
    resume: `Résumé de la note ${i + 1}.`,
    contenu: 'Texte de la note.',
    statut: 'Publié',
    date: `Date(2021,${i % 12},${(i % 27) + 1})`,
    tags: 'Veille',
    // Enough articles of one author for a second page of the filtered list.
    auteur: 'Julien Aubry',
  })),
];
