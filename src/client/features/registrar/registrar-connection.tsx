import { useId } from 'react';
import { SETTINGS_MESSAGES } from '@shared/settings';
import type { TRegistrarInput, TSettings } from '@shared/schemas/settings';
import { ConfigCard } from '@/components/config-form/config-card';
import { TestConnectionButton, TestResult, useConnectionCheck } from '@/components/config-form/connection-test';
import { SecretField } from '@/components/config-form/secret-field';
import { SelectField } from '@/components/config-form/select-field';
import { REQUIRED, useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = { apiKey: string; apiSecret: string; environment: 'sandbox' | 'production' };
type Config = TSettings['registrar'];

const REGISTRAR_SAVED = {
  title: 'GoDaddy Connected',
  message: 'Your GoDaddy API key and secret have been saved.',
};
const ENVIRONMENTS = [
  { value: 'sandbox', label: 'Sandbox (OTE test environment)' },
  { value: 'production', label: 'Production (your live account)' },
] as const;

/** Saving needs both the key and the secret (a stored one counts). */
function checkRegistrar(values: Values, config: Config): ConfigProblem | null {
  const fields: Record<string, string> = {};
  if (!values.apiKey.trim() && !config.apiKey.isSet) fields.apiKey = REQUIRED;
  if (!values.apiSecret.trim() && !config.apiSecret.isSet) fields.apiSecret = REQUIRED;
  return Object.keys(fields).length > 0 ? { ...SETTINGS_MESSAGES.registrarMissing, fields } : null;
}

/** Registrar → Connection: the GoDaddy API key and secret, stored encrypted, and a real test call. */
export function RegistrarConnection({ config, canEdit }: { config: Config; canEdit: boolean }) {
  const id = useId();
  const test = useConnectionCheck('registrar', config.isConfigured, SETTINGS_MESSAGES.registrarNotConfigured.message);
  const form = useConfigForm<Values, TRegistrarInput>({
    section: 'registrar',
    idPrefix: id,
    initial: { apiKey: '', apiSecret: '', environment: config.environment },
    blank: { apiKey: '', apiSecret: '', environment: 'sandbox' },
    secrets: ['apiKey', 'apiSecret'],
    check: (values) => checkRegistrar(values, config),
    toBody: (values) => ({
      apiKey: values.apiKey.trim(),
      apiSecret: values.apiSecret.trim(),
      environment: values.environment,
    }),
    saved: { ...REGISTRAR_SAVED, after: test.clear },
    removed: { title: 'GoDaddy Disconnected', message: 'Your GoDaddy API key and secret have been removed.' },
  });
  const { values, setField, errors } = form;

  return (
    <ConfigCard
      id={id}
      title="GoDaddy API connection"
      description="Fieldwise reads your domains with a GoDaddy API key. The key and secret are stored encrypted and never shown again."
      section="registrar"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Connection"
      removal={{
        what: 'GoDaddy',
        consequence: 'The API key and secret are deleted and your domain list is no longer shown.',
      }}
      actions={<TestConnectionButton onClick={test.run} testing={test.testing} />}
      footer={<TestResult result={test.result} />}
    >
      <SecretField
        id={`${id}-apiKey`}
        label="API Key"
        state={config.apiKey}
        value={values.apiKey}
        onChange={(value) => setField('apiKey', value)}
        error={errors.apiKey}
        hint="Create a key at developer.godaddy.com/keys."
      />
      <SecretField
        id={`${id}-apiSecret`}
        label="API Secret"
        state={config.apiSecret}
        value={values.apiSecret}
        onChange={(value) => setField('apiSecret', value)}
        error={errors.apiSecret}
        hint="Shown once, when GoDaddy creates the key."
      />
      <SelectField
        id={`${id}-environment`}
        label="Environment"
        options={ENVIRONMENTS}
        value={values.environment}
        onChange={(e) => setField('environment', e.target.value as Values['environment'])}
        error={errors.environment}
        hint="A key works only in the environment it was created for."
      />
    </ConfigCard>
  );
}
