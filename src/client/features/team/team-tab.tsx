import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Mail, RotateCw, UserMinus, X } from 'lucide-react';
import type { TRole } from '@shared/schemas/auth';
import type { TSeatUsage, TTeamMember } from '@shared/schemas/team';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EMAIL_INPUT, TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/config-form/select-field';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import {
  useChangeRole,
  useInvitations,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeamMembers,
} from './team-api';

export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Admin' },
] as const satisfies readonly { value: TRole; label: string }[];

const ROLE_HINT: Record<TRole, string> = {
  user: 'Uses the app; reads settings.',
  manager: 'Also changes integration settings.',
  admin: 'Also manages the team, billing and white label.',
};

const fullName = (m: Pick<TTeamMember, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/** Settings → Team. Everyone sees who is in the business; only an admin changes it (docs/roles.md). */
export function TeamTab({ isAdmin }: { isAdmin: boolean }) {
  const members = useTeamMembers();
  if (members.isError)
    return <FormAlert tone="error">{errorMessage(members.error, 'Could not load your team.')}</FormAlert>;
  if (!members.data) return <Skeleton className="h-48 w-full" />;
  const { seats } = members.data;
  const full = seats.limit !== null && seats.used >= seats.limit;
  return (
    <div className="space-y-6">
      <SettingsCard
        id="team-members"
        title="Team members"
        description={<SeatLine seats={seats} full={full} isAdmin={isAdmin} />}
      >
        <ul className="divide-y divide-slate-200" aria-label="Team members">
          {members.data.members.map((m) => (
            <MemberRow key={m.userId} member={m} isAdmin={isAdmin} />
          ))}
        </ul>
      </SettingsCard>
      {isAdmin ? (
        <>
          <InviteCard full={full} seats={seats} />
          <InvitationsCard />
        </>
      ) : (
        <p className="text-sm text-slate-600">Only an admin can invite people or change roles.</p>
      )}
    </div>
  );
}

function SeatLine({ seats, full, isAdmin }: { seats: TSeatUsage; full: boolean; isAdmin: boolean }) {
  if (seats.limit === null)
    return <>{`${seats.used} ${seats.used === 1 ? 'person' : 'people'} on the ${seats.planName} plan (no limit).`}</>;
  return (
    <>
      {`${seats.used} of ${seats.limit} seats used on the ${seats.planName} plan (pending invitations count).`}
      {full ? (
        <>
          {' '}
          {isAdmin ? (
            <Link href="/settings?tab=billing" className="font-semibold text-brand-700 underline">
              Upgrade for more seats
            </Link>
          ) : (
            'Ask an admin to upgrade for more seats.'
          )}
        </>
      ) : null}
    </>
  );
}

function MemberRow({ member, isAdmin }: { member: TTeamMember; isAdmin: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(member);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {name}
          {member.isYou ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
      </div>
      <div className="flex items-end gap-2">
        {isAdmin ? (
          <div className="w-36">
            <SelectField
              id={`role-${member.userId}`}
              label={`Role of ${name}`}
              options={ROLE_OPTIONS}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(e) =>
                changeRole.mutate(
                  { userId: member.userId, role: e.target.value as TRole },
                  {
                    onSuccess: () => toast({ title: 'Role changed', description: `${name} is now ${e.target.value}.` }),
                    onError: (err) =>
                      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed.') }),
                  },
                )
              }
            />
          </div>
        ) : (
          <Badge variant={member.role === 'admin' ? 'default' : 'secondary'} className="capitalize">
            {member.role}
          </Badge>
        )}
        {isAdmin ? (
          <Button variant="outline" size="icon" aria-label={`Remove ${name}`} onClick={() => setConfirming(true)}>
            <UserMinus />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${name}?`}
        description="They lose access to this business at once and are signed out of it. Their leads and posts stay."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed.') : null}
        onConfirm={() => remove.mutate(member.userId, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

function InviteCard({ full, seats }: { full: boolean; seats: TSeatUsage }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('user');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = fieldErrorsOf(invite.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (inv) => {
          setSentTo(inv.email);
          setEmail('');
        },
      },
    );
  };

  return (
    <SettingsCard
      id="team-invite"
      title="Invite someone"
      description="They get an email with a link that works for 7 days."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {full ? (
          <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            {`Every seat of your ${seats.planName} plan is taken. `}
            <Link href="/settings?tab=billing" className="font-semibold underline">
              Upgrade in Billing
            </Link>{' '}
            or revoke a pending invitation to invite someone else.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextField
            id="invite-email"
            {...EMAIL_INPUT}
            label="Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fields.email}
            required
          />
          <SelectField
            id="invite-role"
            label="Role"
            options={ROLE_OPTIONS}
            value={role}
            onChange={(e) => setRole(e.target.value as TRole)}
          />
        </div>
        <p className="text-xs text-slate-600">{ROLE_HINT[role]}</p>
        {invite.isError && !fields.email ? (
          <FormAlert tone="error">{errorMessage(invite.error, 'The invitation could not be sent.')}</FormAlert>
        ) : null}
        {sentTo && !invite.isError ? <FormAlert tone="success">{`Invitation sent to ${sentTo}.`}</FormAlert> : null}
        <Button type="submit" disabled={invite.isPending || full || !email.trim()}>
          <Mail aria-hidden="true" />
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
    </SettingsCard>
  );
}

function InvitationsCard() {
  const invitations = useInvitations(true);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const list = invitations.data?.invitations ?? [];
  return (
    <SettingsCard id="team-invitations" title="Pending invitations">
      {invitations.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
          {list.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{inv.email}</p>
                <p className="text-sm text-slate-600">
                  <span className="capitalize">{inv.role}</span> · sent {new Date(inv.lastSentAt).toLocaleDateString()}
                  {inv.status === 'expired' ? (
                    <Badge variant="warning" className="ml-2">
                      Expired
                    </Badge>
                  ) : null}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(inv.id, {
                      onSuccess: () => toast({ title: 'Invitation sent again', description: inv.email }),
                      onError: (err) =>
                        toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed.') }),
                    })
                  }
                >
                  <RotateCw aria-hidden="true" />
                  Resend
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke the invitation to ${inv.email}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(inv.id)}
                >
                  <X aria-hidden="true" />
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
