// Adds up the JSON reports of Vitest and Playwright into one closing line: 'N passed, N failed'.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-reports';
let passed = 0;
let failed = 0;
let skipped = 0;

for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
