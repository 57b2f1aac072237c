import { useId, type ReactNode } from 'react';
import { Building2 } from 'lucide-react';
import type { TAuthUser } from '@shared/schemas/auth';
import { Badge } from '@/components/ui/badge';
import { SettingsCard } from '@/components/config-form/settings-card';
import { DeviceTime } from '@/lib/device-time';

/** "admin" -> "Admin"; roles are shown as words, not codes. */
function roleLabel(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : 'User';
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** In the device's language and zone, so written once the page is alive (see DeviceTime). */
function DateText({ iso, withTime, fallback }: { iso: string | null; withTime: boolean; fallback: string }) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return <>{fallback}</>;
  return <DeviceTime at={date} format={withTime ? DAY_AND_TIME : DAY} />;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      {/* A line's height before a date is written in it (DateText), so nothing below moves then. */}
      <dd className="min-h-5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Role, member since, last login and organization memberships. */
export function AccountInfo({ user }: { user: TAuthUser }) {
  const id = useId();
  return (
    <SettingsCard id={`${id}-title`} title="Account information">
      <dl className="divide-y divide-slate-100">
        <Row term="Role">{roleLabel(user.role)}</Row>
        <Row term="Member since">
          <DateText iso={user.createdAt} withTime={false} fallback="Unknown" />
        </Row>
        <Row term="Last login">
          <DateText iso={user.lastLogin} withTime fallback="Never" />
        </Row>
      </dl>
      <h3 id={`${id}-orgs`} className="mt-4 text-sm font-semibold text-slate-900">
        Organization memberships
      </h3>
      {user.tenantMemberships.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">You are not a member of any organization.</p>
      ) : (
        <ul aria-labelledby={`${id}-orgs`} className="mt-2 space-y-2">
          {user.tenantMemberships.map((membership) => (
            <li key={membership.id} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
              <Building2 aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{membership.tenant.name}</p>
                <p className="truncate font-mono text-xs text-slate-600">{membership.tenant.slug}</p>
              </div>
              <Badge variant="secondary">{roleLabel(membership.role)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
