import { NextResponse, type NextRequest } from 'next/server';
import { articleHref } from '@/lib/articles/format';
import { imageAddressProblem } from '@/lib/articles/image-address';
import { articleImageHosts } from '@/lib/articles/images';
import { isPreviewToken, PREVIEW_PARAM } from '@/lib/articles/preview';
import { articleAvailability, previewAvailability } from '@/lib/articles/published-slugs';
import { config as siteConfig } from '@/lib/config';
import { localizedPath } from '@/lib/i18n/paths';
import {
  ARTICLE_ERROR_SEGMENT,
  matchRoute,
  NOT_FOUND_SEGMENT,
  REQUESTED_PATH_HEADER,
  type RouteMatch,
} from '@/lib/routing/route-table';
import { AUDIENCE_PAGE_HEADER } from '@/lib/audience/pages';
import { buildCsp, cspSources } from '@/lib/security/csp';
import { PAGE_CACHE_NONCE_HEADER, responseNonce } from '@/lib/security/page-cache';
import { actionPostProblem, MAX_ACTION_POST_BYTES } from '@/lib/server/action-post';

/**
 * Runs before every page and API request:
 * - a fresh CSP nonce for each response (Next.js applies it to its own scripts), or nginx's
 *   placeholder for a page its cache keeps, which it replaces in every response it sends;
 * - unprefixed paths are French: '/x' is served by '/fr/x' without a redirect;
 * - an address no page claims, or an unpublished article, is answered here with the not-found
 *   page and status 404, rendered on the server in the language of the path;
 * - an article address while the sheet has never loaded gets 'Error loading article' with 503;
 * - an article address with a valid preview token (?preview=…) shows the article even unpublished,
 *   never cached nor indexed; a published one redirects to its public address.
 */
export async function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === '/_next/image') {
    const problem = imageAddressProblem(request.nextUrl.searchParams.getAll('url'));
    return problem ? refuse(request, 400, problem) : NextResponse.next();
  }
  // Methods were sorted before Next.js (lib/server/request-gate.ts): a POST here is on a home
  // page, and must be its contact form's post, checked before it reaches the action.
  if (request.method === 'POST' && !request.nextUrl.pathname.startsWith('/api/')) {
    const problem = await formPostProblem(request);
    if (problem) return refuse(request, problem.status, problem.reason);
  }
  const { nonce, placeholder } = responseNonce(request.headers);
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const csp = buildCsp(nonce, cspSources(siteConfig().GA_MEASUREMENT_ID, articleImageHosts), {
    dev: process.env.NODE_ENV === 'development',
    https,
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set(REQUESTED_PATH_HEADER, request.nextUrl.pathname);
  requestHeaders.delete(PAGE_CACHE_NONCE_HEADER);
  requestHeaders.delete(AUDIENCE_PAGE_HEADER);
  const withCsp = (response: NextResponse) => {
    response.headers.set('content-security-policy', csp);
    // Tells nginx's page cache that this response carries its placeholder (docs/page-cache.md).
    if (placeholder) response.headers.set(PAGE_CACHE_NONCE_HEADER, '1');
    return response;
  };

  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/'))
    return withCsp(NextResponse.next({ request: { headers: requestHeaders } }));

  // One address per page: '/x/' redirects to '/x', except the home forms '/fr/' and '/en/'
  // that links to home sections use, served as they are.
  if (pathname.length > 1 && pathname.endsWith('/') && !/^\/(fr|en)\/$/.test(pathname)) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    return withCsp(NextResponse.redirect(url, 308));
  }

  const route = matchRoute(pathname);
  const preview =
    route.kind === 'article' &&
    isPreviewToken(
      route.slug,
      request.nextUrl.searchParams.get(PREVIEW_PARAM),
      siteConfig().REVALIDATE_SECRET,
    );
  const { path, status } = await (preview ? previewDestination(route) : destination(route));
  if (status === 307) {
    // A published article's preview link leads to the article itself, as every visitor sees it.
    const url = request.nextUrl.clone();
    url.pathname = path;
    url.search = '';
    const response = withCsp(NextResponse.redirect(url, 307));
    response.headers.set('cache-control', 'no-store');
    return response;
  }
  // The audience measurement counts a page shown (200) or not found (404), never an error page
  // (503) nor a preview (docs/behaviour.md, Audience measurement).
  if (!preview && (status === 200 || status === 404))
    requestHeaders.set(AUDIENCE_PAGE_HEADER, status === 200 ? 'page' : 'not-found');
  // Rewrites stay inside this server: same origin as the request, only the path changes.
  const target = request.nextUrl.clone();
  target.pathname = path;
  if (status !== 200) target.search = '';
  const response = withCsp(
    NextResponse.rewrite(target, { status, request: { headers: requestHeaders } }),
  );
  // The error lasts only until the sheet answers, and a preview is a draft: no cache may keep
  // either, and no search engine may index a preview.
  if (status === 503 || preview) response.headers.set('cache-control', 'no-store');
  if (preview) response.headers.set('x-robots-tag', 'noindex, nofollow');
  return response;
}

/** A short plain-text refusal, and one log line (not a stack) saying why. */
function refuse(request: NextRequest, status: number, reason: string) {
  console.warn(
    `[request] ${status} ${request.method} ${request.nextUrl.pathname} refused: ${reason}`,
  );
  return new NextResponse(status === 413 ? 'Payload Too Large\n' : 'Bad Request\n', {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** Why a POST is not the contact form's own post (lib/server/action-post.ts), or null. */
async function formPostProblem(
  request: NextRequest,
): Promise<{ status: 400 | 413; reason: string } | null> {
  if (request.headers.has('next-action')) return { status: 400, reason: 'action called by fetch' };
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(type))
    return { status: 400, reason: 'not a multipart form' };
  // A browser always states a form's length.
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (!Number.isInteger(declared)) return { status: 400, reason: 'no body length' };
  if (declared > MAX_ACTION_POST_BYTES) return { status: 413, reason: 'body size' };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { status: 400, reason: 'malformed form' };
  }
  const problem = actionPostProblem(form);
  return problem ? { status: 400, reason: problem } : null;
}

type Destination = { path: string; status: 200 | 307 | 404 | 503 };

/** The page that renders an address, and the status it is answered with. */
async function destination(route: RouteMatch): Promise<Destination> {
  if (route.kind === 'page') return { path: localizedPath(route.locale, route.rest), status: 200 };
  if (route.kind === 'article') {
    const availability = await articleAvailability(route.slug);
    if (availability === 'published')
      return { path: localizedPath(route.locale, route.rest), status: 200 };
    if (availability === 'unavailable')
      return { path: `/${route.locale}/${ARTICLE_ERROR_SEGMENT}`, status: 503 };
  }
  return { path: `/${route.locale}/${NOT_FOUND_SEGMENT}`, status: 404 };
}

/** The same for an article address whose preview token is valid: a draft is shown too. */
async function previewDestination(route: RouteMatch & { kind: 'article' }): Promise<Destination> {
  const availability = await previewAvailability(route.slug);
  if (availability === 'draft')
    return { path: localizedPath(route.locale, route.rest), status: 200 };
  if (availability === 'published')
    return {
      path: articleHref(route.locale, route.slug),
      status: 307,
    };
  return destination(route);
}

export const config = {
  matcher: [
    // Every address except the files that really exist: build assets, public images, the print
    // stylesheet, metadata files and the feeds. Any other address, '/wp-login.php' or '/x.html'
    // included, reaches the route table and gets the real not-found page in its language; the
    // image optimiser's addresses are checked above.
    '/((?!_next/static/|images/|icon\.svg$|print\.css$|robots\.txt$|sitemap\.xml$|(?:fr|en)/feed\.xml$).*)',
  ],
};
