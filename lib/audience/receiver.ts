import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { isSameSiteRequest } from '@/lib/http/origin';
import { isLocale } from '@/lib/i18n/locales';
import { BEACON_PATH } from './client';
import { parisDay } from '@/lib/paris-clock';
import { objectionCookie } from './objection';
import { measuredPage } from './pages';
import { referrerSource } from './referrers';
import type { AudienceTally } from './tally';
import { deviceClass, isRobot, objects } from './visitor';
import { bucketOf, vitalMetrics } from './vitals';
import { describe } from '@/lib/errors';

/**
 * Answered before Next.js (docs/behaviour.md, "Audience measurement"): microseconds here against
 * milliseconds through the router, for a thousand page views a second. A bad request gets a 4xx
 * and changes no figure; a robot's or an objecting visitor's gets 204, uncounted. The visitor's
 * address is never read.
 */
export const NO_SCRIPT_PATH = `${BEACON_PATH}/sans-script`;
export const OBJECTION_PATH = `${BEACON_PATH}/opposition`;
export const MAX_BEACON_BYTES = 1024;
/** A page not found is recorded under its first 300 characters. */
export const MAX_NOT_FOUND_PATH = 300;

export interface ReceiverContext {
  tally: AudienceTally;
  siteUrl: string;
  now: () => number;
  /** null: not published; undefined: the articles cannot be read, and the view is not counted. */
  publishedTitle: (slug: string) => Promise<string | null | undefined>;
}

const pagePath = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^\/[\x21-\x7e]*$/, 'a path of printable characters');
const metricValue = z.number().finite().nonnegative();
const beaconSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('view'),
    path: pagePath,
    referrer: z.string().max(253),
    notFound: z.literal(true).optional(),
  }),
  z.strictObject({
    type: z.literal('vitals'),
    path: pagePath,
    LCP: metricValue.optional(),
    INP: metricValue.optional(),
    CLS: metricValue.optional(),
    TTFB: metricValue.optional(),
  }),
]);
type Beacon = z.infer<typeof beaconSchema>;

export interface Answer {
  status: number;
  reason?: string;
  headers?: Record<string, string>;
}

const refused = (status: number, reason: string): Answer => ({ status, reason });
const NOT_COUNTED: Answer = { status: 204 };
const COUNTED: Answer = { status: 204 };

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function ownHosts(headers: IncomingHttpHeaders, siteUrl: string): string[] {
  return [
    new URL(siteUrl).host,
    headerValue(headers, 'host'),
    headerValue(headers, 'x-forwarded-host'),
  ].filter((host) => host !== '');
}

function sameSite(headers: IncomingHttpHeaders, siteUrl: string): boolean {
  const names = ['origin', 'sec-fetch-site', 'host', 'x-forwarded-host', 'x-forwarded-proto'];
  const checked = new Headers();
  for (const name of names) {
    const value = headerValue(headers, name);
    if (value) checked.set(name, value);
  }
  return isSameSiteRequest(checked, siteUrl);
}

function leftOut(headers: IncomingHttpHeaders): boolean {
  return (
    isRobot(headerValue(headers, 'user-agent')) ||
    objects({ cookie: headerValue(headers, 'cookie'), 'sec-gpc': headerValue(headers, 'sec-gpc') })
  );
}

/** `noScript`: no referrer is known, so the view is neither an entry nor a source. */
async function count(
  beacon: Beacon,
  headers: IncomingHttpHeaders,
  context: ReceiverContext,
  noScript = false,
): Promise<Answer> {
  const day = parisDay(context.now());
  const page = measuredPage(beacon.path);
  if (beacon.type === 'view' && beacon.notFound) {
    const title = page?.slug ? await context.publishedTitle(page.slug) : null;
    if (page && (!page.slug || title)) return refused(400, 'this page exists');
    if (leftOut(headers)) return NOT_COUNTED;
    context.tally.count({
      day,
      path: beacon.path.slice(0, MAX_NOT_FOUND_PATH),
      measure: 'not-found',
      value: '',
    });
    return COUNTED;
  }
  if (!page) return refused(400, 'not a page of the site');
  // An article counts while it is published; while the articles cannot be read, not at all.
  const title = page.slug ? await context.publishedTitle(page.slug) : '';
  if (title === null) return refused(400, 'not a published article');
  const source =
    beacon.type === 'view' && !noScript
      ? referrerSource(beacon.referrer, ownHosts(headers, context.siteUrl))
      : { kind: 'internal' as const };
  if (source === null) return refused(400, 'the referrer is not a host name');
  if (beacon.type === 'vitals') {
    const buckets = vitalMetrics.flatMap((metric) => {
      const value = beacon[metric];
      return value === undefined ? [] : [{ metric, bucket: bucketOf(metric, value) }];
    });
    if (buckets.length === 0) return refused(400, 'no loading time');
    if (buckets.some(({ bucket }) => bucket === null))
      return refused(400, 'not a plausible loading time');
    if (leftOut(headers) || title === undefined) return NOT_COUNTED;
    for (const { metric, bucket } of buckets)
      context.tally.vital({ day, kind: page.kind, metric, bucket: bucket as number });
    return COUNTED;
  }
  if (leftOut(headers) || title === undefined) return NOT_COUNTED;
  const { tally } = context;
  tally.count({ day, path: page.path, measure: 'view', value: '' });
  tally.count({
    day,
    path: page.path,
    measure: 'device',
    value: deviceClass(headerValue(headers, 'user-agent')),
  });
  if (source.kind !== 'internal')
    tally.count({ day, path: page.path, measure: 'entry', value: '' });
  if (source.kind === 'search')
    tally.count({ day, path: page.path, measure: 'search', value: source.name });
  if (source.kind === 'site')
    tally.count({ day, path: page.path, measure: 'referrer', value: source.host });
  if (page.slug && title) tally.title(page.slug, title, day);
  return COUNTED;
}

function postProblem(
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  siteUrl: string,
  types: readonly string[],
): Answer | null {
  if (method !== 'POST') return { ...refused(405, 'POST only'), headers: { Allow: 'POST' } };
  if (!sameSite(headers, siteUrl)) return refused(403, 'from another site');
  const type = headerValue(headers, 'content-type').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!types.includes(type)) return refused(415, `sent as ${types.join(' or ')}`);
  if (body.length > MAX_BEACON_BYTES) return refused(413, `${MAX_BEACON_BYTES} bytes at most`);
  return null;
}

export async function answerBeacon(
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  context: ReceiverContext,
): Promise<Answer> {
  const problem = postProblem(method, headers, body, context.siteUrl, [
    'text/plain',
    'application/json',
  ]);
  if (problem) return problem;
  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return refused(400, 'not JSON');
  }
  const parsed = beaconSchema.safeParse(input);
  if (!parsed.success) return refused(400, 'not a beacon of this site');
  return count(parsed.data, headers, context);
}

export async function answerNoScriptView(
  method: string,
  url: URL,
  headers: IncomingHttpHeaders,
  context: ReceiverContext,
): Promise<Answer> {
  if (method !== 'GET') return { ...refused(405, 'GET only'), headers: { Allow: 'GET' } };
  if (!sameSite(headers, context.siteUrl)) return refused(403, 'from another site');
  const notFound = url.searchParams.get('notFound');
  const parsed = beaconSchema.safeParse({
    type: 'view',
    path: url.searchParams.get('path'),
    referrer: '',
    ...(notFound === '1' ? { notFound: true } : {}),
  });
  if (
    !parsed.success ||
    (notFound !== null && notFound !== '1') ||
    [...url.searchParams.keys()].some((key) => key !== 'path' && key !== 'notFound')
  )
    return refused(400, 'not a page view of this site');
  return count(parsed.data, headers, context, true);
}

export function answerObjection(
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  siteUrl: string,
): Answer {
  const problem = postProblem(method, headers, body, siteUrl, [
    'application/x-www-form-urlencoded',
  ]);
  if (problem) return problem;
  const form = new URLSearchParams(body.toString('utf8'));
  const choice = form.get('choice');
  const locale = form.get('locale');
  if ((choice !== 'object' && choice !== 'withdraw') || !isLocale(locale))
    return refused(400, 'choice=object|withdraw and locale=fr|en');
  // Secure over HTTPS: nginx says so; `npm start` alone serves plain HTTP.
  const secure = headerValue(headers, 'x-forwarded-proto') === 'https';
  return {
    status: 303,
    headers: {
      'Set-Cookie': objectionCookie(choice === 'object', secure),
      Location: `/${locale}/politique-cookies#${OBJECTION_SECTION}`,
    },
  };
}

export const OBJECTION_SECTION = 'mesure-audience';

/** A 1×1 transparent GIF: what the <noscript> image gets, counted or not. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // One byte past the limit is enough to refuse it; the rest is not kept.
      if (size <= limit + 1) chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).subarray(0, limit + 1)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: Answer, image = false): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...answer.headers };
  if (answer.status === 200 && image) {
    response.writeHead(200, {
      ...headers,
      'Content-Type': 'image/gif',
      'Content-Length': String(PIXEL.length),
    });
    response.end(PIXEL);
    return;
  }
  if (answer.reason) {
    const text = `${answer.reason}\n`;
    response.writeHead(answer.status, {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
    });
    response.end(text);
    return;
  }
  response.writeHead(answer.status, headers);
  response.end();
}

/** For the server's `request` event, before Next.js; false for any other address. */
export function receiveAudience(
  request: IncomingMessage,
  response: ServerResponse,
  context: ReceiverContext,
): boolean {
  const target = request.url ?? '';
  if (
    target !== BEACON_PATH &&
    !target.startsWith(`${BEACON_PATH}/`) &&
    !target.startsWith(`${BEACON_PATH}?`)
  )
    return false;
  const url = new URL(target, 'http://site.invalid');
  const method = request.method ?? '';
  const declared = Number(request.headers['content-length'] ?? '0');
  const answered = async (): Promise<[Answer, boolean]> => {
    if (url.pathname === NO_SCRIPT_PATH) {
      const answer = await answerNoScriptView(method, url, request.headers, context);
      return [answer.status === 204 ? { status: 200 } : answer, true];
    }
    if (url.pathname !== BEACON_PATH && url.pathname !== OBJECTION_PATH)
      return [refused(404, 'no such address'), false];
    if (Number.isFinite(declared) && declared > MAX_BEACON_BYTES)
      return [
        { ...refused(413, `${MAX_BEACON_BYTES} bytes at most`), headers: { Connection: 'close' } },
        false,
      ];
    const body = await readBody(request, MAX_BEACON_BYTES);
    if (url.pathname === OBJECTION_PATH)
      return [answerObjection(method, request.headers, body, context.siteUrl), false];
    return [await answerBeacon(method, request.headers, body, context), false];
  };
  answered().then(
    ([answer, image]) => send(response, answer, image),
    (error: unknown) => {
      console.error(`[audience] request failed: ${describe(error)}`);
      if (!response.headersSent) send(response, refused(500, 'not counted'));
    },
  );
  return true;
}
