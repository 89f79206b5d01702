import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { columns, type Column } from '../../lib/articles/columns';

/** A row of the 'Articles' sheet, by column name; absent columns are null cells. */
export type SheetRow = Partial<Record<Column, string | number | boolean | null>>;

/** Google's JSON-wrapped gviz answer for these rows, with the header row first. */
export function gvizBody(rows: readonly SheetRow[]): string {
  const cell = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? null : { v: value };
  const table = {
    cols: columns.map((_, i) => ({ id: String.fromCharCode(65 + i), label: '', type: 'string' })),
    rows: [
      { c: columns.map((name) => ({ v: name })) },
      ...rows.map((row) => ({ c: columns.map((name) => cell(row[name])) })),
    ],
    parsedNumHeaders: 0,
  };
  return `/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify({ version: '0.6', reqId: '0', status: 'ok', sig: '1', table })});`;
}

export type SheetMode =
  | { kind: 'rows'; rows: readonly SheetRow[] }
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
  const server = http.createServer((request, response) => {
    hits += 1;
    const current = mode;
    const send = (rows: readonly SheetRow[]) => {
      response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      response.end(gvizBody(rows));
    };
    switch (current.kind) {
      case 'rows':
        return send(current.rows);
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
