import { useId } from 'react';
import type { TSecretState, TSettings, TSocialInput } from '@shared/schemas/settings';
import { SOCIAL_PLATFORMS, type TSocialPlatform } from '@shared/settings';
import { TextField } from '@/components/ui/form-field';
import { ConfigCard } from '@/components/config-form/config-card';
import { ConnectedBadge } from '@/components/config-form/connected-badge';
import { SecretField } from '@/components/config-form/secret-field';
import { useConfigForm } from '@/components/config-form/use-config-form';

type SocialConfig = TSettings['social'];

interface FieldSpec {
  name: string;
  label: string;
  secret?: boolean;
}

/** Each platform's credentials, in the spec's order. */
const PLATFORMS: Record<TSocialPlatform, { title: string; help: string; fields: FieldSpec[] }> = {
  facebook: {
    title: 'Facebook',
    help: 'From your app at developers.facebook.com and the Page you post to.',
    fields: [
      { name: 'appId', label: 'App ID' },
      { name: 'appSecret', label: 'App secret', secret: true },
      { name: 'accessToken', label: 'Page access token', secret: true },
      { name: 'pageId', label: 'Page ID' },
    ],
  },
  twitter: {
    title: 'Twitter / X',
    help: 'From your project’s Keys and tokens page at developer.x.com.',
    fields: [
      { name: 'apiKey', label: 'API key' },
      { name: 'apiSecret', label: 'API secret', secret: true },
      { name: 'accessToken', label: 'Access token', secret: true },
      { name: 'accessTokenSecret', label: 'Access token secret', secret: true },
    ],
  },
  instagram: {
    title: 'Instagram',
    help: 'An Instagram business account linked to your Facebook Page.',
    fields: [
      { name: 'accessToken', label: 'Access token', secret: true },
      { name: 'businessAccountId', label: 'Business account ID' },
    ],
  },
  linkedin: {
    title: 'LinkedIn',
    help: 'From your app at linkedin.com/developers and your company page.',
    fields: [
      { name: 'clientId', label: 'Client ID' },
      { name: 'clientSecret', label: 'Client secret', secret: true },
      { name: 'accessToken', label: 'Access token', secret: true },
      { name: 'organizationId', label: 'Organization ID' },
    ],
  },
};

type Values = Record<string, string>;
const key = (platform: TSocialPlatform, field: string) => `${platform}.${field}`;
const eachField = () =>
  SOCIAL_PLATFORMS.flatMap((platform) => PLATFORMS[platform].fields.map((field) => ({ platform, field })));
const SECRETS = eachField()
  .filter(({ field }) => field.secret)
  .map(({ platform, field }) => key(platform, field.name));
const BLANK: Values = Object.fromEntries(eachField().map(({ platform, field }) => [key(platform, field.name), '']));

/** Stored non-secret values, with every secret empty (write-only). */
function valuesOf(config: SocialConfig): Values {
  return Object.fromEntries(
    eachField().map(({ platform, field }) => {
      const stored = (config[platform] as Record<string, unknown>)[field.name];
      return [key(platform, field.name), field.secret || typeof stored !== 'string' ? '' : stored];
    }),
  );
}

function bodyOf(values: Values): TSocialInput {
  return Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => [
      platform,
      Object.fromEntries(PLATFORMS[platform].fields.map((f) => [f.name, values[key(platform, f.name)]?.trim() ?? ''])),
    ]),
  ) as TSocialInput;
}

const SOCIAL_SAVED = { title: 'Social Accounts Saved', message: 'Your social media settings have been saved.' };

/** Settings → Social: Facebook, Twitter, Instagram and LinkedIn; a platform is connected once its access token is saved. */
export function SocialTab({ config, canEdit }: { config: SocialConfig; canEdit: boolean }) {
  const id = useId();
  const form = useConfigForm<Values, TSocialInput>({
    section: 'social',
    idPrefix: id,
    initial: valuesOf(config),
    blank: BLANK,
    secrets: SECRETS,
    toBody: bodyOf,
    saved: SOCIAL_SAVED,
    removed: { title: 'Social Accounts Removed', message: 'Every social media credential has been removed.' },
  });
  const connected = SOCIAL_PLATFORMS.filter((platform) => config[platform].isConfigured).length;

  return (
    <ConfigCard
      id={id}
      title="Social media"
      description="Post to your pages from the Social Media section. A platform is connected once its access token is saved."
      section="social"
      configured={connected > 0}
      badgeLabel={`${connected} of ${SOCIAL_PLATFORMS.length} connected`}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Social Settings"
      removal={{
        what: 'social media',
        consequence:
          'The credentials of all four platforms are deleted and scheduled posts go to the sandbox feed only.',
      }}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        {SOCIAL_PLATFORMS.map((platform) => (
          <PlatformCard key={platform} idPrefix={id} platform={platform} config={config[platform]} form={form} />
        ))}
      </div>
    </ConfigCard>
  );
}

function PlatformCard({
  idPrefix,
  platform,
  config,
  form,
}: {
  idPrefix: string;
  platform: TSocialPlatform;
  config: SocialConfig[TSocialPlatform];
  form: ReturnType<typeof useConfigForm<Values, TSocialInput>>;
}) {
  const spec = PLATFORMS[platform];
  const stored = config as unknown as Record<string, TSecretState>;
  const titleId = `${idPrefix}-${platform}-title`;
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-4">
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {spec.title}
          </h3>
          {config.isConfigured ? <ConnectedBadge /> : null}
        </div>
        <p className="mt-1 text-xs text-slate-600">{spec.help}</p>
      </div>
      {spec.fields.map((field) => {
        const name = key(platform, field.name);
        const fieldId = `${idPrefix}-${name}`;
        return field.secret ? (
          <SecretField
            key={name}
            id={fieldId}
            label={field.label}
            state={stored[field.name] ?? { isSet: false, hint: null }}
            value={form.values[name] ?? ''}
            onChange={(value) => form.setField(name, value)}
            error={form.errors[name]}
          />
        ) : (
          <TextField
            key={name}
            id={fieldId}
            label={field.label}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={form.values[name] ?? ''}
            onChange={(e) => form.setField(name, e.target.value)}
            error={form.errors[name]}
          />
        );
      })}
    </section>
  );
}
