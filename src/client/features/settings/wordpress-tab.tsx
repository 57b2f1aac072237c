import { useId } from 'react';
import type { TSettings, TWordpressInput } from '@shared/schemas/settings';
import { SETTINGS_MESSAGES } from '@shared/settings';
import { TextField } from '@/components/ui/form-field';
import { trackEvent } from '@/lib/track';
import { ConfigCard } from '@/components/config-form/config-card';
import { TestConnectionButton, TestResult, useConnectionCheck } from '@/components/config-form/connection-test';
import { SecretField } from '@/components/config-form/secret-field';
import { missingFields, useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = { siteUrl: string; username: string; appPassword: string };

const WORDPRESS_SAVED = { title: 'WordPress Connected', message: 'Your WordPress settings have been saved.' };

/** The site URL parses as a URL; it must also be a web (http or https) address. */
function isWebsiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** All three fields (a stored password counts), then a valid URL. */
function checkWordpress(values: Values, passwordStored: boolean): ConfigProblem | null {
  const missing = missingFields(
    values,
    passwordStored ? ['siteUrl', 'username'] : ['siteUrl', 'username', 'appPassword'],
  );
  if (Object.keys(missing).length > 0) return { ...SETTINGS_MESSAGES.wordpressMissing, fields: missing };
  if (!isWebsiteUrl(values.siteUrl.trim()))
    return { ...SETTINGS_MESSAGES.wordpressUrl, fields: { siteUrl: SETTINGS_MESSAGES.wordpressUrl.message } };
  return null;
}

/** Settings → WordPress: the site the Website section publishes to, with an application password. */
export function WordpressTab({ config, canEdit }: { config: TSettings['wordpress']; canEdit: boolean }) {
  const id = useId();
  const test = useConnectionCheck('wordpress', config.isConfigured, SETTINGS_MESSAGES.wordpressNotConfigured.message);
  const form = useConfigForm<Values, TWordpressInput>({
    section: 'wordpress',
    idPrefix: id,
    initial: { siteUrl: config.siteUrl, username: config.username, appPassword: '' },
    blank: { siteUrl: '', username: '', appPassword: '' },
    secrets: ['appPassword'],
    check: (values) => checkWordpress(values, config.appPassword.isSet),
    toBody: (values) => ({
      siteUrl: values.siteUrl.trim(),
      username: values.username.trim(),
      appPassword: values.appPassword,
    }),
    saved: {
      ...WORDPRESS_SAVED,
      after: () => {
        test.clear();
        trackEvent('wordpress_configured');
      },
    },
    removed: { title: 'WordPress Disconnected', message: 'Your WordPress settings have been removed.' },
  });
  const { values, setField, errors } = form;

  return (
    <ConfigCard
      id={id}
      title="WordPress"
      description="Publish blog posts and landing pages straight to your WordPress website."
      section="wordpress"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save WordPress Settings"
      removal={{
        what: 'WordPress',
        consequence:
          'The site address, username and application password are deleted and publishing to WordPress stops.',
      }}
      actions={<TestConnectionButton onClick={test.run} testing={test.testing} />}
      footer={<TestResult result={test.result} />}
    >
      <TextField
        id={`${id}-siteUrl`}
        label="WordPress site URL"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://yourbusiness.com"
        value={values.siteUrl}
        onChange={(e) => setField('siteUrl', e.target.value)}
        error={errors.siteUrl}
      />
      <TextField
        id={`${id}-username`}
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={(e) => setField('username', e.target.value)}
        error={errors.username}
      />
      <SecretField
        id={`${id}-appPassword`}
        label="Application password"
        state={config.appPassword}
        value={values.appPassword}
        onChange={(value) => setField('appPassword', value)}
        error={errors.appPassword}
        hint="Create one in WordPress under Users → Profile → Application Passwords. It is not your login password."
      />
    </ConfigCard>
  );
}
