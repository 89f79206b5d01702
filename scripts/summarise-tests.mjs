// Adds up the JSON reports of Vitest and Playwright into one closing line: 'N passed, N failed'.
// It also fails when a part of the run found more than 2% fewer test files or tests than
// tests/expected-counts.json records for it, or left no report at all: a runner that quietly stops
// finding tests fails the run instead of passing a shorter one (docs/testing.md, "The count guard").
//   node scripts/summarise-tests.mjs [reports folder] [--counts file] [--record]
// --record writes this run's counts to the file (after adding tests; only from a run that passed).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How far below the recorded counts a part may fall before the run fails. */
const SHORTFALL = 0.02;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const countsFile =
  option('--counts') ?? fileURLToPath(new URL('../tests/expected-counts.json', import.meta.url));
const record = args.includes('--record');
const dir = args.find((arg) => !arg.startsWith('--')) ?? 'test-reports';

let passed = 0;
let failed = 0;
let skipped = 0;
/** Report file → how many test files and tests that part of the run found. */
const found = {};
/** 'file › test name' of each failed test, listed at the end where a CI log's tail shows them. */
const failures = [];

/** Playwright's specs, at any depth of its suites (describe blocks nest). */
function* playwrightSpecs(suite) {
  yield* suite.specs ?? [];
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child);
}

for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    found[name] = { files: report.testResults.length, tests: report.numTotalTests };
    for (const file of report.testResults)
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
  } else if (report.stats) {
    const { expected, unexpected, flaky, skipped: notRun } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    skipped += notRun;
    found[name] = {
      files: new Set(report.suites.map((suite) => suite.file)).size,
      tests: expected + unexpected + flaky + notRun,
    };
    const root = path.relative(process.cwd(), report.config?.rootDir ?? process.cwd());
    for (const suite of report.suites)
      for (const spec of playwrightSpecs(suite))
        for (const test of spec.tests ?? []) {
          const where = `${path.join(root, spec.file)}:${spec.line} › ${spec.title}`;
          if (test.status === 'unexpected') failures.push(where);
          else if (test.status === 'skipped') failures.push(`not run: ${where}`);
        }
  }
}

const recorded = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : {};
const short = [];
console.log('');
for (const name of [...new Set([...Object.keys(recorded), ...Object.keys(found)])].sort()) {
  const expected = recorded[name];
  const run = found[name];
  if (!run) {
    short.push(`${name}: no report (expected ${expected.files} files, ${expected.tests} tests)`);
    continue;
  }
  const against = expected ? ` (recorded: ${expected.files} files, ${expected.tests} tests)` : '';
  console.log(`${name}: ${run.files} files, ${run.tests} tests${against}`);
  if (!expected) continue;
  for (const what of ['files', 'tests'])
    if (run[what] < expected[what] * (1 - SHORTFALL))
      short.push(`${name}: ${run[what]} ${what} found, ${expected[what]} recorded`);
}

if (record) {
  if (failed > 0 || passed === 0) {
    console.error('Not recorded: the run did not pass.');
    process.exit(1);
  }
  writeFileSync(countsFile, `${JSON.stringify(found, null, 2)}\n`);
  console.log(`Counts recorded in ${path.relative(process.cwd(), countsFile)}`);
}

for (const line of short) console.error(`FEWER TESTS THAN RECORDED: ${line}`);
if (failures.length > 0)
  console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || (short.length > 0 && !record) ? 1 : 0);
