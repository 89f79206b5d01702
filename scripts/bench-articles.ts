/**
 * npm run bench:articles — renders the article list and an article page from a local sheet of
 * 10, 100 and 1,000 rows and prints the HTML size and the server time per request (median and
 * 95th percentile of sequential requests over loopback). Needs a prior `npm run build`.
 * Not a test: it prints figures, it does not judge them.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { gvizBody, type SheetRow } from '../harness/sheet-server';
import { freePort, waitForHttp } from '../harness/ports';

const root = path.resolve(__dirname, '..');
const SIZES = [10, 100, 1000];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const SECRET = 'bench-secret';

const paragraph =
  "L'employeur informe le salarié dans le mois qui suit la reprise du travail. Cette information peut passer par le bulletin de paie, sous réserve d'être claire et datée.";

function rowsOf(count: number): SheetRow[] {
  return Array.from({ length: count }, (_, i) => ({
    titre: `Note de veille ${i + 1} : congés payés et arrêt maladie`,
    resume: `Résumé de la note ${i + 1}. ${paragraph}`,
    image:
      i % 3 === 0
        ? `https://images.unsplash.com/photo-${1500000000000 + i}?auto=format&fit=crop`
        : null,
    categorie: 'Veille',
    contenu: `## Partie ${i + 1}\n\n${paragraph}\n\n- point un\n- point deux\n\n${paragraph}\n\n[Légifrance](https://www.legifrance.gouv.fr)`,
    statut: i % 10 === 9 ? 'Brouillon' : 'Publié',
    date: `Date(${2015 + (i % 10)},${i % 12},${(i % 27) + 1})`,
    tags: ['Congés payés', 'Temps de travail', 'Licenciement', 'Égalité professionnelle', 'Veille'][
      i % 5
    ],
    title_en: `Watch note ${i + 1}: paid leave and sick leave`,
    summary_en: null,
    content_en: null,
  }));
}

async function measure(url: string) {
  const times: number[] = [];
  let bytes = 0;
  await (await fetch(url)).text(); // warm-up
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { bytes, median: at(0.5), p95: at(0.95) };
}

async function main() {
  let body = gvizBody([]);
  const sheet = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/javascript' });
    res.end(body);
  });
  const sheetPort = await freePort();
  await new Promise<void>((r) => sheet.listen(sheetPort, '127.0.0.1', r));

  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const site = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
      ARTICLES_SHEET_URL: `http://127.0.0.1:${sheetPort}/gviz`,
      REVALIDATE_SECRET: SECRET,
    },
    stdio: 'ignore',
  });

  try {
    await waitForHttp(`${site}/robots.txt`);
    console.log(`articles benchmark: ${REQUESTS} sequential requests per address, times in ms`);
    console.log('rows   page                          HTML bytes   median     p95');
    for (const size of SIZES) {
      body = gvizBody(rowsOf(size));
      const revalidated = await fetch(`${site}/api/revalidate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
      });
      if (!revalidated.ok) throw new Error(`revalidate answered ${revalidated.status}`);
      for (const [label, address] of [
        ['list /fr/blog', '/fr/blog'],
        ['list /en/blog?page=2', '/en/blog?page=2'],
        ['article /fr/blog/{slug}', '/fr/blog/note-de-veille-1-conges-payes-et-arret-maladie'],
      ] as const) {
        const { bytes, median, p95 } = await measure(`${site}${address}`);
        console.log(
          `${String(size).padEnd(6)} ${label.padEnd(29)} ${String(bytes).padStart(10)} ${median.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(7)}`,
        );
      }
    }
  } finally {
    child.kill('SIGTERM');
    sheet.close();
  }
}

void main();
