import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { columns, type Column } from '../lib/articles/columns';

/** A cell as a test writes it: a value, or gviz's own shape with the sheet's text in `f`. */
export type SheetCell =
  string | number | boolean | null | { v: string | number | boolean | null; f?: string };

/**
 * A row of the 'Articles' sheet, by column name (an editor's own column by its header); absent
 * columns are null cells.
 */
export type SheetRow = Partial<Record<Column, SheetCell>> & Record<string, SheetCell | undefined>;

/**
 * Where gviz puts the header row: in the columns' labels (asked with `headers=1`, or when it
 * guesses so), or left as the first row (when it guesses there is no header).
 */
export type HeaderShape = 'labels' | 'first-row';

export interface GvizOptions {
  shape?: HeaderShape;
  /** The header row, in order; by default the site's columns. */
  header?: readonly string[];
}

const isDateValue = (cell: SheetCell | undefined) => {
  const value = cell !== null && typeof cell === 'object' ? cell.v : cell;
  return typeof value === 'string' && value.startsWith('Date(');
};

/**
 * Google's JSON-wrapped gviz answer for these rows. A column holding Date(…) values is typed as
 * dates, as gviz types it; in the first-row shape its header cell then comes as null, as gviz
 * sends a text in a date column.
 */
export function gvizBody(
  rows: readonly SheetRow[],
  { shape = 'first-row', header = columns }: GvizOptions = {},
): string {
  const cell = (value: SheetCell | undefined) =>
    value === null || value === undefined
      ? null
      : typeof value === 'object'
        ? value.f === undefined
          ? { v: value.v }
          : { v: value.v, f: value.f }
        : { v: value };
  const dated = header.map((name) => rows.some((row) => isDateValue(row[name])));
  const cols = header.map((name, i) => ({
    id: String.fromCharCode(65 + (i % 26)),
    label: shape === 'labels' ? name : '',
    type: dated[i] ? 'date' : 'string',
  }));
  const headerRow = { c: header.map((name, i) => (dated[i] ? null : { v: name })) };
  const table = {
    cols,
    rows: [
      ...(shape === 'first-row' ? [headerRow] : []),
      ...rows.map((row) => ({ c: header.map((name) => cell(row[name])) })),
    ],
    parsedNumHeaders: shape === 'labels' ? 1 : 0,
  };
  return `/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify({ version: '0.6', reqId: '0', status: 'ok', sig: '1', table })});`;
}

export type SheetMode =
  /**
   * A sheet of rows. Asked with `headers=1` (as the site asks) it answers the header in the
   * labels, as Google does; asked without, in the shape of `guess` (Google's own guess).
   */
  | { kind: 'rows'; rows: readonly SheetRow[]; header?: readonly string[]; guess?: HeaderShape }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number; rows: readonly SheetRow[] }
  /** Answers once `until` resolves: the test decides when the sheet's answer arrives. */
  | { kind: 'held'; until: Promise<void>; rows: readonly SheetRow[] }
  /**
   * A valid answer of `bytes` bytes and about 600 more (one published article, LARGE_SHEET_TITLE,
   * padded), with its length declared (Content-Length) or not (chunked, as it streams): too large
   * for the site from 5 MB (SHEET_MAX_BYTES).
   */
  | { kind: 'large'; bytes: number; declared: boolean };

/** The one article a 'large' answer holds. */
export const LARGE_SHEET_TITLE = 'Article d’une très grande feuille';

export interface SheetServer {
  url: string;
  /** How many requests reached the server. */
  hits: () => number;
  /** The address of the last request (path and query), or null before any. */
  lastAsked: () => string | null;
  set: (mode: SheetMode) => void;
  close: () => Promise<void>;
}

/**
 * A real HTTP server standing in for the Google Sheet: it answers gviz bodies, or fails in the
 * ways the real one can (HTTP error, garbage, never answering, answering slowly or when told,
 * answering too much).
 */
export async function startSheetServer(
  initial: SheetMode = { kind: 'rows', rows: [] },
  port = 0,
): Promise<SheetServer> {
  let mode = initial;
  let hits = 0;
  let lastAsked: string | null = null;
  const server = http.createServer((request, response) => {
    hits += 1;
    lastAsked = request.url ?? null;
    const current = mode;
    const asked = new URL(request.url ?? '/', 'http://sheet').searchParams.get('headers');
    const send = (rows: readonly SheetRow[], header?: readonly string[], guess?: HeaderShape) => {
      const shape = asked === '1' ? 'labels' : asked === '0' ? 'first-row' : (guess ?? 'first-row');
      response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      response.end(gvizBody(rows, { shape, header }));
    };
    switch (current.kind) {
      case 'rows':
        return send(current.rows, current.header, current.guess);
      case 'status':
        response.writeHead(current.status, { 'content-type': 'text/plain' });
        return response.end('Internal Server Error');
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>Sign in to continue {not json</body></html>');
      case 'hang':
        // Never answers; the site's timeout must give up.
        return;
      case 'slow':
        setTimeout(() => send(current.rows), current.delayMs);
        return;
      case 'held':
        void current.until.then(() => send(current.rows));
        return;
      case 'large': {
        const body = Buffer.from(
          gvizBody([
            { titre: LARGE_SHEET_TITLE, statut: 'Publié', contenu: 'x'.repeat(current.bytes) },
          ]),
        );
        response.writeHead(200, {
          'content-type': 'application/javascript; charset=utf-8',
          ...(current.declared ? { 'content-length': body.length } : {}),
        });
        // In pieces of 64 KB, as a large answer arrives; the site may stop reading at any point.
        for (let at = 0; at < body.length; at += 65_536)
          response.write(body.subarray(at, at + 65_536));
        response.on('error', () => {});
        return response.end();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/gviz/tq?tqx=out:json&sheet=Articles`,
    hits: () => hits,
    lastAsked: () => lastAsked,
    set: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
