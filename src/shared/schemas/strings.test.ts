import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as auth from './auth.ts';
import * as dashboard from './dashboard.ts';
import * as dashboardLayout from './dashboard-layout.ts';
import * as events from './events.ts';
import * as felix from './felix.ts';
import * as keywords from './keywords.ts';
import * as leads from './leads.ts';
import * as nextSteps from './next-steps.ts';
import * as onboarding from './onboarding.ts';
import * as settings from './settings.ts';
import * as system from './system.ts';
import * as tasks from './tasks.ts';
import * as push from './push.ts';
import * as team from './team.ts';
import * as billing from './billing.ts';
import * as connections from './connections.ts';
import * as conversations from './conversations.ts';
import * as reviews from './reviews.ts';
import * as social from './social.ts';
import * as website from './website.ts';
import * as work from './work.ts';
import { TEXT_NOT_ALLOWED } from './string.ts';

// Security review, finding 6: U+0000 and unpaired surrogates in any string were a 500
// (PostgreSQL refuses them). Every string in every shared schema must refuse them as a 400.
type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema reachable from `schema`, with a path for the failure message. */
function strings(schema: z.ZodType, path: string, seen = new Set<unknown>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, p: string) => strings(child as z.ZodType, p, seen);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'record':
      return walk(def.valueType, `${path}{}`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o, i) => walk(o, `${path}|${i}`));
    case 'pipe':
      return walk(def.in, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    default:
      return [];
  }
}

const modules = {
  auth,
  billing,
  connections,
  conversations,
  reviews,
  dashboard,
  dashboardLayout,
  events,
  felix,
  keywords,
  leads,
  nextSteps,
  onboarding,
  settings,
  social,
  system,
  tasks,
  push,
  team,
  website,
  work,
};
const all = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([name, value]) => name.startsWith('Z') && typeof value === 'object' && value && '_zod' in value)
    .flatMap(([name, value]) => strings(value as z.ZodType, `${file}.${name}`)),
);

describe('every string in src/shared/schemas', () => {
  it('finds the strings to check', () => expect(all.length).toBeGreaterThan(100));

  it.each([
    ['a NUL', 'Pat\u0000Lee'],
    ['a lone high surrogate', 'Pat\uD83DLee'],
    ['a lone low surrogate', 'Pat\uDE00Lee'],
  ])('refuses %s', (_what, value) => {
    const accepted = all.filter(([, s]) => s.safeParse(value).success).map(([p]) => p);
    expect(accepted.join('\n')).toBe('');
    // Plain text fields say why, in a sentence (formats such as e-mail or UUID refuse it anyway).
    const plain = all.filter(([, s]) => !defOf(s).format);
    for (const [p, s] of plain) expect(s.safeParse(value).error?.issues[0]?.message, p).toBe(TEXT_NOT_ALLOWED);
  });

  it('still accepts emoji and accents (paired surrogates)', () => {
    expect(leads.ZCreateLeadRequest.safeParse({ name: 'Zoë 🔧', service: 'x', location: 'y' }).success).toBe(true);
  });

  // Finding 1's sweep: no string check may be super-linear. Each value is ~1 MB (the largest
  // body an authenticated route accepts) and shaped to make backtracking patterns slow. A linear
  // check takes milliseconds, a quadratic one minutes; the 2 s line sits far from both, so a busy
  // machine does not fail it and a backtracking pattern cannot pass it.
  it('answers 1 MB hostile values in linear time', () => {
    const hostile = [
      'a'.repeat(1_000_000),
      `a${'.a'.repeat(500_000)} x`,
      `${'/'.repeat(1_000_000)}x`,
      `${'1'.repeat(1_000_000)}a`,
      `${'a-'.repeat(500_000)}@`,
    ];
    const slow: string[] = [];
    for (const [path, schema] of all) {
      for (const value of hostile) {
        const started = performance.now();
        schema.safeParse(value);
        const ms = performance.now() - started;
        if (ms > 2000) slow.push(`${path}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});
