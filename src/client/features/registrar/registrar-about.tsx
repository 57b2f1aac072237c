import { ExternalLink } from 'lucide-react';
import type { TSettings } from '@shared/schemas/settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/config-form/settings-card';

export const GODADDY_KEYS_URL = 'https://developer.godaddy.com/keys';

const STEPS = [
  'Sign in at GoDaddy Developer with your GoDaddy account.',
  'Create a key for the environment you want: OTE (sandbox) or Production.',
  'Copy the key and the secret (the secret is shown only once) into the form and save.',
  'Press Test connection to check that GoDaddy accepts them.',
];

/** Beside the connection form: where a GoDaddy API key comes from. */
export function KeySteps() {
  return (
    <SettingsCard id="registrar-steps-title" title="Getting your API key" description="Takes about two minutes.">
      <ol className="space-y-3 text-sm text-slate-700">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
            >
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <KeyPageLink label="Open GoDaddy Developer keys" />
    </SettingsCard>
  );
}

function KeyPageLink({ label }: { label: string }) {
  return (
    <Button asChild variant="link" className="mt-4 h-auto px-0">
      <a href={GODADDY_KEYS_URL} target="_blank" rel="noopener noreferrer">
        {label}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** Registrar → Settings: the environment in use and what the keys are for. */
export function RegistrarAbout({ config, onChange }: { config: TSettings['registrar']; onChange: () => void }) {
  const production = config.environment === 'production';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsCard
        id="registrar-environment-title"
        title="Environment"
        description="Which GoDaddy system Fieldwise talks to."
      >
        <div className="space-y-4 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2">
            <span>Currently using</span>
            <Badge variant={production ? 'success' : 'warning'}>{production ? 'Production' : 'Sandbox'}</Badge>
            {config.isConfigured ? null : <span className="text-slate-500">(not connected yet)</span>}
          </p>
          <dl className="space-y-3">
            <div>
              <dt className="font-semibold text-slate-900">Sandbox</dt>
              <dd>
                GoDaddy’s OTE test system (api.ote-godaddy.com). Safe for trying things out: no real domains, no
                charges.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Production</dt>
              <dd>Your live GoDaddy account (api.godaddy.com) with your real domains.</dd>
            </div>
          </dl>
          <Button variant="outline" onClick={onChange}>
            Change environment
          </Button>
        </div>
      </SettingsCard>
      <SettingsCard id="registrar-keys-title" title="About your API keys" description="What Fieldwise does with them.">
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>They are used to read your domain list: status, expiry date, auto-renew and privacy.</li>
          <li>They are stored encrypted on the server and never shown again, only their last characters.</li>
          <li>Fieldwise never buys, renews or transfers a domain on your behalf.</li>
          <li>Create a separate key for Fieldwise so you can revoke it at GoDaddy at any time.</li>
        </ul>
        <KeyPageLink label="Get your API key at GoDaddy Developer" />
      </SettingsCard>
    </div>
  );
}
