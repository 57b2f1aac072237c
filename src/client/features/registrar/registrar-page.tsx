import { Link, useLocation, useSearch } from 'wouter';
import { Globe, LogIn, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FormAlert } from '@/components/form/form-alert';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { useSettings } from '@/components/config-form/config-api';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/use-page-meta';
import { KeySteps, RegistrarAbout } from './registrar-about';
import { RegistrarConnection } from './registrar-connection';
import { RegistrarDomains } from './registrar-domains';

const TABS = [
  { value: 'connection', label: 'Connection' },
  { value: 'domains', label: 'Domains' },
  { value: 'settings', label: 'Settings' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const NEXT = encodeURIComponent('/godaddy');

/**
 * /godaddy: public in the route table, but it works on the signed-in business's
 * stored registrar config, so a visitor gets an explanation and the way in.
 */
export default function RegistrarPage() {
  usePageMeta(
    'Domain registrar · Fieldwise',
    'Connect your GoDaddy account to Fieldwise and see every domain, its renewal date and privacy at a glance.',
  );
  const { user, isLoading } = useAuth();

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <header className="mb-8 flex items-start gap-4">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
            <Globe aria-hidden="true" className="size-6" />
          </div>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Domain registrar</h1>
            <p className="mt-1 text-sm text-slate-600 sm:text-base">
              Connect GoDaddy and keep an eye on every domain your business owns.
            </p>
          </div>
        </header>
        {isLoading ? (
          <PageSpinner />
        ) : user ? (
          <RegistrarWorkspace canEdit={hasRole(user.role, 'manager')} />
        ) : (
          <VisitorPanel />
        )}
      </div>
    </div>
  );
}

function RegistrarWorkspace({ canEdit }: { canEdit: boolean }) {
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const tab: Tab = TABS.find((t) => t.value === requested)?.value ?? 'connection';
  const open = (next: Tab) => navigate(`/godaddy?tab=${next}`, { replace: true });
  const settings = useSettings();

  if (settings.isPending) return <PageSpinner label="Loading your registrar settings" />;
  if (settings.isError) {
    return (
      <div className="space-y-3">
        <FormAlert tone="error">{errorMessage(settings.error, 'Could not load your settings.')}</FormAlert>
        <Button variant="outline" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const config = settings.data.registrar;

  return (
    <Tabs value={tab} onValueChange={(value) => open(value as Tab)}>
      <TabsList aria-label="Registrar sections" className="w-full justify-start bg-slate-200/70 sm:w-auto">
        {TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="connection" className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <RegistrarConnection config={config} canEdit={canEdit} />
        <KeySteps />
      </TabsContent>
      <TabsContent value="domains" className="mt-6">
        <RegistrarDomains configured={config.isConfigured} onConnect={() => open('connection')} />
      </TabsContent>
      <TabsContent value="settings" className="mt-6">
        <RegistrarAbout config={config} onChange={() => open('connection')} />
      </TabsContent>
    </Tabs>
  );
}

const BENEFITS = [
  'See every domain with its status and expiry date, so nothing lapses by accident.',
  'Check auto-renew and privacy at a glance.',
  'Your API key is stored encrypted on the server, never in the browser.',
];

function VisitorPanel() {
  return (
    <section
      aria-labelledby="registrar-visitor-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
    >
      <h2 id="registrar-visitor-title" className="text-xl font-semibold text-slate-900">
        Sign in to connect your domains
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        The registrar connection belongs to your business account: Fieldwise keeps your GoDaddy API key for your
        business and shows the domains it owns. Sign in, or create a free account, to connect it.
      </p>
      <ul className="mt-6 space-y-3">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-3 text-sm text-slate-700">
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link href={`/login?next=${NEXT}`}>
            <LogIn aria-hidden="true" />
            Sign in
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={`/register?next=${NEXT}`}>
            <UserPlus aria-hidden="true" />
            Create account
          </Link>
        </Button>
      </div>
    </section>
  );
}
