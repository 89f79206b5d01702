import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { locales } from '@/lib/i18n/locales';
import { formPostPaths } from '@/lib/routing/pages';

/** The home's '/fr/' and '/en/' too: links to its sections use them. */
const FORM_PAGES = new Set(
  formPostPaths.flatMap((path) =>
    path === '/'
      ? ['/', ...locales.flatMap((locale) => [`/${locale}`, `/${locale}/`])]
      : [path, ...locales.map((locale) => `/${locale}${path}`)],
  ),
);

export type RequestLine = Pick<
  http.IncomingMessage,
  'method' | 'url' | 'rawHeaders' | 'httpVersionMajor'
>;

export interface Refusal {
  status: 400 | 405 | 503;
  allow?: string;
  reason: string;
}

export function validRange(value: string): boolean {
  const match = /^bytes=(.+)$/.exec(value.trim());
  if (!match) return false;
  return (match[1] ?? '').split(',').every((part) => {
    const range = /^\s*(\d*)-(\d*)\s*$/.exec(part);
    if (!range || (range[1] === '' && range[2] === '')) return false;
    return range[1] === '' || range[2] === '' || Number(range[1]) <= Number(range[2]);
  });
}

/**
 * What Next.js would answer with 500 and a stack, or with the page itself. Two Host headers:
 * Node.js keeps the first silently, another part might read the second. Route handlers under
 * /api/ keep their own method lists.
 */
export function refusal(request: RequestLine): Refusal | null {
  const { method = '', url = '', rawHeaders, httpVersionMajor } = request;
  if (httpVersionMajor !== 1) return { status: 400, reason: 'HTTP version' };
  if (method === 'TRACE' || method === 'TRACK')
    return { status: 405, allow: 'GET, HEAD', reason: 'method' };
  if (!url.startsWith('/')) return { status: 400, reason: 'request target' };
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  if (hosts > 1) return { status: 400, reason: 'Host header' };
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, reason: 'path encoding' };
  }
  if (path.startsWith('/api/') || path.startsWith('/__nextjs')) return null;
  if (method === 'GET' || method === 'HEAD') return null;
  if (FORM_PAGES.has(path)) {
    return method === 'POST' ? null : { status: 405, allow: 'GET, HEAD, POST', reason: 'method' };
  }
  return { status: 405, allow: 'GET, HEAD', reason: 'method' };
}

/** The site serves no WebSocket and Next.js would drop one unanswered; only live reload upgrades. */
export function upgradeRefusal(request: RequestLine, liveReload: boolean): Refusal | null {
  if (liveReload && request.url?.startsWith('/_next/hmr')) return null;
  return { status: 400, reason: 'upgrade' };
}

const STATUS_TEXT = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  503: 'Service Unavailable',
} as const;

export function answerRefusal(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  found: Refusal,
): void {
  console.warn(`[request] ${found.status} ${request.method} refused: ${found.reason}`);
  const body = `${STATUS_TEXT[found.status]}\n`;
  response.shouldKeepAlive = false;
  response.writeHead(found.status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(found.allow ? { Allow: found.allow } : {}),
  });
  response.end(body);
}

/** Without an answer on the socket, Node.js would drop an upgrade or a CONNECT. */
export function refuseOnSocket(
  socket: Duplex,
  request: http.IncomingMessage,
  found: Refusal,
): void {
  console.warn(`[request] ${found.status} ${request.method} refused: ${found.reason}`);
  const allow = found.allow ? `Allow: ${found.allow}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${found.status} ${STATUS_TEXT[found.status]}\r\n${allow}Content-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}
