import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseGviz } from '@/lib/articles/gviz';
import { readSheet } from '@/lib/articles/normalise';
import { buildArticleReport, type ArticleReport } from '@/lib/articles/report';
import { gvizBody, type SheetRow } from '@/harness/sheet-server';

/**
 * The bound Apps Script, run as Apps Script runs it: the file evaluated as a plain script, with
 * stand-ins for the services it calls (SpreadsheetApp and its Ui, UrlFetchApp, PropertiesService,
 * HtmlService) that record what the editor would see. The site's answers are built by the site's
 * own report code, so the script is tested against the JSON the site really sends.
 */
const code = readFileSync(path.join(__dirname, 'Code.js'), 'utf8');
const sidebarFile = readFileSync(path.join(__dirname, 'Sidebar.html'), 'utf8');
const lettersSidebarFile = readFileSync(path.join(__dirname, 'LettersSidebar.html'), 'utf8');

const SITE = 'https://www.sorel-aubry-avocats.fr';
const SECRET = 'le-secret-du-site';

interface SiteAnswer {
  status: number;
  body: unknown;
}
type Site = (request: {
  url: string;
  method: string;
  headers: Record<string, string>;
}) => SiteAnswer;

class HtmlOutput {
  title = '';
  size: [number, number] = [0, 0];
  constructor(readonly content: string) {}
  setTitle(title: string) {
    this.title = title;
    return this;
  }
  setWidth(width: number) {
    this.size[0] = width;
    return this;
  }
  setHeight(height: number) {
    this.size[1] = height;
    return this;
  }
}

function appsScript({
  properties = { SITE_URL: `${SITE}/`, REVALIDATE_SECRET: SECRET },
  site = () => ({ status: 500, body: {} }),
  sheet = { name: 'Articles', activeRow: 2, titles: {} as Record<number, string> },
  timeZone = 'Europe/Paris',
}: {
  properties?: Record<string, string>;
  site?: Site | (() => never);
  sheet?: { name: string; activeRow: number; titles: Record<number, string> };
  /** The spreadsheet's time zone (File > Settings). */
  timeZone?: string;
} = {}) {
  const alerts: { title: string; message: string }[] = [];
  const sidebars: HtmlOutput[] = [];
  const dialogs: { output: HtmlOutput; title: string }[] = [];
  const requests: { url: string; method: string; headers: Record<string, string> }[] = [];
  const menus: { name: string; items: [string, string][] }[] = [];
  const ui = {
    ButtonSet: { OK: 'OK' },
    alert: (title: string, message: string) => alerts.push({ title, message }),
    showSidebar: (output: HtmlOutput) => sidebars.push(output),
    showModalDialog: (output: HtmlOutput, title: string) => dialogs.push({ output, title }),
    createMenu: (name: string) => {
      const menu = { name, items: [] as [string, string][] };
      const builder = {
        addItem: (label: string, action: string) => {
          menu.items.push([label, action]);
          return builder;
        },
        addToUi: () => menus.push(menu),
      };
      return builder;
    },
  };
  const context = vm.createContext({
    SpreadsheetApp: {
      getUi: () => ui,
      getActive: () => ({ getSpreadsheetTimeZone: () => timeZone }),
      getActiveSheet: () => ({
        getName: () => sheet.name,
        getActiveRange: () => ({ getRow: () => sheet.activeRow }),
        getRange: (row: number, column: number) => ({
          getDisplayValue: () => (column === 1 ? (sheet.titles[row] ?? '') : ''),
        }),
      }),
    },
    PropertiesService: {
      getScriptProperties: () => ({ getProperty: (key: string) => properties[key] ?? null }),
    },
    UrlFetchApp: {
      fetch: (
        url: string,
        options: { method: string; headers: Record<string, string>; muteHttpExceptions: boolean },
      ) => {
        // Without muteHttpExceptions, Apps Script would throw on 4xx/5xx instead of answering.
        expect(options.muteHttpExceptions).toBe(true);
        const request = { url, method: options.method, headers: options.headers };
        requests.push(request);
        const answer = site(request);
        return {
          getResponseCode: () => answer.status,
          getContentText: () =>
            typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
        };
      },
    },
    HtmlService: {
      createHtmlOutput: (html: string) => new HtmlOutput(html),
      createTemplateFromFile: (name: string) => {
        if (name === 'LettersSidebar') {
          const letters = {
            data: '',
            evaluate: () =>
              new HtmlOutput(lettersSidebarFile.replace('<?!= data ?>', letters.data)),
          };
          return letters;
        }
        expect(name).toBe('Sidebar');
        const template = {
          body: '',
          // Sidebar.html holds one force-printing scriptlet, for the already escaped body.
          evaluate: () => new HtmlOutput(sidebarFile.replace('<?!= body ?>', template.body)),
        };
        return template;
      },
    },
  });
  vm.runInContext(code, context, { filename: 'Code.js' });
  const evaluate = (expression: string): unknown => vm.runInContext(expression, context);
  const run = (name: string) => evaluate(`${name}()`);
  return { run, evaluate, alerts, sidebars, dialogs, requests, menus };
}

/** The report the site sends for these rows (lib/articles/report.ts), with its real tokens. */
function siteReport(rows: SheetRow[]): ArticleReport {
  return buildArticleReport(readSheet(parseGviz(gvizBody(rows, { shape: 'labels' }))), new Map(), {
    siteUrl: SITE,
    secret: SECRET,
    loadedAt: Date.now(),
  });
}

const rows: SheetRow[] = [
  { titre: 'Congés payés', contenu: 'x', statut: 'Publié' },
  { titre: 'Projet <img src=x onerror="alert(1)">', contenu: 'x', statut: 'Brouillon' },
  { resume: 'Ligne sans titre', statut: 'Publié' },
  { titre: 'Photo', contenu: 'x', statut: 'Publié', image: 'https://example.com/<script>.jpg' },
];
const report = siteReport(rows);
const reportSite: Site = () => ({ status: 200, body: report });

describe('the "Site web" menu', () => {
  it('is added when the sheet opens, with its four actions', () => {
    const script = appsScript();
    script.run('onOpen');
    expect(script.menus).toEqual([
      {
        name: 'Site web',
        items: [
          ['Publier maintenant', 'publishNow'],
          ['Vérifier les articles', 'checkArticles'],
          ['Aperçu de la ligne sélectionnée', 'previewSelectedRow'],
          ['Envoyer aux abonnés…', 'sendToSubscribers'],
        ],
      },
    ]);
    // Each item names a function the script defines.
    for (const [, action] of script.menus[0]?.items ?? [])
      expect(script.evaluate(`typeof ${action}`)).toBe('function');
  });
});

describe('Publier maintenant', () => {
  it('asks the site to read the sheet now, with the secret, and says how many articles are online', () => {
    const script = appsScript({
      site: () => ({ status: 200, body: { revalidated: true, articles: 7, loadedAt: '' } }),
    });
    script.run('publishNow');
    expect(script.requests).toEqual([
      {
        url: `${SITE}/api/revalidate`,
        method: 'post',
        headers: { Authorization: `Bearer ${SECRET}` },
      },
    ]);
    expect(script.alerts).toEqual([
      {
        title: 'Publier maintenant',
        message:
          'C’est fait : le site affiche la feuille telle qu’elle est maintenant. 7 articles sont publiés.',
      },
    ]);
  });

  it('explains a refused secret, a sheet the site cannot read, a wrong address, a site that is down', () => {
    const cases: [Site, RegExp][] = [
      [
        () => ({ status: 401, body: { error: 'unauthorized' } }),
        /^Le site refuse le secret du script/,
      ],
      [
        () => ({
          status: 502,
          body: { error: 'x', message: 'La feuille Google refuse l’accès (erreur 403).' },
        }),
        /^La feuille Google refuse l’accès \(erreur 403\)\.$/,
      ],
      [() => ({ status: 404, body: '<html>' }), /ne semble pas être celle du site \(réponse 404\)/],
      [() => ({ status: 503, body: '' }), /^Le site a répondu par une erreur \(503\)/],
      [
        () => {
          throw new Error('Address unavailable: https://www.sorel-aubry-avocats.fr');
        },
        /^Le site https:\/\/www\.sorel-aubry-avocats\.fr ne répond pas\..*\(Address unavailable/,
      ],
    ];
    for (const [site, message] of cases) {
      const script = appsScript({ site });
      script.run('publishNow');
      expect(script.alerts).toHaveLength(1);
      expect(script.alerts[0]?.message).toMatch(message);
    }
  });

  it('without the site’s address or secret in the script properties, says where to put them', () => {
    const script = appsScript({ properties: { SITE_URL: 'www.example.fr' } });
    script.run('publishNow');
    expect(script.requests).toEqual([]);
    const message = script.alerts[0]?.message ?? '';
    expect(message).toContain('Propriétés du script');
    expect(message).toContain('- SITE_URL : l’adresse du site');
    expect(message).toContain('- REVALIDATE_SECRET : le secret configuré sur le serveur du site');
  });
});

describe('Vérifier les articles', () => {
  it('shows the report in a sidebar, rows to look at first, with their preview links', () => {
    const script = appsScript({ site: reportSite });
    script.run('checkArticles');
    expect(script.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `get ${SITE}/api/articles/report`,
    ]);
    expect(script.alerts).toEqual([]);
    const sidebar = script.sidebars[0];
    expect(sidebar?.title).toBe('Articles du site');
    const html = sidebar?.content ?? '';
    expect(html).toContain('<p class="summary">4 lignes : 2 en ligne, 2 non publiées.</p>');
    const order = ['Ligne 3', 'Ligne 4', 'Ligne 5', 'Sans remarque (1)', 'Ligne 2'].map((text) =>
      html.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('À revoir (3)');
    // What in the statut publishes a row, as the site names it (short words only as whole words).
    expect(html).toContain('<p class="by">Publié par le mot «\u00a0Publié\u00a0» du statut</p>');
    expect(html.match(/class="by"/g)).toHaveLength(2);
    for (const reason of report.rows.flatMap((row) => row.reasons))
      expect(html).toContain(reason.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    const draft = report.rows[1];
    expect(html).toContain(
      `<a href="${draft?.previewUrl}" target="_blank" rel="noopener">Aperçu</a> · <a href="${draft?.previewUrlEn}" target="_blank" rel="noopener">Aperçu anglais</a>`,
    );
    expect(html).toContain(
      `<a href="${report.rows[0]?.url}" target="_blank" rel="noopener">Voir en ligne</a>`,
    );
  });

  it('escapes every value from the sheet', () => {
    const script = appsScript({ site: reportSite });
    script.run('checkArticles');
    const html = script.sidebars[0]?.content ?? '';
    expect(html).toContain('Projet &lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('https://example.com/&lt;script&gt;.jpg');
    expect(html).not.toMatch(/<img|<script/);
    // Nothing but http(s) addresses becomes a link.
    const hostile = siteReport([{ titre: 'A', statut: 'Publié', contenu: 'x' }]);
    const entry = hostile.rows[0];
    if (entry) entry.url = 'javascript:alert(1)';
    const second = appsScript({ site: () => ({ status: 200, body: hostile }) });
    second.run('checkArticles');
    expect(second.sidebars[0]?.content).not.toContain('javascript:');
  });

  it('notes the images the site had no time to check', () => {
    const script = appsScript({
      site: () => ({ status: 200, body: { ...report, imagesNotChecked: 3 } }),
    });
    script.run('checkArticles');
    expect(script.sidebars[0]?.content).toContain(
      '3 images n’ont pas pu être vérifiées à temps : relancez « Vérifier les articles ».',
    );
  });
});

describe('the columns after content_en', () => {
  const desk = siteReport([
    {
      titre: 'Note programmée',
      contenu: 'x',
      statut: 'Publié',
      auteur: 'Claire Martin',
      publier_le: 'Date(2099,0,5,8,30,0)',
    },
  ]);

  it('shows a scheduled row as such, with the site’s sentences', () => {
    const script = appsScript({ site: () => ({ status: 200, body: desk }) });
    script.run('checkArticles');
    const html = script.sidebars[0]?.content ?? '';
    expect(html).toContain('<span class="state off">programmé</span>');
    expect(html).toContain('Programmé pour le lundi 5 janvier 2099, à 8\u00a0h\u00a030');
    expect(html).toContain('La colonne auteur contient «\u00a0Claire Martin\u00a0»');
    expect(html).not.toContain('class="note"');
  });

  it('warns when the sheet’s time zone is not Paris’s, in the sidebar and after publishing', () => {
    const warning = 'Le fuseau horaire de la feuille est « America/New_York », pas celui de Paris';
    const check = appsScript({
      site: () => ({ status: 200, body: desk }),
      timeZone: 'America/New_York',
    });
    check.run('checkArticles');
    expect(check.sidebars[0]?.content).toContain(`<p class="note">${warning}`);
    const publish = appsScript({
      site: () => ({ status: 200, body: { revalidated: true, articles: 1, loadedAt: '' } }),
      timeZone: 'America/New_York',
    });
    publish.run('publishNow');
    expect(publish.alerts[0]?.message).toContain(warning);
    expect(publish.alerts[0]?.message).toContain('Fichier > Paramètres');
  });
});

describe('Aperçu de la ligne sélectionnée', () => {
  const titles = { 2: 'Congés payés', 3: 'Projet <img src=x onerror="alert(1)">', 5: 'Photo' };

  it('opens a dialog with the preview links of the row under the cursor', () => {
    const script = appsScript({
      site: reportSite,
      sheet: { name: 'Articles', activeRow: 3, titles },
    });
    script.run('previewSelectedRow');
    expect(script.alerts).toEqual([]);
    const dialog = script.dialogs[0];
    expect(dialog?.title).toBe('Aperçu de la ligne 3');
    const draft = report.rows[1];
    expect(dialog?.output.content).toContain(`href="${draft?.previewUrl}"`);
    expect(dialog?.output.content).toContain(`href="${draft?.previewUrlEn}"`);
    expect(dialog?.output.content).toContain('Projet &lt;img');
    expect(dialog?.output.content).toContain('Le statut «\u00a0Brouillon\u00a0»');
  });

  it('finds the row by its title when the site numbered the rows differently', () => {
    const script = appsScript({
      site: reportSite,
      sheet: { name: 'Articles', activeRow: 9, titles: { 9: 'Photo' } },
    });
    script.run('previewSelectedRow');
    expect(script.dialogs[0]?.output.content).toContain(`href="${report.rows[3]?.previewUrl}"`);
  });

  it('says what to do on another tab, on the header row, on an empty row, on a row without a title', () => {
    const cases: [{ name: string; activeRow: number }, RegExp][] = [
      [{ name: 'Feuille 2', activeRow: 3 }, /^Ouvrez l’onglet « Articles »/],
      [{ name: 'Articles', activeRow: 1 }, /^La ligne 1 contient les noms des colonnes/],
      [{ name: 'Articles', activeRow: 40 }, /^La ligne 40 est vide/],
      [
        { name: 'Articles', activeRow: 4 },
        /^La ligne 4 n’a pas d’aperçu\. La colonne titre est vide/,
      ],
    ];
    for (const [sheet, message] of cases) {
      const script = appsScript({ site: reportSite, sheet: { ...sheet, titles } });
      script.run('previewSelectedRow');
      expect(script.dialogs).toEqual([]);
      expect(script.alerts[0]?.message).toMatch(message);
    }
  });
});

describe('Sidebar.html', () => {
  it('prints nothing but the escaped body: no other scriptlet', () => {
    expect(sidebarFile.match(/<\?/g)).toEqual(['<?']);
    expect(sidebarFile).toContain('<?!= body ?>');
  });
});

describe('Envoyer aux abonnés…', () => {
  const slug = report.rows[0]!.slug;
  const view = {
    slug,
    title: 'Congés payés </script><script>alert(1)</script>',
    online: true,
    publishAt: null,
    letters: { fr: { subject: 'a', text: 'b' }, en: { subject: 'c', text: 'd' } },
    subscribers: { fr: 2, en: 1, total: 3 },
    send: { state: 'none' },
    state: 'Cet article n’a pas encore été envoyé aux abonnés.',
  };

  it('opens the sidebar of the row under the cursor with the site’s view, which no value can break out of', () => {
    const script = appsScript({
      sheet: { name: 'Articles', activeRow: 2, titles: { 2: 'Congés payés' } },
      site: (request) =>
        request.url.endsWith('/api/articles/report')
          ? { status: 200, body: report }
          : { status: 200, body: view },
    });
    script.run('sendToSubscribers');
    expect(script.alerts).toEqual([]);
    expect(script.requests.map((request) => request.url)).toEqual([
      `${SITE}/api/articles/report`,
      `${SITE}/api/letters/${slug}`,
    ]);
    const html = script.sidebars[0]!.content;
    expect(html).not.toContain('</script><script>alert(1)');
    const data = /let view = (.*);\n/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual(view);
  });

  it('posts each button’s action with the secret, and shows the site’s refusal in its words', () => {
    const refusal = 'Cet article a déjà été envoyé aux abonnés.';
    const script = appsScript({
      site: (request) =>
        request.url.endsWith('/send')
          ? { status: 409, body: { error: 'already-sent', message: refusal } }
          : { status: 200, body: { message: 'Essai envoyé.' } },
    });
    expect(script.evaluate(`lettersAction('test', ${JSON.stringify(slug)})`)).toMatchObject({
      ok: true,
      message: 'Essai envoyé.',
    });
    expect(script.evaluate(`lettersAction('send', ${JSON.stringify(slug)})`)).toEqual({
      ok: false,
      message: refusal,
    });
    expect(script.requests.map(({ url, method, headers }) => [url, method, headers])).toEqual([
      [`${SITE}/api/letters/${slug}/test`, 'post', { Authorization: `Bearer ${SECRET}` }],
      [`${SITE}/api/letters/${slug}/send`, 'post', { Authorization: `Bearer ${SECRET}` }],
    ]);
  });
});
