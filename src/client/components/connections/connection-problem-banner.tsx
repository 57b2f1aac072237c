import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { TConnection, TProvider } from '@shared/schemas/connections';
import { Button } from '@/components/ui/button';
import { hasRole } from '@/lib/auth/roles';
import type { TAuthUser } from '@shared/schemas/auth';
import { errorMessage } from '@/lib/api';
import { useCheckConnection, useConnectionProblems, useStartConnection } from '@/lib/connections/connections-api';
import { problemHeadline } from '@/lib/connections/connection-text';

/**
 * A connection problem on a screen that depends on it: the headline in plain English and the one
 * action that fixes it. Without `provider`, every connection's problem shows (the dashboard).
 */
export function ConnectionProblemBanner({ user, provider }: { user: TAuthUser | null; provider?: TProvider }) {
  const problems = useConnectionProblems(user !== null).filter((c) => !provider || c.provider === provider);
  if (problems.length === 0) return null;
  return (
    <div className="space-y-2">
      {problems.map((connection) => (
        <ProblemBanner key={connection.provider} connection={connection} canFix={hasRole(user?.role, 'manager')} />
      ))}
    </div>
  );
}

function ProblemBanner({ connection, canFix }: { connection: TConnection; canFix: boolean }) {
  const problem = connection.problem!;
  const start = useStartConnection();
  const check = useCheckConnection(connection.provider);
  const busy = start.isPending || check.isPending;
  const failure = start.error ?? check.error;
  return (
    <div
      role="alert"
      aria-label={`${problem.action}`}
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{problemHeadline(problem)}</p>
        <p className="mt-0.5 text-amber-900">{problem.message}</p>
        {failure ? (
          <p className="mt-1 text-red-800">{errorMessage(failure, 'That did not work. Please try again.')}</p>
        ) : null}
      </div>
      {canFix ? (
        <Button
          size="sm"
          className="shrink-0"
          disabled={busy}
          onClick={() => (problem.fix === 'reconnect' ? start.mutate(connection.provider) : check.mutate(undefined))}
        >
          {busy ? 'Working...' : problem.action}
        </Button>
      ) : (
        <Link href="/settings?tab=connections" className="shrink-0 font-semibold text-amber-900 underline">
          Ask a manager — see Connections
        </Link>
      )}
    </div>
  );
}
