import { useId, useState, type ReactNode } from 'react';
import { CircleAlert, Link2, RefreshCw, Unplug } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import type { TConnection } from '@shared/schemas/connections';
import { PROVIDER_DETAILS, PROVIDER_NAMES, type TConnectionState } from '@shared/connections';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/form/form-alert';
import { ConnectedBadge } from '@/components/config-form/connected-badge';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage } from '@/lib/api';
import {
  useAccountChoices,
  useCheckConnection,
  useConnections,
  useDisconnect,
  useSelectAccount,
  useStartConnection,
} from '@/lib/connections/connections-api';
import { formatMoment, problemHeadline, scopeLabel } from '@/lib/connections/connection-text';
import { GooglePropertiesPicker } from '@/components/connections/google-properties-picker';
import { ConnectionsIntro, ConnectionsReadOnlyNote, ConnectionsSkeleton } from './connections-placeholder';

const OUTCOME_TEXT: Record<string, (name: string) => { tone: 'success' | 'error'; text: string }> = {
  connected: (name) => ({ tone: 'success', text: `${name} is connected. Choose which account to use below.` }),
  chosen: (name) => ({ tone: 'success', text: `${name} is connected again.` }),
  denied: (name) => ({ tone: 'error', text: `${name} was not connected: the permission request was declined.` }),
  failed: (name) => ({
    tone: 'error',
    text: `${name} could not be connected. Please start again; if it keeps failing, ${name} may be down.`,
  }),
};

/**
 * Settings → Connections, the health centre (issue 14): each connection with its account,
 * permissions, last success and token expiry, and any problem in plain English with the one
 * action that fixes it.
 */
export function ConnectionsTab({ canEdit }: { canEdit: boolean }) {
  const connections = useConnections();
  const params = new URLSearchParams(useSearch());
  const from = params.get('provider');
  const choosing = connections.data?.connections.some((c) => c.provider === from && c.state === 'choose_account');
  // "Choose below" only while there is something to choose.
  const shown = params.get('outcome') === 'connected' && !choosing ? null : params.get('outcome');
  const outcome = OUTCOME_TEXT[shown ?? '']?.(PROVIDER_NAMES[from as keyof typeof PROVIDER_NAMES] ?? 'The account');

  return (
    <div className="space-y-4">
      <ConnectionsIntro />
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      {!canEdit ? <ConnectionsReadOnlyNote /> : null}
      {connections.data ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {connections.data.connections.map((c) => (
            <ConnectionCard key={c.provider} connection={c} canEdit={canEdit} />
          ))}
        </div>
      ) : connections.isError ? (
        <div className="space-y-3">
          <FormAlert tone="error">{errorMessage(connections.error, 'Could not load your connections.')}</FormAlert>
          <Button variant="outline" onClick={() => void connections.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ConnectionsSkeleton />
      )}
    </div>
  );
}

const BADGES: Record<TConnectionState, () => ReactNode> = {
  healthy: () => <ConnectedBadge label="Healthy" />,
  problem: () => <Badge variant="destructive">Needs attention</Badge>,
  choose_account: () => <Badge variant="warning">Choose an account</Badge>,
  disconnected: () => <Badge variant="secondary">Not connected</Badge>,
  not_configured: () => <Badge variant="outline">Not set up</Badge>,
};

function ConnectionCard({ connection: c, canEdit }: { connection: TConnection; canEdit: boolean }) {
  const details = PROVIDER_DETAILS[c.provider];
  const name = PROVIDER_NAMES[c.provider];
  const start = useStartConnection();
  const check = useCheckConnection(c.provider);
  const startError = start.error ? errorMessage(start.error, 'The connection could not be started.') : null;

  return (
    <SettingsCard
      id={`connection-${c.provider}`}
      title={details.title}
      description={details.covers}
      badge={BADGES[c.state]()}
    >
      <div className="space-y-4">
        {c.problem ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="flex items-start gap-2 font-semibold">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problemHeadline(c.problem)}
            </p>
            <p className="mt-1 pl-6 text-red-800">{c.problem.message}</p>
            {canEdit ? (
              <div className="mt-3 pl-6">
                <Button
                  size="sm"
                  disabled={start.isPending || check.isPending}
                  onClick={() => (c.problem?.fix === 'reconnect' ? start.mutate(c.provider) : check.mutate(undefined))}
                >
                  {c.problem.fix === 'reconnect' ? <Link2 aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
                  {c.problem.action}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}

        {c.state === 'choose_account' && canEdit ? <AccountPicker connection={c} /> : null}
        {c.provider === 'google' && c.state === 'healthy' && canEdit ? <GooglePropertiesPicker /> : null}

        {c.state === 'not_configured' ? (
          <p className="text-sm text-slate-600">
            Signing in with {name} is not set up on this server.{' '}
            {c.provider === 'google' ? (
              <>Your administrator can add the Google app credentials (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).</>
            ) : (
              <>
                Paste your {name} credentials in{' '}
                <Link href="/settings?tab=social" className="font-medium text-brand-700 underline">
                  Settings → Social
                </Link>{' '}
                instead.
              </>
            )}
          </p>
        ) : null}

        {c.state === 'disconnected' ? (
          <p className="text-sm text-slate-600">Connect once; afterwards you choose the {details.picks} to use.</p>
        ) : null}

        {c.source ? <ConnectionFacts connection={c} /> : null}

        {startError ? <FormAlert tone="error">{startError}</FormAlert> : null}
        {check.error ? (
          <FormAlert tone="error">{errorMessage(check.error, 'The check could not run.')}</FormAlert>
        ) : null}

        {canEdit && c.state !== 'not_configured' ? (
          <div className="flex flex-wrap gap-2">
            {c.state === 'disconnected' ? (
              <Button disabled={start.isPending} onClick={() => start.mutate(c.provider)}>
                <Link2 aria-hidden="true" />
                {start.isPending ? 'Opening…' : `Connect ${name}`}
              </Button>
            ) : null}
            {c.state === 'healthy' ? (
              <Button variant="outline" disabled={check.isPending} onClick={() => check.mutate(undefined)}>
                <RefreshCw aria-hidden="true" />
                {check.isPending ? 'Checking…' : 'Check now'}
              </Button>
            ) : null}
            {c.source ? <DisconnectButton connection={c} /> : null}
          </div>
        ) : null}
      </div>
    </SettingsCard>
  );
}

function ConnectionFacts({ connection: c }: { connection: TConnection }) {
  const never = c.source === 'manual' ? 'Pasted in Settings → Social' : 'Does not expire';
  const facts: [string, ReactNode][] = [
    ['Account', c.accountName ?? 'Not chosen yet'],
    [
      'Permissions',
      c.scopes.length ? (
        <span className="flex flex-wrap gap-1">
          {c.scopes.map((s) => (
            <code key={s} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {scopeLabel(s)}
            </code>
          ))}
        </span>
      ) : (
        '—'
      ),
    ],
    ['Last success', c.lastSuccessAt ? formatMoment(c.lastSuccessAt) : 'Never'],
    ['Next token expiry', c.expiresAt ? formatMoment(c.expiresAt) : never],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-500">{term}</dt>
          <dd className="mb-1 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountPicker({ connection: c }: { connection: TConnection }) {
  const details = PROVIDER_DETAILS[c.provider];
  const choices = useAccountChoices(c.provider, true);
  const select = useSelectAccount(c.provider);
  const [picked, setPicked] = useState<string>('');
  const groupId = useId();

  if (choices.isPending) return <Skeleton className="h-20 w-full" />;
  if (choices.isError)
    return (
      <FormAlert tone="error">{errorMessage(choices.error, 'Could not load the accounts to choose from.')}</FormAlert>
    );
  const accounts = choices.data.accounts;
  if (accounts.length === 0)
    return (
      <FormAlert tone="error">
        {PROVIDER_NAMES[c.provider]} lists no {details.picks} for this sign-in. Reconnect with an account that manages
        one.
      </FormAlert>
    );
  return (
    <fieldset className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/50 p-3">
      <legend id={groupId} className="px-1 text-sm font-semibold text-slate-900">
        Which {details.picks} should Fieldwise use?
      </legend>
      <div className="space-y-1.5">
        {accounts.map((a) => (
          <label
            key={a.id}
            className="flex cursor-pointer items-start gap-3 rounded-md bg-white px-3 py-2 text-sm shadow-xs ring-1 ring-slate-200 has-checked:ring-2 has-checked:ring-brand-500"
          >
            <input
              type="radio"
              name={`account-${c.provider}`}
              value={a.id}
              checked={picked === a.id}
              onChange={() => setPicked(a.id)}
              className="mt-0.5 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{a.name}</span>
              {a.detail ? <span className="block text-xs text-slate-500">{a.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {select.error ? <FormAlert tone="error">{errorMessage(select.error, 'That did not work.')}</FormAlert> : null}
      <Button disabled={!picked || select.isPending} onClick={() => select.mutate(picked)}>
        {select.isPending ? 'Saving…' : `Use this ${details.picks}`}
      </Button>
    </fieldset>
  );
}

function DisconnectButton({ connection: c }: { connection: TConnection }) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnect(c.provider);
  const name = PROVIDER_NAMES[c.provider];
  return (
    <>
      <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setOpen(true)}>
        <Unplug aria-hidden="true" />
        Disconnect
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Disconnect ${name}?`}
        description={`Fieldwise gives the access back to ${name} and forgets it. Anything that needs ${name} stops until you connect again.`}
        confirmLabel={disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
        pending={disconnect.isPending}
        error={disconnect.error ? errorMessage(disconnect.error, 'That did not work.') : null}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
