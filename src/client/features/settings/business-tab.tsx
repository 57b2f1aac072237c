import { useId } from 'react';
import { BUSINESS_TYPES } from '@shared/onboarding';
import type { TBusinessInput, TSettings } from '@shared/schemas/settings';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@shared/settings-defaults';
import { EMAIL_INPUT, TextField, type TextFieldProps } from '@/components/ui/form-field';
import { ConfigCard } from '@/components/config-form/config-card';
import { SelectField } from '@/components/config-form/select-field';
import { useConfigForm } from '@/components/config-form/use-config-form';

type Values = Omit<TSettings['business'], 'isConfigured'>;

export const BUSINESS_SAVED = { title: 'Business Profile Saved', message: 'Your business information has been saved.' };

const BLANK: Values = {
  businessName: '',
  businessAddress: '',
  businessPhone: '',
  businessEmail: '',
  businessWebsite: '',
  businessDefaultSearch: '',
  industry: '',
  timezone: DEFAULT_TIMEZONE,
  currency: DEFAULT_CURRENCY,
};

const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'NZD', 'MXN'];

/** The options with the stored value kept even when it is not one of them. */
function withCurrent(list: readonly string[], current: string) {
  const all = current && !list.includes(current) ? [current, ...list] : list;
  return all.map((value) => ({ value, label: value.replaceAll('_', ' ') }));
}

function timezones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];
}

/** Settings → Business: the profile every AI draft, review search and report starts from. */
export function BusinessTab({ config, canEdit }: { config: TSettings['business']; canEdit: boolean }) {
  const id = useId();
  const { isConfigured, ...stored } = config;
  const form = useConfigForm<Values, TBusinessInput>({
    section: 'business',
    idPrefix: id,
    initial: {
      ...stored,
      timezone: stored.timezone || DEFAULT_TIMEZONE,
      currency: stored.currency || DEFAULT_CURRENCY,
    },
    blank: BLANK,
    secrets: [],
    toBody: (values) => values,
    saved: BUSINESS_SAVED,
    removed: { title: 'Business Profile Removed', message: 'Your business information has been cleared.' },
  });
  const { values, setField, errors } = form;
  const text = (name: keyof Values, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      {...extra}
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={(e) => setField(name, e.target.value)}
      error={errors[name]}
    />
  );
  const industries = [{ value: '', label: 'Choose your trade' }, ...BUSINESS_TYPES];
  if (values.industry && !industries.some((o) => o.value === values.industry))
    industries.push({ value: values.industry, label: values.industry });

  return (
    <ConfigCard
      id={id}
      title="Business profile"
      description="Used in AI-written posts and replies, review searches and reports."
      section="business"
      configured={isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Business Profile"
      removal={{
        what: 'business profile',
        consequence: 'Your business name, contact details, timezone and currency are cleared.',
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {text('businessName', 'Business name', { autoComplete: 'organization' })}
        <SelectField
          id={`${id}-industry`}
          label="Industry"
          options={industries}
          value={values.industry}
          onChange={(e) => setField('industry', e.target.value)}
          error={errors.industry}
        />
      </div>
      {text('businessAddress', 'Business address', {
        autoComplete: 'street-address',
        placeholder: '123 Main St, Springfield, IL 62701',
      })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('businessPhone', 'Business phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {text('businessEmail', 'Business email', EMAIL_INPUT)}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('businessWebsite', 'Website', {
          type: 'url',
          inputMode: 'url',
          autoComplete: 'url',
          placeholder: 'https://yourbusiness.com',
        })}
        {text('businessDefaultSearch', 'Default review search', {
          placeholder: 'Brooks Heating Springfield',
          hint: 'How customers find you on Google; used to look up your reviews.',
        })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={`${id}-timezone`}
          label="Timezone"
          options={withCurrent(timezones(), values.timezone)}
          value={values.timezone}
          onChange={(e) => setField('timezone', e.target.value)}
          error={errors.timezone}
          hint="Posts are scheduled and reports are cut in this timezone."
        />
        <SelectField
          id={`${id}-currency`}
          label="Currency"
          options={withCurrent(CURRENCIES, values.currency)}
          value={values.currency}
          onChange={(e) => setField('currency', e.target.value)}
          error={errors.currency}
        />
      </div>
    </ConfigCard>
  );
}
