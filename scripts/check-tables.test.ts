import { describe, expect, it } from 'vitest';
import { areaOf, checkOwnership, tablesImportedBy, violations } from './check-tables';

const TASKS_REPO = 'src/server/modules/tasks/tasks.repo.ts';
const text = (imports: string) => `${imports}\nexport const x = 1;\n`;

describe('table ownership', () => {
  it("reads the tables a file imports from the schema, not its types or another module's imports", () => {
    const found = tablesImportedBy(
      TASKS_REPO,
      text(
        "import { leads, tasks, type users } from '#server/db/schema/index.ts';\n" +
          "import type { reviews } from '../../db/schema/index.ts';\n" +
          "import { eq } from 'drizzle-orm';\nimport { leadsRepo } from '#server/modules/leads/leads.repo.ts';",
      ),
    );
    expect(found.map((f) => f.table)).toEqual(['leads', 'tasks']);
  });

  it("a repo that imports another area's table is a violation naming the owner; its own tables are not", () => {
    const imports = tablesImportedBy(TASKS_REPO, text("import { leads, tasks } from '#server/db/schema/index.ts';"));
    expect(violations(imports)).toEqual([{ file: TASKS_REPO, table: 'leads', owner: 'leads' }]);
    expect(areaOf('src/server/ai/usage.repo.ts')).toBe('ai');
    expect(violations([{ file: 'src/server/ai/usage.repo.ts', table: 'aiUsage' }])).toEqual([]);
  });

  it('a listed exception passes, an unlisted violation fails, and an exception that no longer holds fails', () => {
    const imports = [
      { file: TASKS_REPO, table: 'leads' },
      { file: TASKS_REPO, table: 'reviews' },
    ];
    const listed = [
      { file: TASKS_REPO, table: 'leads' },
      { file: 'src/server/modules/team/team.repo.ts', table: 'users' },
    ];
    expect(checkOwnership(imports, listed)).toEqual({
      unexpected: [{ file: TASKS_REPO, table: 'reviews', owner: 'reviews' }],
      stale: [{ file: 'src/server/modules/team/team.repo.ts', table: 'users' }],
      excepted: 1,
    });
  });
});
