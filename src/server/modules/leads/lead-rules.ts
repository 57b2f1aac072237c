import type { TLeadStatus } from '#shared/schemas/leads.ts';

// The rules of the spec (status changes through PATCH) and the documented criteria of
// automatic qualification (docs/decisions/007-lead-scoring.md). Pure, so both are easy to read.

const ALLOWED =
  'Allowed changes: Contact (to contacted, from any other status), Mark New (to new, only from contacted) and Convert (to converted, from any other status); use Qualify to qualify a new lead.';

/** Why `from` → `to` is refused through PATCH, or null when it is allowed. */
export function transitionError(from: TLeadStatus, to: TLeadStatus): string | null {
  if (from === to) return `This lead is already ${to}. ${ALLOWED}`;
  if (to === 'contacted' || to === 'converted') return null;
  if (to === 'new')
    return from === 'contacted' ? null : `Only a contacted lead can be marked new; this one is ${from}. ${ALLOWED}`;
  if (to === 'qualified')
    return `A lead is qualified by Qualify, which checks the criteria, not by setting its status. ${ALLOWED}`;
  return `A lead can't be moved to ${to}. ${ALLOWED}`;
}

/** Automatic qualification: a reachable, promising, recent lead. */
export const QUALIFY_MIN_SCORE = 30;
export const QUALIFY_MAX_AGE_DAYS = 30;

export interface QualifyInput {
  email: string | null;
  phone: string | null;
  leadScore: number;
  ageDays: number;
}

export interface Qualification {
  qualified: boolean;
  /** When qualified, the criteria met; otherwise only the ones missing. */
  reasons: string[];
}

export function qualify(input: QualifyInput): Qualification {
  const days = Math.floor(input.ageDays);
  const came = days < 1 ? 'Came in today' : `Came in ${days} day${days === 1 ? '' : 's'} ago`;
  const contact = input.phone && input.email ? 'phone and email' : input.phone ? 'phone' : 'email';
  const checks = [
    {
      ok: Boolean(input.phone || input.email),
      met: `Reachable by ${contact}`,
      missing: 'No phone number or email to reach them',
    },
    {
      ok: input.leadScore >= QUALIFY_MIN_SCORE,
      met: `Lead score ${input.leadScore} meets the minimum of ${QUALIFY_MIN_SCORE}`,
      missing: `Lead score ${input.leadScore} is below the minimum of ${QUALIFY_MIN_SCORE}`,
    },
    {
      ok: input.ageDays <= QUALIFY_MAX_AGE_DAYS,
      met: `${came}, within ${QUALIFY_MAX_AGE_DAYS} days`,
      missing: `${came}; leads older than ${QUALIFY_MAX_AGE_DAYS} days are stale`,
    },
  ];
  const qualified = checks.every((c) => c.ok);
  return {
    qualified,
    reasons: qualified ? checks.map((c) => c.met) : checks.filter((c) => !c.ok).map((c) => c.missing),
  };
}
