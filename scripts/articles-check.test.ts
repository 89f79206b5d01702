import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '@/harness/image-host';
import { startSheetServer, type SheetServer } from '@/harness/sheet-server';

/** `npm run articles:check`, run as npm runs it, against a sheet and an image host on loopback. */
const root = path.resolve(__dirname, '..');
let sheet: SheetServer;
let images: ImageHost;

beforeAll(async () => {
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [
      { titre: 'Congés payés', contenu: 'x', statut: 'Publié', title_en: 'Paid leave' },
      { titre: 'Projet confidentiel', contenu: 'x', statut: 'Brouillon' },
      { resume: 'Sans titre', statut: 'Publié' },
      {
        titre: 'Photo privée',
        contenu: 'x',
        statut: 'Publié',
        image: 'https://drive.google.com/file/d/private-photo/view',
      },
      {
        titre: 'Note programmée',
        contenu: 'x',
        statut: 'Publié',
        auteur: 'Claire Martin',
        publier_le: 'Date(2099,0,5,8,30,0)',
      },
    ],
  });
  images = await startImageHost();
});

afterAll(async () => {
  await sheet?.close();
  await images?.close();
});

async function check(env: Record<string, string>, args: string[] = []) {
  // Only what each test gives: no secret or sheet id from the environment running the tests.
  const inherited = { ...process.env };
  delete inherited.REVALIDATE_SECRET;
  delete inherited.ARTICLES_SHEET_ID;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/articles-check.ts', ...args],
      {
        cwd: root,
        env: {
          ...inherited,
          ARTICLES_SHEET_URL: sheet.url,
          SITE_URL: 'https://www.example.test',
          ARTICLE_IMAGE_ORIGIN: images.origin,
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each test starts the command in a new Node.js process (about 2 s here, more on a busy machine).
describe('npm run articles:check', { timeout: 30_000 }, () => {
  it('prints the row report as a table, with reasons and addresses under each row', async () => {
    const { code, stdout } = await check({ REVALIDATE_SECRET: 'secret-du-test' });
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`Feuille lue : ${sheet.url}`);
    expect(stdout).toContain('5 lignes : 2 en ligne, 3 non publiées ; 5 à revoir.');
    expect(lines).toContain('Ligne  État        Titre');
    // A row's line starts with its number; its reasons and addresses follow, indented.
    const isRow = (line: string) => /^\d+ +(en ligne|non publié|programmé) /.test(line);
    const block = (row: number) => {
      const from = lines.findIndex((line) => isRow(line) && line.startsWith(`${row} `));
      const next = lines.findIndex((line, i) => i > from && isRow(line));
      return lines.slice(from, next < 0 ? undefined : next).join('\n');
    };
    expect(block(2)).toMatch(/^2 {6}en ligne {4}Congés payés\n/);
    expect(block(2)).toContain('• Version anglaise incomplète : la colonne title_en est remplie');
    expect(block(2)).toContain('Publié par le mot «\u00a0Publié\u00a0» du statut');
    expect(block(2)).toContain('Adresse : https://www.example.test/fr/blog/conges-payes');
    expect(block(3)).toMatch(/^3 {6}non publié {2}Projet confidentiel\n/);
    expect(block(3)).toContain('• Le statut « Brouillon » indique de ne pas publier');
    expect(block(3)).toMatch(
      /Aperçu : https:\/\/www\.example\.test\/fr\/blog\/projet-confidentiel\?preview=[\w-]{32}/,
    );
    expect(block(3)).not.toContain('Adresse :');
    expect(block(3)).not.toContain('Publié par');
    expect(block(4)).toMatch(
      /^4 {6}non publié {2}\(sans titre\)\n {19}• La colonne titre est vide/,
    );
    expect(block(5)).toMatch(/• Le fichier Google Drive de l’image n’est pas public/);
    // The columns after content_en, in the same sentences as the endpoint and the Sheet's menu.
    expect(block(6)).toMatch(/^6 {6}programmé {3}Note programmée\n/);
    expect(block(6)).toContain('• Programmé pour le lundi 5 janvier 2099, à 8 h 30 (heure de');
    expect(block(6)).toContain('• La colonne auteur contient « Claire Martin », qui ne correspond');
    expect(block(6)).not.toContain('Adresse :');
  });

  it('prints the same report as the endpoint with --json; no preview without the secret', async () => {
    const { code, stdout } = await check({}, ['--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { rows: { row: number; previewUrl: string | null }[] };
    expect(report.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6]);
    expect(report.rows.every((row) => row.previewUrl === null)).toBe(true);
    const table = await check({});
    expect(table.stdout).toContain('REVALIDATE_SECRET n’est pas défini : pas d’adresses d’aperçu.');
    expect(table.stdout).not.toContain('Aperçu :');
  });

  it('lists the rows whose state the whole-word rule changes, before the table', async () => {
    const { stdout: before } = await check({});
    expect(before).toContain('Règle des mots entiers : aucune ligne ne change d’état.');
    const statuts = [
      'En cours de rédaction',
      'En attente de validation',
      'À relire',
      'OK',
      'Version 1',
      'Publié le 3 mai',
      'À publier',
    ];
    sheet.set({
      kind: 'rows',
      rows: statuts.map((statut, i) => ({ titre: `Article ${i + 1}`, contenu: 'x', statut })),
    });
    const { code, stdout } = await check({});
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const from = lines.indexOf('Règle des mots entiers : 3 lignes changent d’état.');
    expect(from).toBeGreaterThan(0);
    expect(lines.slice(from + 1, from + 4)).toEqual([
      '  Ligne 2 « Article 1 », statut « En cours de rédaction » : publiée avant, non publiée désormais.',
      '  Ligne 3 « Article 2 », statut « En attente de validation » : publiée avant, non publiée désormais.',
      '  Ligne 6 « Article 5 », statut « Version 1 » : publiée avant, non publiée désormais.',
    ]);
    // The table after it says the same, and which word publishes the rows still online.
    expect(stdout).toContain('7 lignes : 3 en ligne, 4 non publiées');
    expect(stdout.indexOf('Ligne  État')).toBeGreaterThan(stdout.indexOf(lines[from] ?? ''));
    expect(stdout).toContain('Publié par le mot «\u00a0OK\u00a0» du statut');
    expect(stdout).toContain('Publié par le mot «\u00a0Publié\u00a0» du statut');
    expect(stdout).toContain('Publié par le mot «\u00a0publier\u00a0» du statut');
    expect(stdout).toContain('• Le statut « En cours de rédaction » n’est pas un statut');
  });

  it('says in French why the sheet cannot be read, and exits 1', async () => {
    sheet.set({ kind: 'status', status: 404 });
    const { code, stdout, stderr } = await check({});
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('La feuille Google répond par une erreur (404).');
  });
});
