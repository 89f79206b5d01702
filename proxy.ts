import { NextResponse, type NextRequest } from 'next/server';
import { isPublishedSlug } from '@/lib/articles/published-slugs';
import { localizedPath } from '@/lib/i18n/paths';
import { matchRoute, NOT_FOUND_SEGMENT } from '@/lib/routing/route-table';
import { buildCsp, cspSourcesFromEnv } from '@/lib/security/csp';

/**
 * Runs before every page and API request:
 * - a fresh CSP nonce for each response (Next.js applies it to its own scripts);
 * - unprefixed paths are French (SPEC 2.1): '/x' is served by '/fr/x' without a redirect;
 * - an address no page claims, or an unpublished article, is answered here with the not-found
 *   page and status 404, rendered on the server in the language of the path.
 */
export async function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const csp = buildCsp(nonce, cspSourcesFromEnv(), {
    dev: process.env.NODE_ENV === 'development',
    https,
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-pathname', request.nextUrl.pathname);
  const withCsp = (response: NextResponse) => {
    response.headers.set('content-security-policy', csp);
    return response;
  };

  const { pathname } = request.nextUrl;
  if (pathname === '/bench-floor' && process.env.BENCH_FLOOR === '1') {
    // The bare framework page is prerendered without a nonce: measured as Next.js ships it.
    return NextResponse.next();
  }
  if (pathname.startsWith('/api/'))
    return withCsp(NextResponse.next({ request: { headers: requestHeaders } }));

  // One address per page: '/x/' redirects to '/x', except the home forms '/fr/' and '/en/'
  // that the spec links to (SPEC 2.3), served as they are.
  if (pathname.length > 1 && pathname.endsWith('/') && !/^\/(fr|en)\/$/.test(pathname)) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, '') || '/';
    return withCsp(NextResponse.redirect(url, 308));
  }

  const route = matchRoute(pathname);
  const found =
    route.kind === 'page' || (route.kind === 'article' && (await isPublishedSlug(route.slug)));
  // Rewrites stay inside this server: same origin as the request, only the path changes.
  const target = request.nextUrl.clone();
  target.pathname = found
    ? localizedPath(route.locale, route.rest)
    : `/${route.locale}/${NOT_FOUND_SEGMENT}`;
  if (!found) target.search = '';
  return withCsp(
    NextResponse.rewrite(target, {
      status: found ? 200 : 404,
      request: { headers: requestHeaders },
    }),
  );
}

export const config = {
  matcher: [
    // Every address except the files that really exist: build assets, image optimisation, public
    // images, metadata files and the feeds. Any other address, '/wp-login.php' or '/x.html'
    // included, reaches the route table and gets the real not-found page in its language.
    '/((?!_next/static/|_next/image|images/|icon\\.svg$|robots\\.txt$|sitemap\\.xml$|(?:fr|en)/feed\\.xml$).*)',
  ],
};
