import { useId } from 'react';
import type { TAnalyticsInput, TSettings } from '@shared/schemas/settings';
import { GA4_PATTERN, SETTINGS_MESSAGES } from '@shared/settings';
import { TextField } from '@/components/ui/form-field';
import { ConfigCard } from '@/components/config-form/config-card';
import { SecretField } from '@/components/config-form/secret-field';
import { useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = { measurementId: string; propertyId: string; apiSecret: string; searchConsoleSiteUrl: string };

const ANALYTICS_SAVED = {
  title: 'Analytics Connected',
  message: 'Your Google Analytics settings have been saved.',
};
const BLANK: Values = { measurementId: '', propertyId: '', apiSecret: '', searchConsoleSiteUrl: '' };

/** The measurement ID is required; it should start with G-. */
function checkAnalytics(values: Values): ConfigProblem | null {
  const id = values.measurementId.trim();
  if (!id) return { ...SETTINGS_MESSAGES.ga4Missing, fields: { measurementId: SETTINGS_MESSAGES.ga4Missing.message } };
  if (!GA4_PATTERN.test(id))
    return { ...SETTINGS_MESSAGES.ga4Format, fields: { measurementId: SETTINGS_MESSAGES.ga4Format.message } };
  return null;
}

/** Settings → Analytics: the GA4 measurement ID, and optionally what the reports read. */
export function AnalyticsTab({ config, canEdit }: { config: TSettings['analytics']; canEdit: boolean }) {
  const id = useId();
  const form = useConfigForm<Values, TAnalyticsInput>({
    section: 'analytics',
    idPrefix: id,
    initial: {
      measurementId: config.measurementId,
      propertyId: config.propertyId,
      apiSecret: '',
      searchConsoleSiteUrl: config.searchConsoleSiteUrl,
    },
    blank: BLANK,
    secrets: ['apiSecret'],
    check: checkAnalytics,
    toBody: (values) => ({ ...values, measurementId: values.measurementId.trim().toUpperCase() }),
    saved: ANALYTICS_SAVED,
    removed: { title: 'Analytics Disconnected', message: 'Your Google Analytics settings have been removed.' },
  });
  const { values, setField, errors } = form;

  return (
    <ConfigCard
      id={id}
      title="Google Analytics"
      description="Connect GA4 so the Analytics section shows your own website traffic."
      section="analytics"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Analytics Settings"
      removal={{
        what: 'Google Analytics',
        consequence: 'The measurement ID and the optional report settings are deleted.',
      }}
    >
      <TextField
        id={`${id}-measurementId`}
        label="GA4 measurement ID"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder="G-XXXXXXXXXX"
        value={values.measurementId}
        onChange={(e) => setField('measurementId', e.target.value)}
        error={errors.measurementId}
        hint="Should start with G-. Find it in Google Analytics under Admin → Data streams."
      />
      <div className="space-y-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Reports (optional)</h3>
          <p className="mt-1 text-xs text-slate-600">
            Only needed for traffic reports and keyword rankings. You can leave these empty.
          </p>
        </div>
        <TextField
          id={`${id}-propertyId`}
          label="GA4 property ID (optional)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123456789"
          value={values.propertyId}
          onChange={(e) => setField('propertyId', e.target.value)}
          error={errors.propertyId}
          hint="The number under Admin → Property settings."
        />
        <SecretField
          id={`${id}-apiSecret`}
          label="Measurement Protocol API secret (optional)"
          state={config.apiSecret}
          value={values.apiSecret}
          onChange={(value) => setField('apiSecret', value)}
          error={errors.apiSecret}
          hint="Admin → Data streams → your stream → Measurement Protocol API secrets."
        />
        <TextField
          id={`${id}-searchConsoleSiteUrl`}
          label="Search Console site (optional)"
          inputMode="url"
          autoComplete="off"
          placeholder="https://yourbusiness.com/"
          value={values.searchConsoleSiteUrl}
          onChange={(e) => setField('searchConsoleSiteUrl', e.target.value)}
          error={errors.searchConsoleSiteUrl}
          hint="The property exactly as Search Console lists it, e.g. https://yourbusiness.com/ or sc-domain:yourbusiness.com."
        />
      </div>
    </ConfigCard>
  );
}
