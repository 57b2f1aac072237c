import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MISSED_CALL_MESSAGE } from '@shared/conversations';
import type { TConversationSettings } from '@shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { apiFetch, errorMessage, fieldErrorsOf } from '@/lib/api';
import { inboxKeys } from '@/lib/query-keys';

type Values = Omit<TConversationSettings, 'forwardTo'> & { forwardTo: string };

/** The inbox's missed-call and quiet-hours choices (GET/PUT /api/conversations/settings). */
function useConversationSettings() {
  return useQuery({
    queryKey: inboxKeys.settings(),
    queryFn: ({ signal }) => apiFetch<TConversationSettings>('/api/conversations/settings', { signal }),
  });
}

function useSaveConversationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TConversationSettings) =>
      apiFetch<TConversationSettings>('/api/conversations/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(inboxKeys.settings(), saved),
  });
}

const toValues = (s: TConversationSettings): Values => ({ ...s, forwardTo: s.forwardTo ?? '' });

function TimeRange({
  id,
  legend,
  hint,
  from,
  to,
  onChange,
  errors,
  disabled,
}: {
  id: string;
  legend: string;
  hint: string;
  from: string;
  to: string;
  onChange: (which: 'from' | 'to', value: string) => void;
  errors: (string | undefined)[];
  disabled: boolean;
}) {
  return (
    <fieldset className="space-y-1.5" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`${id}-from`}>{`${legend}: from`}</label>
        <input
          id={`${id}-from`}
          type="time"
          required
          value={from}
          disabled={disabled}
          onChange={(e) => onChange('from', e.target.value)}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm"
        />
        <span className="text-sm text-slate-600">to</span>
        <label className="sr-only" htmlFor={`${id}-to`}>{`${legend}: to`}</label>
        <input
          id={`${id}-to`}
          type="time"
          required
          value={to}
          disabled={disabled}
          onChange={(e) => onChange('to', e.target.value)}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {errors.map((e) => (e ? <FieldError key={e} id={undefined} message={e} /> : null))}
    </fieldset>
  );
}

function SettingsForm({ initial, canEdit }: { initial: TConversationSettings; canEdit: boolean }) {
  const id = useId();
  const save = useSaveConversationSettings();
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errors = fieldErrorsOf(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const forwardTo = values.forwardTo.trim();
    save.mutate(
      { ...values, forwardTo: forwardTo || null, missedCallMessage: values.missedCallMessage.trim() },
      {
        onSuccess: (saved) => {
          setValues(toValues(saved));
          toast({ title: 'Saved', description: 'Your missed-call and quiet-hours settings are saved.' });
        },
      },
    );
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-forward`}
        label="Forward calls to"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+15551234567"
        value={values.forwardTo}
        disabled={!canEdit}
        onChange={(e) => set('forwardTo', e.target.value)}
        error={errors.forwardTo}
        hint="Your mobile. Leave it empty and every call counts as missed (the caller is texted at once)."
      />
      <CheckboxField
        id={`${id}-text`}
        label="Text callers I miss"
        checked={values.missedCallText}
        disabled={!canEdit}
        onChange={(e) => set('missedCallText', e.target.checked)}
      />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-900">
          Text a missed caller gets
        </label>
        <Textarea
          id={`${id}-message`}
          rows={2}
          maxLength={320}
          value={values.missedCallMessage}
          placeholder={DEFAULT_MISSED_CALL_MESSAGE}
          disabled={!canEdit || !values.missedCallText}
          aria-invalid={errors.missedCallMessage ? true : undefined}
          onChange={(e) => set('missedCallMessage', e.target.value)}
        />
        <FieldError id={undefined} message={errors.missedCallMessage} />
      </div>
      <TimeRange
        id={`${id}-hours`}
        legend="Your hours"
        hint="A call missed outside them is kept in the inbox without a text."
        from={values.hoursStart}
        to={values.hoursEnd}
        disabled={!canEdit}
        onChange={(which, v) => set(which === 'from' ? 'hoursStart' : 'hoursEnd', v)}
        errors={[errors.hoursStart, errors.hoursEnd]}
      />
      <TimeRange
        id={`${id}-quiet`}
        legend="Quiet hours"
        hint="Automatic texts (the answer to a new lead, the missed-call text) due in them wait until they end. Your own replies always go at once. The same start and end: no quiet hours."
        from={values.quietStart}
        to={values.quietEnd}
        disabled={!canEdit}
        onChange={(which, v) => set(which === 'from' ? 'quietStart' : 'quietEnd', v)}
        errors={[errors.quietStart, errors.quietEnd]}
      />
      <p className="text-xs text-slate-600">Times are in your business’s time zone (Settings → Business).</p>
      {save.isError ? (
        <FormAlert tone="error">{errorMessage(save.error, 'Your settings could not be saved.')}</FormAlert>
      ) : null}
      {canEdit ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save missed-call settings'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">Only a manager or the owner can change these.</p>
      )}
    </form>
  );
}

/**
 * Settings → SMS, "Missed calls and quiet hours": the owner's phone calls are forwarded to, the
 * text a missed caller gets and the hours it is sent in, and the quiet hours automatic texts wait out.
 */
export function MissedCallsCard({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const settings = useConversationSettings();

  return (
    <Card id="missed-calls" role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Missed calls and quiet hours</CardTitle>
        <CardDescription>
          Calls to your Twilio number ring your phone. Press any key to take a call; if you do not, the caller gets your
          text and a conversation in your inbox.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <PageSpinner label="Loading your missed-call settings" />
        ) : settings.isError ? (
          <FormAlert tone="error">
            {errorMessage(settings.error, 'Could not load your missed-call settings.')}
          </FormAlert>
        ) : (
          <SettingsForm initial={settings.data} canEdit={canEdit} />
        )}
      </CardContent>
    </Card>
  );
}
