import { useId } from 'react';
import type { TSettings, TWhiteLabelInput } from '@shared/schemas/settings';
import { DEFAULT_BRAND_COLOURS, HEX_COLOUR } from '@shared/settings-defaults';
import { CheckboxField, EMAIL_INPUT, FieldError, TextField, type TextFieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ConfigCard } from '@/components/config-form/config-card';
import { useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = Omit<TSettings['whiteLabel'], 'isConfigured'>;

export const WHITE_LABEL_SAVED = { title: 'Branding Saved', message: 'Your white-label settings have been saved.' };
export const COLOUR_PROBLEM_TITLE = 'Invalid Colour';

const BLANK: Values = {
  clientName: '',
  clientDomain: '',
  logoUrl: '',
  primaryColor: DEFAULT_BRAND_COLOURS.primaryColor,
  secondaryColor: DEFAULT_BRAND_COLOURS.secondaryColor,
  contactEmail: '',
  contactPhone: '',
  isWhiteLabel: false,
};

function checkColours(values: Values): ConfigProblem | null {
  const fields: Record<string, string> = {};
  if (!HEX_COLOUR.test(values.primaryColor.trim())) fields.primaryColor = 'Use a colour like #3b82f6';
  if (!HEX_COLOUR.test(values.secondaryColor.trim())) fields.secondaryColor = 'Use a colour like #f97316';
  const first = Object.values(fields)[0];
  return first ? { title: COLOUR_PROBLEM_TITLE, message: first, fields } : null;
}

/** Settings → White label (admins only): the agency's name, domain and colours on the app and outgoing mail. */
export function WhiteLabelTab({ config, canEdit }: { config: TSettings['whiteLabel']; canEdit: boolean }) {
  const id = useId();
  const { isConfigured, ...stored } = config;
  const form = useConfigForm<Values, TWhiteLabelInput>({
    section: 'white-label',
    idPrefix: id,
    initial: {
      ...stored,
      primaryColor: stored.primaryColor || DEFAULT_BRAND_COLOURS.primaryColor,
      secondaryColor: stored.secondaryColor || DEFAULT_BRAND_COLOURS.secondaryColor,
    },
    blank: BLANK,
    secrets: [],
    check: checkColours,
    toBody: (values) => values,
    saved: WHITE_LABEL_SAVED,
    removed: { title: 'Branding Removed', message: 'The app is back to the standard Fieldwise look.' },
  });
  const { values, setField, errors } = form;
  const text = (name: Exclude<keyof Values, 'isWhiteLabel'>, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      {...extra}
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={(e) => setField(name, e.target.value)}
      error={errors[name]}
    />
  );

  return (
    <ConfigCard
      id={id}
      title="White label"
      description="Resell Fieldwise under your own brand: your name, colours and contact details in the app and in outgoing mail."
      section="white-label"
      configured={isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save Branding"
      removal={{
        what: 'white-label',
        consequence: 'Your brand name, logo, colours and contact details are removed and the standard look returns.',
      }}
    >
      <CheckboxField
        id={`${id}-isWhiteLabel`}
        label="Show my brand name and colours instead of Fieldwise"
        checked={values.isWhiteLabel}
        onChange={(e) => setField('isWhiteLabel', e.target.checked)}
        error={errors.isWhiteLabel}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {text('clientName', 'Brand name', { autoComplete: 'organization', placeholder: 'Acme Marketing' })}
        {text('clientDomain', 'Custom domain', {
          inputMode: 'url',
          autoCapitalize: 'none',
          spellCheck: false,
          placeholder: 'app.acmemarketing.com',
        })}
      </div>
      {text('logoUrl', 'Logo URL', {
        type: 'url',
        inputMode: 'url',
        placeholder: 'https://acmemarketing.com/logo.png',
      })}
      <div className="grid gap-5 sm:grid-cols-2">
        <ColourField
          id={`${id}-primaryColor`}
          label="Primary colour"
          value={values.primaryColor}
          onChange={(v) => setField('primaryColor', v)}
          error={errors.primaryColor}
        />
        <ColourField
          id={`${id}-secondaryColor`}
          label="Secondary colour"
          value={values.secondaryColor}
          onChange={(v) => setField('secondaryColor', v)}
          error={errors.secondaryColor}
        />
      </div>
      <BrandPreview primary={values.primaryColor} secondary={values.secondaryColor} name={values.clientName} />
      <div className="grid gap-5 sm:grid-cols-2">
        {text('contactEmail', 'Contact email', EMAIL_INPUT)}
        {text('contactPhone', 'Contact phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
      </div>
    </ConfigCard>
  );
}

function ColourField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX_COLOUR.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed"
        />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** What the chosen colours look like on a button and a badge, before saving. */
function BrandPreview({ primary, secondary, name }: { primary: string; secondary: string; name: string }) {
  const ok = HEX_COLOUR.test(primary) && HEX_COLOUR.test(secondary);
  if (!ok) return null;
  return (
    <div
      aria-hidden="true"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3"
    >
      <span className="text-sm font-semibold text-slate-900">{name.trim() || 'Your brand'}</span>
      <span className="rounded-lg px-3 py-1.5 text-sm font-semibold text-white" style={{ backgroundColor: primary }}>
        Primary button
      </span>
      <span
        className="rounded-full px-2.5 py-0.5 text-xs font-semibold text-white"
        style={{ backgroundColor: secondary }}
      >
        Accent
      </span>
    </div>
  );
}
