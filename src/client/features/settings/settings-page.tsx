import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ProfileTab } from './profile-tab';

/** The settings tabs of spec-1 §2, in order. The white-label body has no trigger and is not built here. */
export const SETTINGS_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'wordpress', label: 'WordPress' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'business', label: 'Business' },
  { value: 'sms', label: 'SMS' },
  { value: 'social', label: 'Social' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.value === value);
}

/**
 * /settings. The open tab lives in the address (?tab=wordpress), so the user menu can link
 * straight to Profile and a reload keeps the tab; an unknown or missing tab opens Profile.
 */
export default function SettingsPage() {
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  return (
    <Tabs value={tab} onValueChange={(value) => navigate(`/settings?tab=${value}`, { replace: true })}>
      <TabsList aria-label="Settings sections" className="w-full justify-start sm:w-auto">
        {SETTINGS_TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile" className="mt-6">
        <ProfileTab />
      </TabsContent>
      {SETTINGS_TABS.filter(({ value }) => value !== 'profile').map(({ value, label }) => (
        <TabsContent key={value} value={value} className="mt-6">
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
            {label} settings are being built.
          </p>
        </TabsContent>
      ))}
    </Tabs>
  );
}
