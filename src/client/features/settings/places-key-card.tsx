import { useId } from 'react';
import type { TPlacesInput, TSettings } from '@shared/schemas/settings';
import { PLACES_KEY_PATTERN, SETTINGS_MESSAGES } from '@shared/settings';
import { ConfigCard } from '@/components/config-form/config-card';
import { SecretField } from '@/components/config-form/secret-field';
import { useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = { apiKey: string };

const BLANK: Values = { apiKey: '' };

function checkPlaces(values: Values, stored: boolean): ConfigProblem | null {
  const key = values.apiKey.trim();
  if (!key && !stored)
    return { ...SETTINGS_MESSAGES.placesMissing, fields: { apiKey: SETTINGS_MESSAGES.placesMissing.message } };
  if (key && !PLACES_KEY_PATTERN.test(key))
    return { ...SETTINGS_MESSAGES.placesFormat, fields: { apiKey: SETTINGS_MESSAGES.placesFormat.message } };
  return null;
}

/**
 * Settings → Business: the business's own Google Places API key for the review search. Without
 * one, the app's own key is used (or sample data under a Demo Data badge).
 */
export function PlacesKeyCard({ config, canEdit }: { config: TSettings['places']; canEdit: boolean }) {
  const id = useId();
  const form = useConfigForm<Values, TPlacesInput>({
    section: 'places',
    idPrefix: id,
    initial: BLANK,
    blank: BLANK,
    secrets: ['apiKey'],
    check: (values) => checkPlaces(values, config.apiKey.isSet),
    toBody: (values) => ({ apiKey: values.apiKey.trim() }),
    saved: { title: 'Places Key Saved', message: 'Business searches on the Reviews page now use your own key.' },
    removed: { title: 'Places Key Removed', message: 'Business searches use the app’s key again.' },
  });
  const { values, setField, errors } = form;

  return (
    <ConfigCard
      id={id}
      title="Google Places API key (optional)"
      description="Business search and reviews on the Reviews page use your own key when you add one, billed to your Google Cloud project."
      section="places"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Places Key"
      badgeLabel="Using your key"
      removal={{
        what: 'your Places API key',
        consequence: 'The key is deleted and business searches use the app’s key again (or sample data without one).',
      }}
    >
      <SecretField
        id={`${id}-apiKey`}
        label="Places API key"
        state={config.apiKey}
        value={values.apiKey}
        onChange={(value) => setField('apiKey', value)}
        error={errors.apiKey}
        hint="Google Cloud console → APIs & Services → Credentials, with Places API (New) enabled. Usually starts with AIza."
      />
    </ConfigCard>
  );
}
