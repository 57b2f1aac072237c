// The order files start in. Vitest's own puts projects in name order, so the browser specs —
// the longest files, mostly waiting on a browser or a server — started last and ran on alone at
// the end. Here they start first and the CPU-bound database, client and unit files fill the
// other worker meanwhile; within a project Vitest's order stays (slowest known first).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['e2e', 'db:postgres', 'db:pglite', 'client', 'unit'];
const rank = (spec: TestSpecification) => {
  const at = FIRST.indexOf(spec.project.name);
  return at < 0 ? FIRST.length : at;
};

export default class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
