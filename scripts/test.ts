// `npm test`: the static checks (type check, lint, format, imports, table ownership) run beside every Vitest
// project (unit, client, db on PGlite and — with TEST_DATABASE_URL — on PostgreSQL, browser),
// then a table of wall times per step and project, the slowest files, and one line of counts.
// `npm run test:quick` (`--quick`): type check, lint, unit and client only — the loop while coding.
// `npm test -- path/to/file` runs just that file, without the static checks.
// The imports step (scripts/check-imports.ts) fails on an import cycle, an import up a server layer
// or a production file over 400 lines.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { timingFile, type TimingReport } from './test-timing-reporter.ts';

const started = performance.now();
const bin = (name: string) => path.join('node_modules', '.bin', name);
const quick = process.argv.includes('--quick');
const extraArgs = process.argv.slice(2).filter((a) => a !== '--quick');

interface StepResult {
  label: string;
  ok: boolean;
  seconds: number;
}

/** Runs a command; `quiet` keeps its output until it ends (so parallel steps do not interleave). */
function step(label: string, cmd: string, args: string[], quiet: boolean): Promise<StepResult> {
  const t0 = performance.now();
  if (!quiet) console.log(`\n▶ ${label}`);
  const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const result = { label, ok: code === 0, seconds: (performance.now() - t0) / 1000 };
      if (out.trim()) console.log(`\n── ${label} ──\n${out.trimEnd()}`);
      console.log(`${result.ok ? '✔' : '✘'} ${label} (${result.seconds.toFixed(1)} s)`);
      resolve(result);
    });
  });
}

const checks = extraArgs.length
  ? [] // a focused run (`npm test -- path`) skips the whole-project checks
  : [
      step('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], true),
      step('lint', bin('eslint'), ['--max-warnings', '0', '.'], true),
      ...(quick
        ? []
        : [
            step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.'], true),
            step('imports', process.execPath, ['--import', 'tsx', 'scripts/check-imports.ts', 'src'], true),
            step('table ownership', process.execPath, ['--import', 'tsx', 'scripts/check-tables.ts'], true),
          ]),
    ];

mkdirSync('.tmp', { recursive: true });
const report = path.join('.tmp', 'vitest-report.json');
rmSync(timingFile, { force: true });
const vitest = await step(
  'tests',
  bin('vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./scripts/test-timing-reporter.ts',
    ...(quick ? ['--project', 'unit', '--project', 'client'] : []),
    ...extraArgs,
  ],
  false,
);
const checked = await Promise.all(checks);

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
if (!vitest.ok && counts.failed === 0) counts.failed = 1; // e.g. a failing global setup
for (const { ok } of checked) {
  if (ok) counts.passed++;
  else counts.failed++;
}

// The table: each step's wall time, then each Vitest project's (first file start to last file
// end; projects share the workers, so their spans overlap) and its files' time added up.
const rows: [string, string, string][] = checked.map((c) => [c.label, c.seconds.toFixed(1), '']);
rows.push(['tests (all projects)', vitest.seconds.toFixed(1), '']);
let slowest: TimingReport['slowest'] = [];
try {
  const timing = JSON.parse(readFileSync(timingFile, 'utf8')) as TimingReport;
  for (const [name, t] of Object.entries(timing.projects).sort()) {
    rows.push([`  ${name} (${t.files} files)`, (t.wallMs / 1000).toFixed(1), (t.fileMs / 1000).toFixed(1)]);
  }
  slowest = timing.slowest;
} catch {
  // no timing file: Vitest did not get as far as running files
}
const seconds = (performance.now() - started) / 1000;
rows.push(['whole run', seconds.toFixed(1), '']);
const w = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'step'.padEnd(w)}  wall s  files s`);
for (const [label, wall, files] of rows) console.log(`${label.padEnd(w)}  ${wall.padStart(6)}  ${files.padStart(7)}`);
if (slowest.length) {
  console.log('\nslowest files:');
  for (const s of slowest) console.log(`  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.project}  ${s.file}`);
}
console.log(`\n(type check, lint, format, imports and table ownership count as one test each)`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed === 0 && vitest.ok && checked.every((c) => c.ok) ? 0 : 1);
