/**
 * npm run articles:check — the row report of the articles sheet, as a table: for each row its
 * number in the sheet, whether it is online, and why not (or what is not quite right), with its
 * addresses. Reads the configured sheet (ARTICLES_SHEET_URL or ARTICLES_SHEET_ID, .env read when
 * present), or the sample sheet, with the same code as the site and GET /api/articles/report.
 * Preview addresses need REVALIDATE_SECRET. `-- --json` prints the report as the endpoint does.
 * Exits 1 when the sheet cannot be read. Before the table, the rows whose state the whole-word
 * rule changes (docs/behaviour.md, Articles): the operator runs it before releasing that rule.
 */
import { existsSync } from 'node:fs';
import type { SheetReading } from '@/lib/articles/normalise';
import { isPublished, publishedBeforeWholeWords } from '@/lib/articles/published';
import { articleReport, describeSheetFailure, type ArticleReport } from '@/lib/articles/report';
import { loadSheet, sheetSource } from '@/lib/articles/source';
import { readConfig } from '@/lib/config';

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The report as a table; each row's reasons and addresses follow it, indented under the title. */
function reportTable(report: ArticleReport, width = 100): string {
  const online = report.rows.filter((row) => row.published).length;
  const toReview = report.rows.filter((row) => row.reasons.length > 0).length;
  const indent = ' '.repeat(19);
  const room = Math.max(40, width - indent.length);
  const out = [
    `${report.rows.length} lignes : ${online} en ligne, ${report.rows.length - online} non publiées ; ${toReview} à revoir.`,
  ];
  if (report.imagesNotChecked > 0)
    out.push(
      `${report.imagesNotChecked} images n’ont pas pu être vérifiées à temps : relancez la vérification.`,
    );
  out.push(
    '',
    `${'Ligne'.padEnd(7)}${'État'.padEnd(12)}Titre`,
    `${'-'.repeat(5)}  ${'-'.repeat(10)}  ${'-'.repeat(room)}`,
  );
  for (const row of report.rows) {
    const title = row.title || '(sans titre)';
    const state = row.published ? 'en ligne' : row.scheduledFor ? 'programmé' : 'non publié';
    out.push(`${String(row.row).padEnd(7)}${state.padEnd(12)}${title}`);
    for (const reason of row.reasons) {
      const [first = '', ...rest] = wrap(reason, room - 2);
      out.push(`${indent}• ${first}`, ...rest.map((line) => `${indent}  ${line}`));
    }
    if (row.publishedBy) out.push(`${indent}Publié par ${row.publishedBy}`);
    if (row.url) out.push(`${indent}Adresse : ${row.url}`);
    if (row.previewUrl) out.push(`${indent}Aperçu : ${row.previewUrl}`);
  }
  return out.join('\n');
}

/**
 * The titled rows whose statut publishes under one of the two rules and not the other: before
 * whole words, "En cours de rédaction" published through ON and "Version 1" through 1.
 */
function wholeWordChanges(reading: SheetReading): string {
  const changed = reading.rows.filter(
    ({ article, statut }) => article && isPublished(statut) !== publishedBeforeWholeWords(statut),
  );
  if (changed.length === 0) return 'Règle des mots entiers : aucune ligne ne change d’état.';
  const lines = changed.map(({ row, article, statut }) => {
    const now = isPublished(statut) ? 'publiée' : 'non publiée';
    const before = publishedBeforeWholeWords(statut) ? 'publiée' : 'non publiée';
    return `  Ligne ${row} « ${article?.title ?? ''} », statut « ${String(statut).trim()} » : ${before} avant, ${now} désormais.`;
  });
  return [
    `Règle des mots entiers : ${changed.length} ${changed.length > 1 ? 'lignes changent' : 'ligne change'} d’état.`,
    ...lines,
  ].join('\n');
}

async function main(): Promise<number> {
  for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);
  let settings;
  try {
    settings = readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  const source = sheetSource(settings);
  const loadedAt = Date.now();
  let reading;
  try {
    reading = await loadSheet(source);
  } catch (error) {
    console.error(describeSheetFailure(error, false));
    return 1;
  }
  const report = await articleReport(
    reading,
    { siteUrl: settings.SITE_URL, secret: settings.REVALIDATE_SECRET, loadedAt },
    { via: settings.ARTICLE_IMAGE_ORIGIN },
  );
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return 0;
  }
  const where = source.kind === 'url' ? source.url : 'la feuille d’exemple intégrée au site';
  console.log(`Feuille lue : ${where}`);
  if (!settings.REVALIDATE_SECRET)
    console.log('REVALIDATE_SECRET n’est pas défini : pas d’adresses d’aperçu.');
  console.log(wholeWordChanges(reading));
  console.log(reportTable(report, process.stdout.columns || 100));
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
