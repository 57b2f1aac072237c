import SettingsPage, { preloadTab, type SettingsTabEntry } from '@/features/settings/settings-page';
import { lazyNamed } from '@/lib/lazy-page';
import { ConnectionsTabPlaceholder } from '@/features/connections/connections-placeholder';
import { Skeleton } from '@/components/ui/skeleton';

// Each area's tab loads when it shows (or its trigger is hovered or focused); until then a
// placeholder the size of the tab loading its data.
const ConnectionsTab = lazyNamed(() => import('@/features/connections/connections-tab').then((m) => m.ConnectionsTab));
const TeamTab = lazyNamed(() => import('@/features/team/team-tab').then((m) => m.TeamTab));
const BillingTab = lazyNamed(() => import('@/features/billing/billing-tab').then((m) => m.BillingTab));
const NotificationsTab = lazyNamed(() =>
  import('@/features/analytics/notifications-tab').then((m) => m.NotificationsTab),
);
const PushTab = lazyNamed(() => import('@/features/push/push-tab').then((m) => m.PushTab));
const DomainsTab = lazyNamed(() => import('@/features/domains/domains-tab').then((m) => m.DomainsTab));

/**
 * /settings with the tabs other areas own. Features may not import each other, so the page takes
 * their tabs from here, where areas are composed.
 */
const AREA_TABS: readonly SettingsTabEntry[] = [
  {
    value: 'connections',
    label: 'Connections',
    wide: true,
    standalone: true,
    preload: ConnectionsTab.preload,
    placeholder: ({ user }) => <ConnectionsTabPlaceholder canEdit={user?.role !== 'user'} />,
    render: ({ user }) => <ConnectionsTab canEdit={user.role !== 'user'} />,
  },
  {
    value: 'team',
    label: 'Team',
    standalone: true,
    preload: TeamTab.preload,
    placeholder: () => <Skeleton className="h-48 w-full" />,
    render: ({ user }) => <TeamTab isAdmin={user.role === 'admin'} />,
  },
  {
    value: 'billing',
    label: 'Billing',
    wide: true,
    standalone: true,
    preload: BillingTab.preload,
    placeholder: () => <Skeleton className="h-64 w-full" />,
    render: ({ user }) => <BillingTab isAdmin={user.role === 'admin'} />,
  },
  {
    value: 'notifications',
    label: 'Notifications',
    standalone: true,
    preload: () => Promise.all([PushTab.preload(), NotificationsTab.preload()]),
    // This member's pushes (issue 37), then the business's mail.
    placeholder: () => <Skeleton className="h-72 w-full rounded-xl" />,
    render: ({ user }) => (
      <div className="space-y-6">
        <PushTab />
        <NotificationsTab canEdit={user.role !== 'user'} />
      </div>
    ),
  },
  {
    value: 'domains',
    label: 'Custom domain',
    minRole: 'admin',
    standalone: true,
    preload: DomainsTab.preload,
    placeholder: () => <Skeleton className="h-48 w-full" />,
    render: () => <DomainsTab />,
  },
];

/** The tab the address opens (?tab=…), fetched with the page (see PageModule in routes.tsx). */
export const preloadParts = (search: string) => preloadTab(search, AREA_TABS);

export default function SettingsWithAreas() {
  return <SettingsPage areaTabs={AREA_TABS} />;
}
