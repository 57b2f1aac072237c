import { useId } from 'react';
import { Copy } from 'lucide-react';
import type { TSettings, TSmsInput } from '@shared/schemas/settings';
import { E164_PATTERN, SETTINGS_MESSAGES } from '@shared/settings';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
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

async function copyUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Copied', description: 'The webhook URL is on your clipboard.' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the address and copy it by hand.' });
  }
}

/** Where Twilio must post inbound texts, so a customer's STOP reply reaches us. */
function InboundWebhook({ id, url }: { id: string; url: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h3 id={`${id}-webhook`} className="text-sm font-semibold text-slate-900">
        Webhook for replies
      </h3>
      <p className="text-xs text-slate-600">
        In Twilio, open your phone number and paste this URL under Messaging → “A message comes in” (HTTP POST), so
        customers’ STOP replies reach us and they are never texted again.
      </p>
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={`${id}-webhook`}
          className="min-w-0 flex-1 rounded border border-slate-200 bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900"
        >
          {url}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label="Copy webhook URL"
          onClick={() => copyUrl(url)}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
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
      <InboundWebhook id={id} url={config.inboundWebhookUrl} />
    </ConfigCard>
  );
}
