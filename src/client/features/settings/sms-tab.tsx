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
import { MissedCallsCard } from './missed-calls-card';

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

function WebhookUrl({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <div className="space-y-1">
      <p id={id} className="text-xs font-medium text-slate-700">
        {label}
      </p>
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={id}
          className="min-w-0 flex-1 rounded border border-slate-200 bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900"
        >
          {url}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="min-h-10 shrink-0"
          aria-label={`Copy ${label.toLowerCase()} URL`}
          onClick={() => copyUrl(url)}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}

/** Where Twilio must post inbound texts (replies, STOP) and calls (missed-call text-back). */
function InboundWebhooks({ id, sms, voice }: { id: string; sms: string; voice: string }) {
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Webhooks for replies and calls</h3>
      <p className="text-xs text-slate-600">
        In Twilio, open your phone number and paste the first URL under Messaging → “A message comes in” and the second
        under Voice → “A call comes in” (both HTTP POST), so customers’ replies reach your inbox, STOP is honoured and
        missed callers are texted back.
      </p>
      <WebhookUrl id={`${id}-webhook`} label="Messaging webhook" url={sms} />
      <WebhookUrl id={`${id}-voice`} label="Voice webhook" url={voice} />
    </div>
  );
}

/** Settings → SMS: the Twilio account that texts leads and review requests, then the missed-call choices. */
export function SmsTab({ config, canEdit }: { config: TSettings['sms']; canEdit: boolean }) {
  return (
    <div className="space-y-6">
      <SmsCard config={config} canEdit={canEdit} />
      <MissedCallsCard canEdit={canEdit} />
    </div>
  );
}

function SmsCard({ config, canEdit }: { config: TSettings['sms']; canEdit: boolean }) {
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
      <InboundWebhooks id={id} sms={config.inboundWebhookUrl} voice={config.voiceWebhookUrl} />
    </ConfigCard>
  );
}
