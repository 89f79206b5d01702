import { e2eSheetRows } from './e2e-sheet';
import { startSheetServer } from '../../harness/sheet-server';

/** Started by playwright.config.ts: the sheet the browser tests' site reads. */
const port = Number(process.env.SHEET_PORT ?? 3905);
void startSheetServer({ kind: 'rows', rows: e2eSheetRows }, port).then((server) => {
  console.log(`sheet server on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
});
