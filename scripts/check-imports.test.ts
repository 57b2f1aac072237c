import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclesOf, importsOf, importsUp, longFiles, moduleFloors, type Edge } from './check-imports';

const dir = path.join('.tmp', `check-imports-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

const edge = (from: string, to: string): Edge => ({ from, to, typeOnly: false, dynamic: false });

describe('import cycles', () => {
  it('finds a cycle that runs through a type-only import', () => {
    const draft = write('draft.ts', "import { LAST } from './steps';\nexport type Profile = { n: number };\n");
    const steps = write('steps.ts', "import type { Profile } from './draft';\nexport const LAST = 4;\n");
    const edges = [...importsOf(draft), ...importsOf(steps)];
    expect(edges.map((e) => [e.to, e.typeOnly])).toEqual([
      [steps, false],
      [draft, true],
    ]);
    expect(cyclesOf([draft, steps], edges)).toEqual([[draft, steps].sort()]);
  });

  it('counts dynamic imports and re-exports, and ignores packages', () => {
    const a = write('a.ts', "import { z } from 'zod';\nexport * from './b';\nexport const c = () => import('./c');\n");
    write('b.ts', 'export const b = 1;\n');
    write('c.ts', 'export const c = 1;\n');
    expect(importsOf(a).map((e) => [path.basename(e.to), e.dynamic])).toEqual([
      ['b.ts', false],
      ['c.ts', true],
    ]);
  });

  it('reports nothing for a tree, and every file of a longer loop once', () => {
    expect(cyclesOf(['a', 'b', 'c'], [edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
    expect(cyclesOf(['a', 'b', 'c', 'd'], [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(cyclesOf(['a'], [edge('a', 'a')])).toEqual([['a']]);
  });
});

describe('server layers', () => {
  const up = (from: string, to: string) => importsUp([edge(path.normalize(from), path.normalize(to))]).length;

  it('counts a production file importing a layer above its own, and nothing else', () => {
    // The two arrows the demo seeding drew while it lived in db/ (issue 34).
    expect(up('src/server/db/demo-account.ts', 'src/server/modules/auth/password.ts')).toBe(1);
    expect(up('src/server/db/demo-data/leads.ts', 'src/server/modules/leads/lead-scoring.ts')).toBe(1);
    expect(up('src/shared/schemas/leads.ts', 'src/server/errors.ts')).toBe(1);
    expect(up('src/server/modules/leads/leads.service.ts', 'src/server/app.ts')).toBe(1);
    // Down, sideways, from a test, or outside the server: not counted.
    expect(up('src/server/modules/demo/demo-account.ts', 'src/server/modules/auth/password.ts')).toBe(0);
    expect(up('src/server/main.ts', 'src/server/modules/demo/demo-account.ts')).toBe(0);
    expect(up('src/server/modules/leads/leads.service.ts', 'src/server/modules/tasks/tasks.service.ts')).toBe(0);
    expect(up('src/server/modules/leads/leads.db.test.ts', 'src/server/app.ts')).toBe(0);
    expect(up('src/client/main.tsx', 'src/server/app.ts')).toBe(0);
  });

  it('names the floors of the modules: a module one above the highest it imports', () => {
    const m = (area: string) => path.normalize(`src/server/modules/${area}/${area}.service.ts`);
    const floors = moduleFloors([
      edge(m('leads'), m('tasks')),
      edge(m('tasks'), m('auth')),
      edge(m('team'), m('auth')),
    ]);
    expect(floors).toEqual([['auth'], ['tasks', 'team'], ['leads']]);
  });

  it('finds production files over 400 lines, not tests', () => {
    const long = write('long.ts', 'x;\n'.repeat(401));
    const fine = write('fine.ts', 'x;\n'.repeat(400));
    const longTest = write('long.test.ts', 'x;\n'.repeat(500));
    expect(longFiles([long, fine, longTest])).toEqual([{ file: long, lines: 401 }]);
  });
});
