import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readLimited } from '@/lib/http/read-limited';
import { parseGviz } from './gviz';
import { readSheet, type SheetReading } from './normalise';

/** The one place that reaches the firm's Google Sheet (or the embedded sample). */
export const SHEET_TIMEOUT_MS = 8_000;
export const SHEET_MAX_BYTES = 5 * 1024 * 1024;

export type SheetSource = { kind: 'url'; url: string } | { kind: 'sample'; file: string };

export class SheetHttpError extends Error {
  override name = 'SheetHttpError';
  constructor(readonly status: number) {
    super(`sheet answered HTTP ${status}`);
  }
}

export const sampleSheetFile = path.join(process.cwd(), 'lib/articles/sample-sheet.txt');

export function sheetUrlFromId(id: string): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/gviz/tq?tqx=out:json&sheet=Articles`;
}

export function sheetSource(settings: {
  ARTICLES_SHEET_URL?: string;
  ARTICLES_SHEET_ID?: string;
}): SheetSource {
  if (settings.ARTICLES_SHEET_URL) return { kind: 'url', url: settings.ARTICLES_SHEET_URL };
  if (settings.ARTICLES_SHEET_ID)
    return { kind: 'url', url: sheetUrlFromId(settings.ARTICLES_SHEET_ID) };
  return { kind: 'sample', file: sampleSheetFile };
}

async function readSheetText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new Error(`sheet answer too large (${declared} bytes)`);
  const bytes = await readLimited(response.body, maxBytes);
  if (!bytes) throw new Error(`sheet answer larger than ${maxBytes} bytes`);
  return new TextDecoder().decode(bytes);
}

/** Always headers=1: gviz's own guess at a header changes with new date columns, dropping the first article. */
export function sheetQueryUrl(url: string): string {
  const query = new URL(url);
  query.searchParams.set('headers', '1');
  return query.toString();
}

export async function fetchSheetText(
  url: string,
  { timeoutMs = SHEET_TIMEOUT_MS, maxBytes = SHEET_MAX_BYTES } = {},
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetch(sheetQueryUrl(url), {
    signal,
    cache: 'no-store',
    redirect: 'follow',
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new SheetHttpError(response.status);
  }
  // The timeout also covers a body that trickles in.
  return readSheetText(response, maxBytes);
}

/** Throws on any failure: the store keeps the last good copy. */
export async function loadSheet(
  source: SheetSource,
  { timeoutMs = SHEET_TIMEOUT_MS } = {},
): Promise<SheetReading> {
  const body =
    source.kind === 'url'
      ? await fetchSheetText(source.url, { timeoutMs })
      : await readFile(source.file, 'utf8');
  const table = parseGviz(body);
  if (table.rows.length === 0) console.warn('[articles] the sheet has no article rows');
  return readSheet(table);
}
