import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = path.join(__dirname, 'summarise-tests.mjs');
let dir: string;
let counts: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sa-summary-'));
  counts = path.join(dir, 'counts.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A Vitest JSON report of `files` files holding `tests` tests, all passed. */
function vitestReport(name: string, files: number, tests: number) {
  writeFileSync(
    path.join(dir, name),
    JSON.stringify({
      numPassedTests: tests,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      numTotalTests: tests,
      testResults: Array.from({ length: files }, (_, i) => ({ name: `file-${i}.test.ts` })),
    }),
  );
}

/** A Playwright JSON report of `files` spec files holding `tests` tests, all passed. */
function playwrightReport(files: number, tests: number) {
  writeFileSync(
    path.join(dir, 'playwright.json'),
    JSON.stringify({
      stats: { expected: tests, unexpected: 0, flaky: 0, skipped: 0 },
      suites: Array.from({ length: files }, (_, i) => ({ file: `page-${i}.spec.ts` })),
    }),
  );
}

function summarise(...extra: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, dir, '--counts', counts, ...extra], (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, output: `${out}${err}` }),
    );
  });
}

const record = (value: unknown) => writeFileSync(counts, JSON.stringify(value));

describe('the test summary', () => {
  it('passes a run that found at least the recorded test files and tests, and says how many', async () => {
    record({
      'vitest-unit.json': { files: 50, tests: 300 },
      'playwright.json': { files: 20, tests: 200 },
    });
    vitestReport('vitest-unit.json', 50, 310);
    playwrightReport(21, 200);
    const { code, output } = await summarise();
    expect(output).toContain(
      'vitest-unit.json: 50 files, 310 tests (recorded: 50 files, 300 tests)',
    );
    expect(output).toContain('playwright.json: 21 files, 200 tests');
    expect(output).toMatch(/510 passed, 0 failed\n$/);
    expect(code).toBe(0);
  });

  it('passes a part up to 2% short, fails one further short in files or in tests', async () => {
    record({ 'vitest-unit.json': { files: 50, tests: 300 } });
    vitestReport('vitest-unit.json', 49, 294);
    expect((await summarise()).code).toBe(0);
    vitestReport('vitest-unit.json', 49, 293);
    const tests = await summarise();
    expect(tests.code).toBe(1);
    expect(tests.output).toContain(
      'FEWER TESTS THAN RECORDED: vitest-unit.json: 293 tests found, 300 recorded',
    );
    vitestReport('vitest-unit.json', 48, 300);
    const files = await summarise();
    expect(files.code).toBe(1);
    expect(files.output).toContain('vitest-unit.json: 48 files found, 50 recorded');
  });

  it('fails a run with a recorded part missing, even if everything it ran passed', async () => {
    record({
      'vitest-unit.json': { files: 5, tests: 30 },
      'playwright.json': { files: 2, tests: 9 },
    });
    vitestReport('vitest-unit.json', 5, 30);
    const { code, output } = await summarise();
    expect(code).toBe(1);
    expect(output).toContain('playwright.json: no report (expected 2 files, 9 tests)');
  });

  it('records the counts of a run that passed, to raise them once tests are added', async () => {
    record({ 'vitest-unit.json': { files: 5, tests: 30 } });
    vitestReport('vitest-unit.json', 6, 40);
    playwrightReport(2, 9);
    expect((await summarise('--record')).code).toBe(0);
    expect(JSON.parse(readFileSync(counts, 'utf8'))).toEqual({
      'playwright.json': { files: 2, tests: 9 },
      'vitest-unit.json': { files: 6, tests: 40 },
    });
  });

  it('names each failed test at the end, and the tests a failure left unrun', async () => {
    writeFileSync(
      path.join(dir, 'vitest-integration.json'),
      JSON.stringify({
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 0,
        numTotalTests: 2,
        testResults: [
          {
            name: path.join(process.cwd(), 'tests/integration/outbox.test.ts'),
            assertionResults: [
              { status: 'passed', fullName: 'outbox sends once' },
              { status: 'failed', fullName: 'outbox marks it delivered' },
            ],
          },
        ],
      }),
    );
    const spec = (line: number, title: string, status: string) => ({
      file: 'audience.spec.ts',
      line,
      title,
      tests: [{ status }],
    });
    writeFileSync(
      path.join(dir, 'playwright.json'),
      JSON.stringify({
        config: { rootDir: path.join(process.cwd(), 'tests/e2e') },
        stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 1 },
        suites: [
          {
            file: 'audience.spec.ts',
            specs: [spec(10, 'a view is counted', 'expected')],
            suites: [
              {
                specs: [
                  spec(20, 'loading times arrive', 'unexpected'),
                  spec(30, 'a prefetch is not counted', 'skipped'),
                ],
              },
            ],
          },
        ],
      }),
    );
    const { code, output } = await summarise();
    expect(code).toBe(1);
    expect(output).toContain(
      [
        'Failed:',
        '  tests/e2e/audience.spec.ts:20 › loading times arrive',
        '  not run: tests/e2e/audience.spec.ts:30 › a prefetch is not counted',
        '  tests/integration/outbox.test.ts › outbox marks it delivered',
      ].join('\n'),
    );
    expect(output).toMatch(/2 passed, 2 failed, 1 skipped\n$/);
  });
});
