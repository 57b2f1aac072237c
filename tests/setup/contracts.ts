// A test whose calls to a fake broke a provider's published description fails here, with what
// broke (tests/fakes/listen.ts checks them). Calls no description covers are printed once a file.
import { afterAll, afterEach } from 'vitest';
import { checkedCalls, describeViolations, takeUnverified, takeViolations } from '../contracts/record.ts';

afterEach(() => {
  const found = takeViolations();
  if (found.length) throw new Error(describeViolations(found));
});

afterAll(() => {
  const found = takeViolations();
  const unverified = takeUnverified();
  if (unverified.length) console.log(unverified.join('\n'));
  // For the report of what was checked: CONTRACT_REPORT=1 lists every described operation called.
  if (process.env.CONTRACT_REPORT)
    console.log([...checkedCalls()].map(([call, n]) => `checked: ${call} ×${n}`).join('\n'));
  if (found.length) throw new Error(describeViolations(found));
});
