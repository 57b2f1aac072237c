// What the contract check of the fakes found in this test process: violations (a request our
// client sent, or an answer a fake gave, that the provider's description does not allow) fail the
// test that caused them (tests/setup/contracts.ts); calls no description covers are listed.

export interface Violation {
  provider: string;
  call: string;
  problems: string[];
}

const violations: Violation[] = [];
/** Operations checked, as `provider METHOD template`, with how often (CONTRACT_REPORT=1 prints them). */
const checked = new Map<string, number>();
const unverified = new Set<string>();
let printed = new Set<string>();

export function recordViolation(violation: Violation): void {
  violations.push(violation);
}

export function recordChecked(provider: string, method: string, template: string): void {
  const key = `${provider} ${method} ${template}`;
  checked.set(key, (checked.get(key) ?? 0) + 1);
}

export function checkedCalls(): Map<string, number> {
  return checked;
}

/** Ids and other variable segments collapse, so one call is one line however often it is made. */
export function recordUnverified(method: string, path: string, provider: string): void {
  const shape = path.replace(/\/(?=[^/]*\d{3})[^/]+|\/[^/]{24,}/g, '/{id}');
  unverified.add(`unverified: ${method} ${shape} (${provider})`);
}

/** The violations since the last call, and forgets them. */
export function takeViolations(): Violation[] {
  return violations.splice(0);
}

/** The unverified calls not yet printed in this process. */
export function takeUnverified(): string[] {
  const fresh = [...unverified].filter((line) => !printed.has(line)).sort();
  printed = new Set(unverified);
  return fresh;
}

export function describeViolations(found: Violation[]): string {
  return found.map((v) => `contract violation (${v.provider}) ${v.call}:\n  - ${v.problems.join('\n  - ')}`).join('\n');
}
