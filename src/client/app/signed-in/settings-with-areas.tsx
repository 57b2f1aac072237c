import SettingsPage, { type SettingsTabEntry } from '@/features/settings/settings-page';
import { BillingTab } from '@/features/billing/billing-tab';
import { ConnectionsTab } from '@/features/connections/connections-tab';
import { TeamTab } from '@/features/team/team-tab';
import { DomainsTab } from '@/features/domains/domains-tab';
import { NotificationsTab } from '@/features/analytics/notifications-tab';

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
    render: ({ user }) => <ConnectionsTab canEdit={user.role !== 'user'} />,
  },
  { value: 'team', label: 'Team', standalone: true, render: ({ user }) => <TeamTab isAdmin={user.role === 'admin'} /> },
  {
    value: 'billing',
    label: 'Billing',
    wide: true,
    standalone: true,
    render: ({ user }) => <BillingTab isAdmin={user.role === 'admin'} />,
  },
  {
    value: 'notifications',
    label: 'Notifications',
    standalone: true,
    render: ({ user }) => <NotificationsTab canEdit={user.role !== 'user'} />,
  },
  { value: 'domains', label: 'Custom domain', minRole: 'admin', standalone: true, render: () => <DomainsTab /> },
];

export default function SettingsWithAreas() {
  return <SettingsPage areaTabs={AREA_TABS} />;
}
