import { describe, expect, it } from 'vitest';
import { blockIsCurrent, ownershipBlock, withBlock } from './architecture-tables.ts';

describe("ARCHITECTURE's table of areas and their tables", () => {
  const owners = { leads: 'leads', activities: 'leads', tasks: 'tasks', aiUsage: 'ai' };

  it('lists every module, the tables each owns by SQL name, an area without tables, then the foundation owners', () => {
    const block = ownershipBlock(['dashboard', 'leads', 'tasks'], owners);
    expect(block.split('\n').filter((l) => l.startsWith('| `'))).toEqual([
      '| `modules/dashboard` | — (reads through the owners) |',
      '| `modules/leads` | `activities`, `leads` |',
      '| `modules/tasks` | `tasks` |',
      '| `ai/` | `ai_usage` |',
    ]);
  });

  it('replaces only the block between its markers, and knows a stale one', () => {
    const empty = ownershipBlock([], {});
    const doc = `# Title\n\nbefore\n${empty}\nafter\n`;
    const block = ownershipBlock(['tasks'], owners);
    const written = withBlock(doc, block);
    expect(written).toBe(`# Title\n\nbefore\n${block}\nafter\n`);
    expect(blockIsCurrent(doc)).toBe(false);
    expect(() => withBlock('# No markers\n', block)).toThrow(/no generated block/);
  });

  it('the repository document is current', () => {
    expect(blockIsCurrent()).toBe(true);
  });
});
