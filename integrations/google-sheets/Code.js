/**
 * Sorel Aubry Avocats — the "Site web" menu of the articles sheet (Google Apps Script, V8).
 *
 * Paste this file into Extensions > Apps Script as Code.gs, and Sidebar.html beside it; see
 * README.md in this folder. The site's address and its secret live in the script's properties
 * (Project settings > Script properties: SITE_URL and REVALIDATE_SECRET), never in a cell: anyone
 * who can read the sheet could read a cell. Names ending in "_" are private to the script (Apps
 * Script does not offer them as menu actions).
 */

/** Adds the menu when the sheet opens. */
function onOpen() {
  SpreadsheetApp.getUi()
    .createMenu('Site web')
    .addItem('Publier maintenant', 'publishNow')
    .addItem('Vérifier les articles', 'checkArticles')
    .addItem('Aperçu de la ligne sélectionnée', 'previewSelectedRow')
    .addItem('Envoyer aux abonnés…', 'sendToSubscribers')
    .addToUi();
}

/** Publier maintenant: the site reads the sheet at once instead of within 5 minutes. */
function publishNow() {
  withMessages_('Publier maintenant', () => {
    const answer = askSite_('post', '/api/revalidate');
    const count = answer.articles;
    const articles = count === 1 ? '1 article est publié' : `${count} articles sont publiés`;
    const zone = timeZoneWarning_();
    alert_(
      'Publier maintenant',
      `C’est fait : le site affiche la feuille telle qu’elle est maintenant. ${articles}.${zone ? `\n\n${zone}` : ''}`,
    );
  });
}

/** Vérifier les articles: the row report in a sidebar, rows to look at first. */
function checkArticles() {
  withMessages_('Vérifier les articles', () => {
    const report = askSite_('get', '/api/articles/report');
    const template = HtmlService.createTemplateFromFile('Sidebar');
    template.body = reportHtml_(report);
    SpreadsheetApp.getUi().showSidebar(template.evaluate().setTitle('Articles du site'));
  });
}

/** Aperçu de la ligne sélectionnée: the preview links of the row the cursor is on. */
function previewSelectedRow() {
  withMessages_('Aperçu', () => {
    const entry = selectedEntry_(
      'Aperçu de la ligne sélectionnée',
      'il n’y a pas d’article à prévisualiser',
    );
    if (!entry.previewUrl)
      throw userError_(
        `La ligne ${entry.row} n’a pas d’aperçu. ${entry.reasons.join(' ') || 'Donnez-lui un titre.'}`,
      );
    const page = HtmlService.createHtmlOutput(previewHtml_(entry)).setWidth(460).setHeight(320);
    SpreadsheetApp.getUi().showModalDialog(page, `Aperçu de la ligne ${entry.row}`);
  });
}

/**
 * Envoyer aux abonnés…: the sidebar of the selected row's letter (LettersSidebar.html), read from
 * the sheet afresh by the site: the letter in each language, the subscribers, the send's state,
 * and its buttons, which call lettersAction.
 */
function sendToSubscribers() {
  withMessages_('Envoyer aux abonnés', () => {
    const entry = selectedEntry_('Envoyer aux abonnés…');
    if (!entry.slug)
      throw userError_(
        `La ligne ${entry.row} n’a pas d’adresse sur le site : donnez-lui un titre.`,
      );
    const view = askSite_('get', `/api/letters/${encodeURIComponent(entry.slug)}`);
    const template = HtmlService.createTemplateFromFile('LettersSidebar');
    // Into a <script>: no "<" can close it.
    template.data = JSON.stringify(view).replace(/</g, '\\u003c');
    SpreadsheetApp.getUi().showSidebar(template.evaluate().setTitle('Envoyer aux abonnés'));
  });
}

/**
 * Called by the sidebar's buttons (google.script.run cannot call names ending in "_"): `test`,
 * `send`, `cancel`, `stop`, or `state` to read the state again. Returns what the sidebar shows.
 */
function lettersAction(action, slug) {
  const path = `/api/letters/${encodeURIComponent(slug)}`;
  try {
    const answer =
      action === 'state' ? askSite_('get', path) : askSite_('post', `${path}/${action}`);
    return { ok: true, message: answer.message || answer.state || '', view: answer };
  } catch (error) {
    return {
      ok: false,
      message:
        error && error.forEditor ? error.message : `Erreur inattendue : ${errorText_(error)}`,
    };
  }
}

/** The row report's entry for the row the cursor is on, or a message saying where to click. */
function selectedEntry_(item, nothing = 'il n’y a pas d’article') {
  const sheet = SpreadsheetApp.getActiveSheet();
  if (sheet.getName() !== 'Articles')
    throw userError_(
      `Ouvrez l’onglet « Articles », cliquez sur une cellule de la ligne de l’article, puis choisissez de nouveau « ${item} ».`,
    );
  const row = sheet.getActiveRange().getRow();
  if (row < 2)
    throw userError_(
      'La ligne 1 contient les noms des colonnes. Cliquez sur une cellule de la ligne de l’article.',
    );
  const title = String(sheet.getRange(row, 1).getDisplayValue()).trim();
  const report = askSite_('get', '/api/articles/report');
  const entry = findRow_(report.rows, row, title);
  if (!entry)
    throw userError_(`La ligne ${row} est vide : ${nothing}. Cliquez sur la ligne d’un article.`);
  return entry;
}

/**
 * The report's entry for a sheet row: by number, checked against the title in the sheet; if the
 * site numbered the rows differently, the entry with that title.
 */
function findRow_(rows, row, title) {
  const byNumber = rows.find((entry) => entry.row === row);
  if (byNumber && (!title || byNumber.title === title)) return byNumber;
  return (title && rows.find((entry) => entry.title === title)) || null;
}

/**
 * The site reads every date and time of the sheet as Paris time, and Google sends them in the
 * sheet's own time zone: a warning when that zone is another, or null.
 */
function timeZoneWarning_() {
  const zone = SpreadsheetApp.getActive().getSpreadsheetTimeZone();
  if (zone === 'Europe/Paris') return null;
  return `Le fuseau horaire de la feuille est « ${zone} », pas celui de Paris : le site lit les heures de la colonne publier_le comme des heures de Paris, et un article programmé paraîtrait à une autre heure que prévu. Dans Fichier > Paramètres, choisissez le fuseau horaire « (GMT+01:00) Paris ».`;
}

/** The site's settings from the script properties, or a message saying how to set them. */
function siteSettings_() {
  const properties = PropertiesService.getScriptProperties();
  const siteUrl = String(properties.getProperty('SITE_URL') || '')
    .trim()
    .replace(/\/+$/, '');
  const secret = String(properties.getProperty('REVALIDATE_SECRET') || '').trim();
  const missing = [];
  if (!/^https?:\/\/[^\s/]+$/.test(siteUrl))
    missing.push('SITE_URL : l’adresse du site, par exemple https://www.sorel-aubry-avocats.fr');
  if (!secret) missing.push('REVALIDATE_SECRET : le secret configuré sur le serveur du site');
  if (missing.length > 0)
    throw userError_(
      `Le script ne sait pas encore où est le site. Dans Extensions > Apps Script > Paramètres du projet > Propriétés du script, ajoutez :\n- ${missing.join('\n- ')}`,
    );
  return { siteUrl, secret };
}

/** Calls the site with the secret; returns its JSON answer, or throws a message for the editor. */
function askSite_(method, path) {
  const { siteUrl, secret } = siteSettings_();
  let response;
  try {
    response = UrlFetchApp.fetch(`${siteUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${secret}` },
      muteHttpExceptions: true,
      followRedirects: false,
    });
  } catch (error) {
    throw userError_(
      `Le site ${siteUrl} ne répond pas. Vérifiez l’adresse SITE_URL dans les propriétés du script, puis réessayez dans quelques minutes. (${errorText_(error)})`,
    );
  }
  const status = response.getResponseCode();
  let body = null;
  try {
    body = JSON.parse(response.getContentText());
  } catch {
    body = null;
  }
  if (status === 200 && body) return body;
  if (status === 401)
    throw userError_(
      'Le site refuse le secret du script. Le secret REVALIDATE_SECRET des propriétés du script doit être exactement celui configuré sur le serveur du site ; s’il a été changé, demandez le nouveau et remplacez-le.',
    );
  if (status === 502 && body && body.message) throw userError_(body.message);
  // The letters' endpoints say in French why they refused (sent before, nothing to cancel…).
  if ((status === 409 || (status === 404 && body && body.error)) && body && body.message)
    throw userError_(body.message);
  if (status === 404 || status === 405 || (status >= 300 && status < 400))
    throw userError_(
      `L’adresse ${siteUrl} ne semble pas être celle du site (réponse ${status}). Vérifiez SITE_URL dans les propriétés du script.`,
    );
  throw userError_(
    `Le site a répondu par une erreur (${status}). Réessayez dans quelques minutes ; si l’erreur reste, prévenez la personne qui s’occupe du site.`,
  );
}

/** Runs an action; any problem ends in a plain message box, never in a script error. */
function withMessages_(title, action) {
  try {
    action();
  } catch (error) {
    alert_(
      title,
      error && error.forEditor ? error.message : `Erreur inattendue : ${errorText_(error)}`,
    );
  }
}

function userError_(message) {
  const error = new Error(message);
  error.forEditor = true;
  return error;
}

function errorText_(error) {
  return error && error.message ? error.message : String(error);
}

function alert_(title, message) {
  const ui = SpreadsheetApp.getUi();
  ui.alert(title, message, ui.ButtonSet.OK);
}

/** Text for HTML: every value from the sheet or the site goes through here. */
function escapeHtml_(value) {
  return String(value === null || value === undefined ? '' : value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A link to an http(s) address (escaped), opening in a new tab; nothing for any other value. */
function link_(address, label) {
  if (typeof address !== 'string' || !/^https?:\/\//.test(address)) return '';
  return `<a href="${escapeHtml_(address)}" target="_blank" rel="noopener">${escapeHtml_(label)}</a>`;
}

function rowHtml_(entry) {
  const state = entry.published
    ? '<span class="state on">en ligne</span>'
    : entry.scheduledFor
      ? '<span class="state off">programmé</span>'
      : '<span class="state off">non publié</span>';
  const reasons = entry.reasons.length
    ? `<ul class="reasons">${entry.reasons.map((reason) => `<li>${escapeHtml_(reason)}</li>`).join('')}</ul>`
    : '';
  const links = [
    link_(entry.previewUrl, 'Aperçu'),
    link_(entry.previewUrlEn, 'Aperçu anglais'),
    link_(entry.url, 'Voir en ligne'),
  ].filter(Boolean);
  return [
    '<li class="row">',
    `<p class="head"><span class="number">Ligne ${escapeHtml_(entry.row)}</span> ${state}</p>`,
    `<p class="title">${entry.title ? escapeHtml_(entry.title) : '<em>(sans titre)</em>'}</p>`,
    typeof entry.publishedBy === 'string'
      ? `<p class="by">Publié par ${escapeHtml_(entry.publishedBy)}</p>`
      : '',
    reasons,
    links.length ? `<p class="links">${links.join(' · ')}</p>` : '',
    '</li>',
  ].join('');
}

/** The sidebar's content: a summary, then the rows to look at, then the rows that are fine. */
function reportHtml_(report) {
  const rows = report.rows;
  const toReview = rows.filter((entry) => entry.reasons.length > 0);
  const fine = rows.filter((entry) => entry.reasons.length === 0);
  const online = rows.filter((entry) => entry.published).length;
  const parts = [
    `<p class="summary">${rows.length} lignes : ${online} en ligne, ${rows.length - online} non publiées.</p>`,
  ];
  const zone = timeZoneWarning_();
  if (zone) parts.push(`<p class="note">${escapeHtml_(zone)}</p>`);
  if (report.imagesNotChecked > 0)
    parts.push(
      `<p class="note">${escapeHtml_(report.imagesNotChecked)} images n’ont pas pu être vérifiées à temps : relancez « Vérifier les articles ».</p>`,
    );
  parts.push(
    `<h2>À revoir (${toReview.length})</h2>`,
    toReview.length
      ? `<ol class="rows">${toReview.map(rowHtml_).join('')}</ol>`
      : '<p>Aucune ligne à revoir.</p>',
    `<h2>Sans remarque (${fine.length})</h2>`,
    fine.length ? `<ol class="rows">${fine.map(rowHtml_).join('')}</ol>` : '<p>Aucune.</p>',
  );
  return parts.join('\n');
}

/** The preview dialog of one row: its title, what is not quite right, and the two links. */
function previewHtml_(entry) {
  const reasons = entry.reasons.length
    ? `<ul>${entry.reasons.map((reason) => `<li>${escapeHtml_(reason)}</li>`).join('')}</ul>`
    : '';
  return [
    '<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">',
    `<p><strong>${escapeHtml_(entry.title)}</strong></p>`,
    reasons,
    `<p>${link_(entry.previewUrl, 'Ouvrir l’aperçu en français')}</p>`,
    `<p>${link_(entry.previewUrlEn, 'Ouvrir l’aperçu en anglais')}</p>`,
    entry.published ? `<p>Cet article est déjà en ligne : ${link_(entry.url, 'le voir')}.</p>` : '',
    '<p>Ce lien peut être transmis à un collègue : il montre l’article tel qu’il sera publié, tant que le secret du site ne change pas.</p>',
    '</div>',
  ].join('');
}
