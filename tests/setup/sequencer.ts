// The order files start in. Vitest's own puts projects in name order, so the browser specs —
// the longest files, mostly waiting on a browser or a server — started last and ran on alone at
// the end. Here they start first and the CPU-bound database, client and unit files fill the
// other worker meanwhile; within a project Vitest's order stays (slowest known first).
//
// Vitest knows a file's duration only from an earlier run's cache; CI runs on a fresh clone, where
// it orders by file size, and a long file that is small (the fuzz) could start late in its project
// and run on alone while the other worker has nothing left. So within its project a file known to
// be long starts first, longest first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['e2e', 'db:postgres', 'db:pglite', 'client', 'unit'];
const rank = (spec: TestSpecification) => {
  const at = FIRST.indexOf(spec.project.name);
  return at < 0 ? FIRST.length : at;
};

/** Files over ~45 s each, longest first (`npm test` prints the slowest files). */
const LONG = [
  'tests/e2e/a11y.spec.ts',
  'tests/e2e/social.spec.ts',
  'tests/api/tenant-sweep.db.test.ts',
  'tests/api/fuzz.db.test.ts',
  'src/server/modules/social/social.processes.db.test.ts',
  'tests/api/smoke-providers.db.test.ts',
];
const longRank = (spec: TestSpecification) => {
  const at = LONG.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at < 0 ? LONG.length : at;
};

export default class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b) || longRank(a) - longRank(b));
  }
}
