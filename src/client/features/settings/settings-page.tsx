import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TSettings } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FormAlert } from '@/features/auth/form-alert';
import { hasRole } from '@/features/auth/roles';
import { useAuth } from '@/features/auth/use-auth';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/track';
import { AnalyticsTab } from './analytics-tab';
import { BusinessTab } from './business-tab';
import { ProfileTab } from './profile-tab';
import { useSettings } from './settings-api';
import { SmsTab } from './sms-tab';
import { SocialTab } from './social-tab';
import { WhiteLabelTab } from './white-label-tab';
import { WordpressTab } from './wordpress-tab';

/** The settings tabs of spec-1 §2, in order; White label is ours, for admins only. */
export const SETTINGS_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'wordpress', label: 'WordPress' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'business', label: 'Business' },
  { value: 'sms', label: 'SMS' },
  { value: 'social', label: 'Social' },
  { value: 'white-label', label: 'White label' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

/** Older links (spec-2 hints) say ?tab=integrations; that is the WordPress tab. */
const ALIASES: Record<string, SettingsTab> = { integrations: 'wordpress' };

function tabFrom(requested: string | null, isAdmin: boolean): SettingsTab {
  const value = requested ? (ALIASES[requested] ?? requested) : null;
  const tab = SETTINGS_TABS.find((t) => t.value === value)?.value;
  if (!tab || (tab === 'white-label' && !isAdmin)) return 'profile';
  return tab;
}

/**
 * /settings. The open tab lives in the address (?tab=wordpress), so the user menu and hints can
 * link straight to a tab and a reload keeps it; an unknown or missing tab opens Profile.
 * Everyone sees the integration settings; only a manager or admin can change them.
 */
export default function SettingsPage() {
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const isAdmin = hasRole(user?.role, 'admin');
  const canEdit = hasRole(user?.role, 'manager');
  const tab = tabFrom(new URLSearchParams(useSearch()).get('tab'), isAdmin);
  const tabs = SETTINGS_TABS.filter((t) => t.value !== 'white-label' || isAdmin);
  const settings = useSettings(user !== null);

  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    trackEvent('settings_page_view');
  }, []);

  const section = (render: (data: TSettings) => ReactNode) =>
    settings.data ? (
      render(settings.data)
    ) : settings.isError ? (
      <div className="space-y-3">
        <FormAlert tone="error">{errorMessage(settings.error, 'Could not load your settings.')}</FormAlert>
        <Button variant="outline" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    ) : (
      <SettingsSkeleton />
    );

  return (
    <Tabs value={tab} onValueChange={(value) => navigate(`/settings?tab=${value}`, { replace: true })}>
      {/* On a phone the tabs wrap onto two rows, so every section stays in sight. */}
      <TabsList aria-label="Settings sections" className="h-auto w-full flex-wrap justify-start gap-y-1 sm:w-auto">
        {tabs.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile" className="mt-6">
        <ProfileTab />
      </TabsContent>
      <TabsContent value="wordpress" className="mt-6 max-w-3xl">
        {section((data) => <WordpressTab config={data.wordpress} canEdit={canEdit} />)}
      </TabsContent>
      <TabsContent value="analytics" className="mt-6 max-w-3xl">
        {section((data) => <AnalyticsTab config={data.analytics} canEdit={canEdit} />)}
      </TabsContent>
      <TabsContent value="business" className="mt-6 max-w-3xl">
        {section((data) => <BusinessTab config={data.business} canEdit={canEdit} />)}
      </TabsContent>
      <TabsContent value="sms" className="mt-6 max-w-3xl">
        {section((data) => <SmsTab config={data.sms} canEdit={canEdit} />)}
      </TabsContent>
      <TabsContent value="social" className="mt-6">
        {section((data) => <SocialTab config={data.social} canEdit={canEdit} />)}
      </TabsContent>
      {isAdmin ? (
        <TabsContent value="white-label" className="mt-6 max-w-3xl">
          {section((data) => <WhiteLabelTab config={data.whiteLabel} canEdit={canEdit} />)}
        </TabsContent>
      ) : null}
    </Tabs>
  );
}

function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading settings" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-32" />
    </div>
  );
}
