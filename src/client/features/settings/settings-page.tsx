import { memo, Suspense, useDeferredValue, useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TAuthUser, TRole } from '@shared/schemas/auth';
import type { TSettings } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSettings } from '@/components/config-form/config-api';
import { FormAlert } from '@/components/form/form-alert';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/track';
import { cn } from '@/lib/utils';
import { lazyNamed } from '@/lib/lazy-page';
import { ProfileTab } from './profile-tab';

// Profile, the tab /settings opens on, comes with the page; every other tab's code loads when
// the tab shows or its trigger is hovered or focused.
const WordpressTab = lazyNamed(() => import('./wordpress-tab').then((m) => m.WordpressTab));
const AnalyticsTab = lazyNamed(() => import('./analytics-tab').then((m) => m.AnalyticsTab));
const BusinessTab = lazyNamed(() => import('./business-tab').then((m) => m.BusinessTab));
const PlacesKeyCard = lazyNamed(() => import('./places-key-card').then((m) => m.PlacesKeyCard));
const SmsTab = lazyNamed(() => import('./sms-tab').then((m) => m.SmsTab));
const LeadFormTab = lazyNamed(() => import('./lead-form-tab').then((m) => m.LeadFormTab));
const SocialTab = lazyNamed(() => import('./social-tab').then((m) => m.SocialTab));
const WhiteLabelTab = lazyNamed(() => import('./white-label-tab').then((m) => m.WhiteLabelTab));
const SystemTab = lazyNamed(() => import('./system-tab').then((m) => m.SystemTab));

interface SettingsTabBase {
  value: string;
  label: string;
  /** Lowest role that sees the tab; everyone when absent. */
  minRole?: TRole;
  /** A grid of cards: no reading-width limit. */
  wide?: boolean;
  /** Fetches the tab's code ahead of showing it; absent for a tab that comes with the page. */
  preload?: () => Promise<unknown>;
  /** Shown while the tab's code arrives, shaped like the tab loading; the settings skeleton when absent. */
  placeholder?: (props: { user: TAuthUser | null }) => ReactNode;
}

/**
 * A tab's body. Most tabs show a section of GET /api/settings, which the page loads first (with
 * its error and retry); a standalone tab (Profile) loads what it needs itself.
 */
export type SettingsTabEntry = SettingsTabBase &
  (
    | { standalone: true; render: (props: { user: TAuthUser }) => ReactNode }
    | { standalone?: false; render: (props: { settings: TSettings; canEdit: boolean }) => ReactNode }
  );

/**
 * The settings tabs of the spec, in order; White label is ours, for admins only. A new tab is
 * one entry here.
 */
const SETTINGS_TABS: readonly SettingsTabEntry[] = [
  {
    value: 'profile',
    label: 'Profile',
    wide: true,
    standalone: true,
    render: ({ user }) => <ProfileTab user={user} />,
  },
  {
    value: 'wordpress',
    label: 'WordPress',
    preload: WordpressTab.preload,
    render: ({ settings, canEdit }) => <WordpressTab config={settings.wordpress} canEdit={canEdit} />,
  },
  {
    value: 'analytics',
    label: 'Analytics',
    preload: AnalyticsTab.preload,
    render: ({ settings, canEdit }) => <AnalyticsTab config={settings.analytics} canEdit={canEdit} />,
  },
  {
    value: 'business',
    label: 'Business',
    preload: () => Promise.all([BusinessTab.preload(), PlacesKeyCard.preload()]),
    render: ({ settings, canEdit }) => (
      <div className="space-y-6">
        <BusinessTab config={settings.business} canEdit={canEdit} />
        <PlacesKeyCard config={settings.places} canEdit={canEdit} />
      </div>
    ),
  },
  {
    value: 'sms',
    label: 'SMS',
    preload: SmsTab.preload,
    render: ({ settings, canEdit }) => <SmsTab config={settings.sms} canEdit={canEdit} />,
  },
  {
    value: 'lead-form',
    label: 'Lead form',
    preload: LeadFormTab.preload,
    render: ({ settings, canEdit }) => <LeadFormTab config={settings.turnstile} canEdit={canEdit} />,
  },
  {
    value: 'social',
    label: 'Social',
    wide: true,
    preload: SocialTab.preload,
    render: ({ settings, canEdit }) => <SocialTab config={settings.social} canEdit={canEdit} />,
  },
  {
    value: 'white-label',
    label: 'White label',
    minRole: 'admin',
    preload: WhiteLabelTab.preload,
    render: ({ settings, canEdit }) => <WhiteLabelTab config={settings.whiteLabel} canEdit={canEdit} />,
  },
  {
    value: 'system',
    label: 'System',
    minRole: 'admin',
    wide: true,
    standalone: true,
    preload: SystemTab.preload,
    placeholder: () => <SystemTabPlaceholder />,
    render: () => <SystemTab />,
  },
];

/** The hints' ?tab=integrations opens the connections list. */
const ALIASES: Record<string, string> = { integrations: 'connections' };

/** The tab to open: the requested one when this user may see it, else Profile. */
function tabFrom(requested: string | null, tabs: readonly SettingsTabEntry[]): SettingsTabEntry {
  const value = requested ? (ALIASES[requested] ?? requested) : null;
  return tabs.find((t) => t.value === value) ?? tabs[0]!;
}

/** Every tab in order: other areas' tabs (team, billing, connections) before White label and System. */
const allTabs = (areaTabs: readonly SettingsTabEntry[]) => [
  ...SETTINGS_TABS.slice(0, -2),
  ...areaTabs,
  ...SETTINGS_TABS.slice(-2),
];

/** Fetches the code of the tab the address (`search`, ?tab=…) opens, when it does not come with the page. */
export function preloadTab(search: string, areaTabs: readonly SettingsTabEntry[]): Promise<unknown> {
  return tabFrom(new URLSearchParams(search).get('tab'), allTabs(areaTabs)).preload?.() ?? Promise.resolve();
}

/**
 * /settings. The open tab lives in the address (?tab=wordpress), so the user menu and hints can
 * link straight to a tab and a reload keeps it; an unknown or missing tab opens Profile.
 * Everyone sees the integration settings; only a manager or admin can change them.
 */
export default function SettingsPage({ areaTabs = [] }: { areaTabs?: readonly SettingsTabEntry[] }) {
  const [, navigate] = useLocation();
  const id = useId();
  const { user } = useAuth();
  const canEdit = hasRole(user?.role, 'manager');
  // Other areas' tabs (team, billing, connections) come in from app/.
  const tabs = allTabs(areaTabs).filter((t) => !t.minRole || hasRole(user?.role, t.minRole));
  const tab = tabFrom(new URLSearchParams(useSearch()).get('tab'), tabs);
  // A tab's body follows its trigger: the tap paints the tab selected at once; its body (a form,
  // cards, often a chunk of code) renders in the background right after, so building it is not
  // part of the tap (issue 39). Both are the same on a first render.
  const shown = useDeferredValue(tab.value);
  const settings = useSettings(user !== null);
  // A link straight to a tab fetches its code alongside the settings, not after them. In a task of
  // its own: after a tap this effect runs inside it, and the preload links it adds restyle the page.
  const { preload } = tab;
  useEffect(() => {
    const later = setTimeout(() => void preload?.().catch(() => undefined));
    return () => clearTimeout(later);
  }, [preload]);

  // On a phone the tabs are one row that scrolls sideways: the open one is brought to its middle.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const centre = () => {
      const list = listRef.current;
      const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (!list || !active || list.scrollWidth <= list.clientWidth) return;
      list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
    };
    centre();
    window.addEventListener('resize', centre); // a phone turned upright
    return () => window.removeEventListener('resize', centre);
  }, [tab.value]);

  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    trackEvent('settings_page_view');
  }, []);

  // Radix calls this twice for a click (the trigger's focus, then its mousedown): the address is
  // written once, as each write re-renders what reads it.
  const select = (value: string) => {
    if (new URLSearchParams(window.location.search).get('tab') !== value)
      navigate(`/settings?tab=${value}`, { replace: true });
  };

  return (
    <Tabs value={tab.value} onValueChange={select}>
      {/*
        On a phone, one row of 44 px tabs that scrolls sideways (the next one peeks at the edge), as
        the phone apps' scrollable tab bars do, so the section starts in the first screen; from 640 px
        they wrap, and at 1280 px all fit one row.
      */}
      <TabsList
        ref={listRef}
        aria-label="Settings sections"
        className="relative -mx-4 h-auto w-[calc(100%+2rem)] max-w-none snap-x scroll-px-4 justify-start rounded-none px-4 scrollbar-none sm:mx-0 sm:w-auto sm:max-w-full sm:flex-wrap sm:gap-y-1 sm:rounded-lg sm:px-1"
      >
        {tabs.map(({ value, label, preload }) => {
          // After the event: on a touch screen the pointer enters the tab just before it is tapped,
          // and starting the fetch (the import and its preload links) need not hold up that tap.
          const warm = preload && (() => void setTimeout(() => void preload().catch(() => undefined)));
          return (
            <TabsTrigger
              key={value}
              value={value}
              id={`${id}-tab-${value}`}
              aria-controls={`${id}-panel-${value}`}
              className="min-h-11 shrink-0 snap-start sm:min-h-0 lg:px-2.5"
              onPointerEnter={warm}
              onFocus={warm}
            >
              {label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {tabs.map((entry) => (
        // A tap marks its tab at once and nothing else; the panels follow in the background render
        // of `shown`: the one being left stays on screen until the chosen one is drawn (or shows its
        // placeholder while its code arrives), so hiding, inserting and laying out a panel is never
        // part of the tap (issue 39). They are plain panels, not Radix's: each of those reads the
        // tabs' value, so the tap redrew and committed all of them (a third of the tap at 4x CPU),
        // and Radix would switch a panel in or out with a whole-page restyle.
        <div
          key={entry.value}
          id={`${id}-panel-${entry.value}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${entry.value}`}
          tabIndex={0}
          className={cn(entry.wide ? 'mt-6' : 'mt-6 max-w-3xl', entry.value !== shown && 'hidden')}
        >
          {entry.value === shown && (
            <TabBody
              entry={entry}
              user={user}
              canEdit={canEdit}
              data={settings.data}
              error={settings.isError ? settings.error : null}
              refetch={settings.refetch}
            />
          )}
        </div>
      ))}
    </Tabs>
  );
}

/** A tab while its code arrives: its own placeholder, or the settings skeleton. */
const placeholder = (entry: SettingsTabEntry, user: TAuthUser | null) =>
  entry.placeholder?.({ user }) ?? <SettingsSkeleton />;

/**
 * The open tab's body. Memoised: a tab switch re-renders the page (its tab list), and the body of
 * the tab being left, still mounted until the chosen one is drawn, need not render again.
 */
const TabBody = memo(function TabBody({
  entry,
  user,
  canEdit,
  data,
  error,
  refetch,
}: {
  entry: SettingsTabEntry;
  user: TAuthUser | null;
  canEdit: boolean;
  /** GET /api/settings's answer, once it came. */
  data: TSettings | undefined;
  /** Why GET /api/settings failed, when it did. */
  error: Error | null;
  refetch: () => Promise<unknown>;
}) {
  // Most tabs show a section of the settings, with their error and retry; a standalone one loads its own.
  const section = (render: (data: TSettings) => ReactNode) =>
    data ? (
      render(data)
    ) : error ? (
      <div className="space-y-3">
        <FormAlert tone="error">{errorMessage(error, 'Could not load your settings.')}</FormAlert>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    ) : (
      <SettingsSkeleton />
    );
  return (
    <Suspense fallback={placeholder(entry, user)}>
      {entry.standalone ? user && entry.render({ user }) : section((settings) => entry.render({ settings, canEdit }))}
    </Suspense>
  );
});

function SettingsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading settings"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-32" />
    </div>
  );
}

/** Settings → System while its code arrives: its two cards' height while the jobs load. */
function SystemTabPlaceholder() {
  return (
    <div role="status" aria-label="Loading background jobs" className="space-y-6">
      <Skeleton className="h-56 w-full rounded-xl sm:h-52" />
      <Skeleton className="h-[122px] w-full rounded-xl sm:h-[106px]" />
    </div>
  );
}
