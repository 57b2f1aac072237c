import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclesOf, importsOf, type Edge } from './check-imports';

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
