import { useId } from 'react';
import { E164_PATTERN, SETTINGS_MESSAGES, type TSettings, type TSmsInput } from '@shared/schemas/settings';
import { TextField } from '@/components/ui/form-field';
import { ConfigCard } from '@/components/config-form/config-card';
import { TestConnectionButton, TestResult, useConnectionCheck } from '@/components/config-form/connection-test';
import { SecretField } from '@/components/config-form/secret-field';
import { missingFields, useConfigForm, type ConfigProblem } from '@/components/config-form/use-config-form';

type Values = { accountSid: string; authToken: string; phoneNumber: string };

const SMS_SAVED = { title: 'SMS Connected', message: 'Your Twilio settings have been saved.' };
const BLANK: Values = { accountSid: '', authToken: '', phoneNumber: '' };

function checkSms(values: Values, tokenStored: boolean): ConfigProblem | null {
  const missing = missingFields(
    values,
    tokenStored ? ['accountSid', 'phoneNumber'] : ['accountSid', 'authToken', 'phoneNumber'],
  );
  if (Object.keys(missing).length > 0) return { ...SETTINGS_MESSAGES.smsMissing, fields: missing };
  if (!E164_PATTERN.test(values.phoneNumber.trim()))
    return { ...SETTINGS_MESSAGES.smsPhone, fields: { phoneNumber: SETTINGS_MESSAGES.smsPhone.message } };
  return null;
}

/** Settings → SMS: the Twilio account that texts leads and review requests. */
export function SmsTab({ config, canEdit }: { config: TSettings['sms']; canEdit: boolean }) {
  const id = useId();
  const test = useConnectionCheck('sms', config.isConfigured, SETTINGS_MESSAGES.smsNotConfigured.message);
  const form = useConfigForm<Values, TSmsInput>({
    section: 'sms',
    idPrefix: id,
    initial: { accountSid: config.accountSid, authToken: '', phoneNumber: config.phoneNumber },
    blank: BLANK,
    secrets: ['authToken'],
    check: (values) => checkSms(values, config.authToken.isSet),
    toBody: (values) => ({
      accountSid: values.accountSid.trim(),
      authToken: values.authToken,
      phoneNumber: values.phoneNumber.trim(),
    }),
    saved: { ...SMS_SAVED, after: test.clear },
    removed: { title: 'SMS Disconnected', message: 'Your Twilio settings have been removed.' },
  });
  const { values, setField, errors } = form;

  return (
    <ConfigCard
      id={id}
      title="SMS (Twilio)"
      description="Text new leads back in seconds and send review requests after a job."
      section="sms"
      configured={config.isConfigured}
      canEdit={canEdit}
      form={form}
      saveLabel="Save SMS Settings"
      removal={{
        what: 'SMS',
        consequence: 'The account SID, auth token and phone number are deleted and text messages stop.',
      }}
      actions={<TestConnectionButton onClick={test.run} testing={test.testing} />}
      footer={<TestResult result={test.result} />}
    >
      <TextField
        id={`${id}-accountSid`}
        label="Account SID"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="AC…"
        value={values.accountSid}
        onChange={(e) => setField('accountSid', e.target.value)}
        error={errors.accountSid}
        hint="On your Twilio console dashboard, starting with AC."
      />
      <SecretField
        id={`${id}-authToken`}
        label="Auth token"
        state={config.authToken}
        value={values.authToken}
        onChange={(value) => setField('authToken', value)}
        error={errors.authToken}
        hint="Shown next to the Account SID on your Twilio console."
      />
      <TextField
        id={`${id}-phoneNumber`}
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+15551234567"
        value={values.phoneNumber}
        onChange={(e) => setField('phoneNumber', e.target.value)}
        error={errors.phoneNumber}
        hint="Your Twilio number in E.164 format: + country code and number, no spaces (e.g., +15551234567)."
      />
    </ConfigCard>
  );
}
