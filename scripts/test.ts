// `npm test`: type check, lint, then every Vitest project (unit, client, db on PGlite and — with
// TEST_DATABASE_URL — on PostgreSQL, browser) in one run, ending with one line of counts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const started = performance.now();
const bin = (name: string) => path.join('node_modules', '.bin', name);
const extraArgs = process.argv.slice(2);

function step(label: string, cmd: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const t0 = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

const checks = extraArgs.length
  ? [] // a focused run (`npm test -- path`) skips the whole-project checks
  : [
      step('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
      step('lint', bin('eslint'), ['--max-warnings', '0', '.']),
      step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
      step('import cycles', process.execPath, ['--import', 'tsx', 'scripts/check-imports.ts', 'src']),
    ];

mkdirSync('.tmp', { recursive: true });
const report = path.join('.tmp', 'vitest-report.json');
const vitestOk = step('tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extraArgs,
]);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}
let counts = { passed: 0, failed: 0, skipped: 0 };
try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  counts = {
    passed: r.numPassedTests,
    failed: r.numFailedTests + r.numFailedTestSuites,
    skipped: r.numPendingTests + r.numTodoTests,
  };
} catch {
  counts.failed += 1; // no report means Vitest itself failed to run
}
if (!vitestOk && counts.failed === 0) counts.failed = 1; // e.g. a failing global setup
for (const ok of checks) {
  if (ok) counts.passed++;
  else counts.failed++;
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nWhole suite took ${seconds} s (type check, lint, format and import cycles count as one test each).`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed === 0 && vitestOk && checks.every(Boolean) ? 0 : 1);
