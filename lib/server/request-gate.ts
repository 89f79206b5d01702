import 'server-only';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { beforeServerEvents } from './server-events';

/** The pages that carry the no-JavaScript contact form: they also take its POST. */
const FORM_PAGES = new Set(['/', '/fr', '/fr/', '/en', '/en/']);

export type RequestLine = Pick<
  http.IncomingMessage,
  'method' | 'url' | 'rawHeaders' | 'httpVersionMajor'
>;

export interface Refusal {
  status: 400 | 405;
  allow?: string;
  reason: string;
}

/** Whether a `Range` header is well formed with every range in order (first ≤ last). */
function validRange(value: string): boolean {
  const match = /^bytes=(.+)$/.exec(value.trim());
  if (!match) return false;
  return (match[1] ?? '').split(',').every((part) => {
    const range = /^\s*(\d*)-(\d*)\s*$/.exec(part);
    if (!range || (range[1] === '' && range[2] === '')) return false;
    return range[1] === '' || range[2] === '' || Number(range[1]) <= Number(range[2]);
  });
}

/**
 * What the site refuses before Next.js sees the request, or null to let it through. Next.js
 * answers these with 500 and a stack, or with the page itself:
 * - a request line with no version (HTTP/0.9) or another major version than 1;
 * - TRACE and TRACK: Next.js cannot build its request object for them;
 * - a request target that is not a path ('*', 'http://host/…'): nginx sends only paths;
 * - two Host headers: Node.js keeps the first one silently, another part might read the second;
 * - a path whose percent-encoding is not valid UTF-8 ('%zz', '%ff');
 * - outside /api/ (route handlers keep their own lists), any method but GET and HEAD, and POST
 *   on the home pages (the contact form's post without JavaScript): the page itself, a file or
 *   the not-found page would be answered otherwise.
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

const STATUS_TEXT = { 400: 'Bad Request', 405: 'Method Not Allowed' } as const;

function answer(response: http.ServerResponse, found: Refusal): void {
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

/** A refusal written on the socket itself, for requests that never reach the request event. */
function refuseOnSocket(socket: Duplex, request: http.IncomingMessage, found: Refusal): void {
  console.warn(`[request] ${found.status} ${request.method} refused: ${found.reason}`);
  const allow = found.allow ? `Allow: ${found.allow}\r\n` : '';
  socket.end(
    `HTTP/1.1 ${found.status} ${STATUS_TEXT[found.status]}\r\n${allow}Content-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

/** CONNECT never reaches the request event: without a listener Node.js drops the connection. */
function refuseConnect(request: http.IncomingMessage, socket: Duplex): void {
  refuseOnSocket(socket, request, { status: 405, allow: 'GET, HEAD', reason: 'method' });
}

/**
 * Hooks the server's request event, which comes before Next.js (and before proxy.ts, which
 * Next.js never reaches for TRACE), and its CONNECT and upgrade events: what `refusal` names is
 * answered here with a short body and one log line. An unsatisfiable `Range` is dropped (the
 * whole file is sent), since Next.js's file server answers it with 500.
 */
export function gateRequests(): void {
  beforeServerEvents('request-gate', (server, event, args) => {
    if (event === 'connection' && server.listenerCount('connect') === 0)
      server.on('connect', refuseConnect);
    // The site serves no WebSocket; Next.js drops such a connection without an answer. Only its
    // development server's live reload upgrades.
    if (event === 'upgrade') {
      const [request, socket] = args as [http.IncomingMessage, Duplex];
      if (!request.url?.startsWith('/_next/webpack-hmr')) {
        refuseOnSocket(socket, request, { status: 400, reason: 'upgrade' });
        return true;
      }
    }
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      const found = refusal(request);
      if (found) {
        console.warn(`[request] ${found.status} ${request.method} refused: ${found.reason}`);
        answer(args[1] as http.ServerResponse, found);
        return true;
      }
      const range = request.headers.range;
      if (range !== undefined && !validRange(range)) delete request.headers.range;
    }
    return false;
  });
}
