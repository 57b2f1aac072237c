import { useId } from 'react';
import type { TSettings, TTurnstileInput } from '@shared/schemas/settings';
import { SETTINGS_MESSAGES, TURNSTILE_KEY_PATTERN } from '@shared/settings';
import { LEAD_FORM_MESSAGES } from '@shared/website';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfigCard } from '@/components/config-form/config-card';
import { SecretField } from '@/components/config-form/secret-field';
import { SettingsCard } from '@/components/config-form/settings-card';
import { missingFields, useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { useAutoReplyStatus } from './settings-api';

type Values = { siteKey: string; secretKey: string };
const BLANK: Values = { siteKey: '', secretKey: '' };

function checkTurnstile(values: Values, secretStored: boolean): ConfigProblem | null {
  const missing = missingFields(values, secretStored ? ['siteKey'] : ['siteKey', 'secretKey']);
  if (Object.keys(missing).length > 0) return { ...SETTINGS_MESSAGES.turnstileMissing, fields: missing };
  for (const field of ['siteKey', 'secretKey'] as const) {
    const value = values[field].trim();
    if (value && !TURNSTILE_KEY_PATTERN.test(value))
      return { ...SETTINGS_MESSAGES.turnstileFormat, fields: { [field]: SETTINGS_MESSAGES.turnstileFormat.message } };
  }
  return null;
}

/** Today's automatic replies against the plan's daily limit, and the notice once it is reached. */
function AutoReplyCard() {
  const id = useId();
  const status = useAutoReplyStatus();
  return (
    <SettingsCard
      id={id}
      title="Automatic replies"
      description="Whoever sends the form on one of your published landing pages gets a reply in your business's name within a minute: at most one a day per email address or phone number, and never with anything they typed in it."
    >
      {status.data ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            <span className="text-2xl font-semibold text-slate-900 tabular-nums">{status.data.sentToday}</span> of{' '}
            {status.data.dailyLimit} automatic replies sent today
          </p>
          {status.data.limitReachedAt ? (
            <FormAlert tone="error">{LEAD_FORM_MESSAGES.limitReached(status.data.dailyLimit)}</FormAlert>
          ) : null}
        </div>
      ) : status.isError ? (
        <FormAlert tone="error">{errorMessage(status.error, 'Could not load today’s automatic replies.')}</FormAlert>
      ) : (
        <Skeleton role="status" aria-label="Loading automatic replies" className="h-8 w-64 max-w-full" />
      )}
    </SettingsCard>
  );
}

/** The optional Cloudflare Turnstile check on the lead form, for a business that gets spam. */
function TurnstileCard({ config, canEdit }: { config: TSettings['turnstile']; canEdit: boolean }) {
  const id = useId();
  const form = useConfigForm<Values, TTurnstileInput>({
    section: 'turnstile',
    idPrefix: id,
    initial: { siteKey: config.siteKey, secretKey: '' },
    blank: BLANK,
    secrets: ['secretKey'],
    check: (values) => checkTurnstile(values, config.secretKey.isSet),
    toBody: (values) => ({ siteKey: values.siteKey.trim(), secretKey: values.secretKey.trim() }),
    saved: { title: 'Spam Check On', message: 'Your landing pages now ask visitors to pass the Turnstile check.' },
    removed: { title: 'Spam Check Off', message: 'Your landing pages no longer show the Turnstile check.' },
  });
  const { values, setField, errors } = form;
  return (
    <ConfigCard
      id={id}
      title="Spam check (Cloudflare Turnstile)"
      description="Getting form spam? Add a free Turnstile widget from your Cloudflare dashboard (Turnstile → Add widget, with your page's domain). Most visitors pass it without doing anything."
      section="turnstile"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Spam Check"
      badgeLabel="On"
      removal={{
        what: 'the spam check',
        consequence: 'The Turnstile keys are deleted and your landing pages show the form without the check.',
      }}
    >
      <TextField
        id={`${id}-siteKey`}
        label="Site key"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="0x4AAAAAAA…"
        value={values.siteKey}
        onChange={(e) => setField('siteKey', e.target.value)}
        error={errors.siteKey}
        hint="Public: it is shown in your landing pages."
      />
      <SecretField
        id={`${id}-secretKey`}
        label="Secret key"
        state={config.secretKey}
        value={values.secretKey}
        onChange={(value) => setField('secretKey', value)}
        error={errors.secretKey}
        hint="Stays on our server, encrypted; used only to confirm each visitor's check with Cloudflare."
      />
    </ConfigCard>
  );
}

/** Settings → Lead form: the landing pages' automatic replies and their optional spam check. */
export function LeadFormTab({ config, canEdit }: { config: TSettings['turnstile']; canEdit: boolean }) {
  return (
    <div className="space-y-6">
      <AutoReplyCard />
      <TurnstileCard config={config} canEdit={canEdit} />
    </div>
  );
}
