import 'server-only';
import { formatArticleDate, articleHref } from '@/lib/articles/format';
import type { Locale } from '@/lib/i18n/locales';
import { checkImages, type ImageCheck, type ImageCheckOptions } from './image-check';
import { acceptedAuthorForms } from './authors';
import { parisTimeOf } from './dates';
import { articleImageHosts } from './images';
import type { SheetReading } from './normalise';
import { PREVIEW_PARAM, previewToken } from './preview';
import { isOnline, timedIssues } from './publication';
import { isNegativeStatut, publisher } from './published';
import { SHEET_TIMEOUT_MS, type SheetHttpError } from './source';
import type { Article, CellValue, RowIssue } from './types';

/** One row of the row report (GET /api/articles/report, npm run articles:check). */
export interface ReportRow {
  row: number;
  title: string;
  slug: string | null;
  published: boolean;
  /** What in the statut publishes the row, in French ("le mot « OK » du statut"); else null. */
  publishedBy: string | null;
  scheduledFor: string | null;
  /** Plain French, each saying what happened and how to fix it. */
  reasons: string[];
  url: string | null;
  urlEn: string | null;
  /** For every row with a title, when the secret is set. */
  previewUrl: string | null;
  previewUrlEn: string | null;
}

export interface ArticleReport {
  loadedAt: string;
  rows: ReportRow[];
  /** Images the check had no time for (its deadline); asking again checks them. */
  imagesNotChecked: number;
}

const quote = (value: string) => {
  const short = value.length > 80 ? `${value.slice(0, 77)}…` : value;
  return `« ${short} »`;
};

const meanwhile = 'En attendant, les visiteurs voient l’image par défaut du site.';

function statutReason(statut: RowIssue & { kind: 'not-published' }): string {
  const value = statut.statut;
  const how = 'Pour le publier, écrivez « Publié » dans la colonne statut.';
  if (value === null || String(value).trim() === '')
    return `La colonne statut est vide : l’article reste « En attente » et n’est pas en ligne. ${how}`;
  if (value === false)
    return 'La case de la colonne statut n’est pas cochée : l’article n’est pas en ligne. Cochez-la pour le publier.';
  const text = String(value).trim();
  if (typeof value === 'number' || isNegativeStatut(text))
    return `Le statut ${quote(text)} indique de ne pas publier : l’article n’est pas en ligne. ${how}`;
  return `Le statut ${quote(text)} n’est pas un statut de publication : l’article n’est pas en ligne. ${how} (Oui ou OK conviennent aussi, comme mots à part : « OK » publie, « Correction » ne publie pas.)`;
}

/** What in the statut cell publishes its row, as the row report says it; null when nothing does. */
function publishedBy(statut: CellValue): string | null {
  const by = publisher(statut);
  if (!by) return null;
  if (by.kind === 'box') return 'la case cochée de la colonne statut';
  if (by.kind === 'number') return `le nombre ${by.value} de la colonne statut`;
  return `le mot ${quote(by.word)} du statut`;
}

function imageReplacedReason(value: string): string {
  const hosts = 'Google Drive, Unsplash ou Google Photos';
  const fix =
    'Déposez l’image dans Google Drive, partagez-la avec « Tous les utilisateurs disposant du lien », puis collez ce lien dans la colonne image.';
  let isAddress = true;
  try {
    new URL(value);
  } catch {
    isAddress = false;
  }
  const what = isAddress
    ? `L’image ${quote(value)} ne vient pas d’un hébergeur accepté par le site (${hosts})`
    : `La colonne image contient ${quote(value)}, qui n’est pas une adresse web`;
  return `${what} : l’image par défaut est affichée à la place. ${fix}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

const nbsp = '\u00a0';

/** '2025-05-12T08:30:00+02:00' as 'lundi 12 mai 2025, à 8 h 30', in Paris time. */
function frenchMoment(iso: string): string {
  const { day, hour, minute } = parisTimeOf(iso);
  const weekday = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return `${weekday} ${formatArticleDate(day, 'fr')}, à ${hour}${nbsp}h${nbsp}${String(minute).padStart(2, '0')}`;
}

function namedColumnReason(issue: RowIssue): string | null {
  switch (issue.kind) {
    case 'author-unknown': {
      const many = issue.unknown.length > 1;
      return `La colonne auteur contient ${list(issue.unknown.map(quote))}, qui ne ${many ? 'correspondent' : 'correspond'} à aucun associé${nbsp}: l’article paraît sans signature. La colonne auteur accepte ${acceptedAuthorForms()}.`;
    }
    case 'cell-unreadable':
      return issue.column === 'a_jour_au'
        ? `La date ${quote(issue.value)} de la colonne a_jour_au n’a pas pu être lue${nbsp}: la mention «${nbsp}À jour au${nbsp}» n’est pas affichée. Écrivez-la sous la forme 06/05/2025, ou choisissez-la dans le calendrier de la cellule.`
        : `La date ${quote(issue.value)} de la colonne publier_le n’a pas pu être lue${nbsp}: l’article n’attend pas, il est en ligne dès que son statut le publie. Écrivez un jour, et si besoin une heure de Paris, sous la forme 12/05/2025 08:30, ou choisissez-les dans le calendrier de la cellule.`;
    case 'law-date-before-date':
      return `La date a_jour_au (${formatArticleDate(issue.lawStatedAt, 'fr')}) est antérieure à la date de l’article (${formatArticleDate(issue.date, 'fr')})${nbsp}: la page affiche «${nbsp}À jour au ${formatArticleDate(issue.lawStatedAt, 'fr')}${nbsp}». Vérifiez l’une des deux dates.`;
    case 'scheduled':
      return `Programmé pour le ${frenchMoment(issue.publishAt)} (heure de Paris)${nbsp}: l’article sera en ligne à ce moment-là, sans autre action. D’ici là, il n’est dans aucune liste et son adresse répond «${nbsp}Article non trouvé${nbsp}»${nbsp}; son aperçu le montre déjà.`;
    case 'law-date-future':
      return `La date a_jour_au (${formatArticleDate(issue.lawStatedAt, 'fr')}) est postérieure à aujourd’hui${nbsp}: la page affiche «${nbsp}À jour au ${formatArticleDate(issue.lawStatedAt, 'fr')}${nbsp}». Si ce n’est pas voulu, corrigez la date.`;
    default:
      return null;
  }
}

function issueReason(issue: RowIssue): string {
  switch (issue.kind) {
    case 'no-title':
      return 'La colonne titre est vide : cette ligne n’est pas un article et n’apparaît nulle part sur le site. Donnez-lui un titre.';
    case 'not-published':
      return statutReason(issue);
    case 'no-content':
      return 'La colonne contenu est vide : la page de l’article n’a aucun texte. Écrivez le texte de l’article dans la colonne contenu.';
    case 'date-unreadable': {
      const instead = issue.sortDate
        ? `l’article paraît sans date, classé d’après la date de son titre (${formatArticleDate(issue.sortDate, 'fr')})`
        : 'l’article paraît sans date, en fin de liste';
      return `La date ${quote(issue.value)} n’a pas pu être lue : ${instead}. Écrivez-la sous la forme 06/05/2025, ou choisissez-la dans le calendrier de la cellule.`;
    }
    case 'image-replaced':
      return imageReplacedReason(issue.value);
    case 'slug-repeated':
      return `Le titre donne la même adresse que celui de la ligne ${issue.firstRow} : le suffixe « ${issue.slug.slice(issue.base.length)} » est ajouté et l’article est à l’adresse /blog/${issue.slug}. Pour une adresse plus claire, changez un peu l’un des deux titres.`;
    case 'english-incomplete': {
      const { missing, filled } = issue;
      const plural = missing.length > 1;
      const columns = (names: readonly string[]) =>
        `${names.length > 1 ? 'les colonnes' : 'la colonne'} ${list(names)}`;
      return `Version anglaise incomplète : ${columns(filled)} ${filled.length > 1 ? 'sont remplies' : 'est remplie'}, mais ${columns(missing)} ${plural ? 'sont vides' : 'est vide'} ; la page anglaise montre ${plural ? 'les textes français' : 'le texte français'} à la place. Remplissez ${list(missing)}.`;
    }
    default:
      return namedColumnReason(issue) ?? '';
  }
}

function imageCheckReason(address: string, check: ImageCheck | undefined): string | null {
  if (!check || check.kind === 'image' || check.kind === 'not-checked') return null;
  const drive = new URL(address).hostname === 'drive.google.com';
  const notPublic =
    'Le fichier Google Drive de l’image n’est pas public : Google répond par une page de connexion, pas par une image. Dans Google Drive, clic droit sur le fichier, « Partager », puis « Accès général » : « Tous les utilisateurs disposant du lien ».';
  switch (check.kind) {
    case 'not-image':
      if (check.contentType.startsWith('image/'))
        return `L’image est dans un format que le site ne sait pas afficher (${check.contentType}). Enregistrez-la en JPEG, PNG ou WebP, puis remplacez le lien. ${meanwhile}`;
      return drive
        ? `${notPublic} ${meanwhile}`
        : `Le lien de l’image mène à une page web (${check.contentType || 'type inconnu'}), pas à une image. Copiez l’adresse de l’image elle-même (clic droit sur l’image, « Copier l’adresse de l’image »). ${meanwhile}`;
    case 'http-error':
      if (drive && (check.status === 401 || check.status === 403))
        return `${notPublic} ${meanwhile}`;
      return check.status === 404 || check.status === 410
        ? `L’image est introuvable à cette adresse (erreur ${check.status}) : le fichier a peut-être été supprimé ou déplacé. Vérifiez le lien de la colonne image. ${meanwhile}`
        : `L’hébergeur de l’image répond par une erreur (${check.status}). Réessayez plus tard ; si l’erreur reste, choisissez une autre image. ${meanwhile}`;
    case 'unreachable':
      return `L’image n’a pas répondu${check.timedOut ? ' à temps' : ''} : vérifiez le lien de la colonne image ; si le problème reste, choisissez une autre image. ${meanwhile}`;
  }
}

function remoteImage(article: Article | null): string | null {
  if (!article || article.imageUrl.startsWith('/')) return null;
  try {
    const host = new URL(article.imageUrl).hostname;
    return (articleImageHosts as readonly string[]).includes(host) ? article.imageUrl : null;
  } catch {
    return null;
  }
}

export interface ReportSettings {
  siteUrl: string;
  /** Without it, no preview addresses. */
  secret: string | undefined;
  loadedAt: number;
  now?: number;
}

function address(siteUrl: string, locale: Locale, slug: string, token?: string): string {
  const query = token ? `?${PREVIEW_PARAM}=${token}` : '';
  return `${siteUrl}${articleHref(locale, slug)}${query}`;
}

export function buildArticleReport(
  reading: SheetReading,
  images: ReadonlyMap<string, ImageCheck>,
  { siteUrl, secret, loadedAt, now = Date.now() }: ReportSettings,
): ArticleReport {
  const rows = reading.rows.map(({ row, article, statut, issues }): ReportRow => {
    const timed = article ? timedIssues(article, now) : [];
    const reasons = [...issues, ...timed].map(issueReason);
    const image = remoteImage(article);
    const imageReason = image ? imageCheckReason(image, images.get(image)) : null;
    if (imageReason) reasons.push(imageReason);
    const slug = article?.slug ?? null;
    const published = article ? isOnline(article, now) : false;
    const scheduled = timed.find((issue) => issue.kind === 'scheduled');
    const token = slug && secret ? previewToken(slug, secret) : undefined;
    return {
      row,
      title: article?.title ?? '',
      slug,
      published,
      publishedBy: article ? publishedBy(statut) : null,
      scheduledFor: scheduled?.kind === 'scheduled' ? scheduled.publishAt : null,
      reasons,
      url: slug && published ? address(siteUrl, 'fr', slug) : null,
      urlEn: slug && published ? address(siteUrl, 'en', slug) : null,
      previewUrl: slug && token ? address(siteUrl, 'fr', slug, token) : null,
      previewUrlEn: slug && token ? address(siteUrl, 'en', slug, token) : null,
    };
  });
  const notChecked = [...images.values()].filter((check) => check.kind === 'not-checked').length;
  return { loadedAt: new Date(loadedAt).toISOString(), rows, imagesNotChecked: notChecked };
}

export async function articleReport(
  reading: SheetReading,
  settings: ReportSettings,
  imageOptions: ImageCheckOptions = {},
): Promise<ArticleReport> {
  const addresses = reading.rows.flatMap(({ article }) => remoteImage(article) ?? []);
  const images = await checkImages(addresses, imageOptions);
  return buildArticleReport(reading, images, settings);
}

/** In French, with what to do; `stillServing`: the last good articles are still shown. */
export function describeSheetFailure(error: unknown, stillServing: boolean): string {
  const shared = '« Tous les utilisateurs disposant du lien » (Lecteur)';
  // By name, not instanceof: the store may have been made by another bundle of the server
  // (the server entry, proxy.ts), with its own copy of these classes.
  const name = error instanceof Error ? error.name : '';
  const status = name === 'SheetHttpError' ? (error as SheetHttpError).status : null;
  let what: string;
  if (status === 401 || status === 403)
    what = `La feuille Google refuse l’accès (erreur ${status}) : partagez-la avec ${shared}.`;
  else if (status !== null)
    what = `La feuille Google répond par une erreur (${status}). Si elle persiste, vérifiez l’adresse de la feuille dans la configuration du site (ARTICLES_SHEET_URL ou ARTICLES_SHEET_ID).`;
  else if (name === 'SheetFormatError')
    what = `La feuille Google n’a pas répondu par un tableau d’articles : vérifiez qu’elle est partagée avec ${shared} et que son onglet s’appelle « Articles ».`;
  else if (name === 'TimeoutError' || name === 'AbortError')
    what = `La feuille Google n’a pas répondu en ${SHEET_TIMEOUT_MS / 1000} secondes. Réessayez dans quelques minutes.`;
  else
    what = `La feuille Google n’a pas pu être lue${error instanceof Error ? ` (${error.message})` : ''}. Réessayez dans quelques minutes.`;
  return stillServing
    ? `${what} Le site continue d’afficher les articles chargés auparavant.`
    : what;
}
