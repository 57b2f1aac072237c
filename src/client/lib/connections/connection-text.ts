import type { TConnectionProblem } from '@shared/schemas/connections';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 20" */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
/** "Nov 20, 9:41 AM" */
export const formatMoment = (iso: string) => MOMENT.format(new Date(iso));

/** The one line of a problem: "Reconnect Facebook — the access was revoked on Nov 20". */
export function problemHeadline(problem: TConnectionProblem): string {
  return problem.fix === 'reconnect'
    ? `${problem.action} — ${problem.reason} on ${formatDay(problem.since)}`
    : `${problem.action} — ${problem.reason} (since ${formatDay(problem.since)})`;
}

/** A scope as a person reads it: Google's URLs by their last part. */
export const scopeLabel = (scope: string) => scope.split('/').pop() ?? scope;
