import { useEffect, useId, useState } from 'react';
import { BellOff, BellRing, Send, Trash2 } from 'lucide-react';
import { PUSH_KINDS, PUSH_KIND_LABELS, type TPushKind } from '@shared/push';
import type { TPushDevice } from '@shared/schemas/push';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage } from '@/lib/api';
import { usePushSettings, useRegisterDevice, useRemoveDevice, useSaveChoices, useTestPush } from './push-api';
import { currentSubscription, deviceName, pushSupport, subscribeThisDevice, SUPPORT_TEXT } from './this-device';

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const WHEN = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const failed = (title: string) => (err: unknown) =>
  toast({ variant: 'destructive', title, description: errorMessage(err, 'Please try again.') });

/** The endpoint of this browser's push subscription, once looked up (undefined while looking). */
function useThisEndpoint(): [string | null | undefined, (endpoint: string | null) => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((sub) => live && setEndpoint(sub?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, []);
  return [endpoint, setEndpoint];
}

/**
 * Settings → Notifications, push part: this device on or off (the permission prompt comes only
 * from the owner's press), this member's other devices, a test push and what pushes them.
 */
export function PushTab() {
  const settings = usePushSettings();
  const [endpoint, setEndpoint] = useThisEndpoint();
  if (settings.isError)
    return <FormAlert tone="error">{errorMessage(settings.error, 'Could not load your notifications.')}</FormAlert>;
  if (!settings.data || endpoint === undefined) return <Skeleton className="h-72 w-full rounded-xl" />;
  const { devices, choices, publicKey } = settings.data;
  const here = devices.find((d) => d.endpoint === endpoint) ?? null;
  const others = devices.filter((d) => d !== here);
  return (
    <SettingsCard
      id="push-notifications"
      title="Push notifications"
      description="A new lead or message on your phone within seconds, even when Fieldwise is closed."
    >
      <div className="space-y-6">
        <ThisDevice device={here} publicKey={publicKey} onChange={setEndpoint} />
        <OtherDevices devices={others} />
        <TestPush hasDevices={devices.length > 0} />
        <Choices choices={choices} />
      </div>
    </SettingsCard>
  );
}

function ThisDevice({
  device,
  publicKey,
  onChange,
}: {
  device: TPushDevice | null;
  publicKey: string;
  onChange: (endpoint: string | null) => void;
}) {
  const register = useRegisterDevice();
  const remove = useRemoveDevice();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const support = pushSupport();
  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const sub = await subscribeThisDevice(publicKey);
      const keys = sub.keys as { p256dh: string; auth: string } | undefined;
      if (!sub.endpoint || !keys) throw new Error('This browser gave no push address. Please try again.');
      await register.mutateAsync({ endpoint: sub.endpoint, keys, device: deviceName(navigator.userAgent) });
      onChange(sub.endpoint);
      toast({ title: 'Pushes are on', description: 'This device will be told of what you chose below.' });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'Pushes could not be turned on. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    if (!device) return;
    setBusy(true);
    try {
      await remove.mutateAsync(device.id);
      await (await currentSubscription())?.unsubscribe();
      onChange(null);
      toast({ title: 'Pushes are off', description: 'This device gets no more pushes.' });
    } catch (err) {
      failed('Could not turn pushes off')(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="push-this-device" className="space-y-2">
      <h3 id="push-this-device" className="text-sm font-semibold text-slate-900">
        This device
      </h3>
      {support !== 'ready' ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SUPPORT_TEXT[support]}
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {device
              ? `Pushes are on for ${device.device}. ${lastPush(device)}`
              : `Pushes are off for ${deviceName(navigator.userAgent)}. Your browser will ask you to allow them.`}
          </p>
          {device ? (
            <Button variant="outline" className="max-sm:h-11" disabled={busy} onClick={() => void turnOff()}>
              <BellOff aria-hidden="true" />
              Turn off
            </Button>
          ) : (
            <Button className="max-sm:h-11" disabled={busy} onClick={() => void turnOn()}>
              <BellRing aria-hidden="true" />
              Turn on
            </Button>
          )}
        </div>
      )}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </section>
  );
}

const lastPush = (d: TPushDevice) =>
  d.lastSentAt ? `Last push ${WHEN.format(new Date(d.lastSentAt))}.` : 'No push sent yet.';

function OtherDevices({ devices }: { devices: TPushDevice[] }) {
  const remove = useRemoveDevice();
  return (
    <section aria-labelledby="push-other-devices" className="space-y-2">
      <h3 id="push-other-devices" className="text-sm font-semibold text-slate-900">
        Your other devices
      </h3>
      {devices.length === 0 ? (
        <p className="text-sm text-slate-600">None. Open Settings → Notifications on your phone to add it.</p>
      ) : (
        <ul aria-label="Your other devices" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium text-slate-900">{d.device}</p>
                <p className="text-slate-600">
                  Added {DAY.format(new Date(d.createdAt))} · {lastPush(d)}
                </p>
              </div>
              <Button
                variant="outline"
                size="icon"
                className="max-sm:size-11"
                aria-label={`Remove ${d.device}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(d.id, {
                    onSuccess: () =>
                      toast({ title: 'Device removed', description: `${d.device} gets no more pushes.` }),
                    onError: failed('Could not remove the device'),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TestPush({ hasDevices }: { hasDevices: boolean }) {
  const test = useTestPush();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600">
        {hasDevices ? 'Check that pushes reach your devices.' : 'Turn pushes on for a device to send a test.'}
      </p>
      <Button
        variant="outline"
        className="max-sm:h-11"
        disabled={!hasDevices || test.isPending}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: () =>
              toast({ title: 'Test push sent', description: 'It should arrive on your devices within seconds.' }),
            onError: failed('Could not send a test push'),
          })
        }
      >
        <Send aria-hidden="true" />
        Send a test push
      </Button>
    </div>
  );
}

function Choices({ choices }: { choices: Partial<Record<TPushKind, boolean>> }) {
  const id = useId();
  const save = useSaveChoices();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-semibold text-slate-900">Push me when</legend>
      <p className="text-sm text-slate-600">Your own choice, on all your devices.</p>
      <div className="grid gap-x-6 sm:grid-cols-2">
        {PUSH_KINDS.map((kind) => (
          <label key={kind} htmlFor={`${id}-${kind}`} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={choices[kind] ?? true}
              disabled={save.isPending}
              onChange={(e) =>
                save.mutate({ [kind]: e.target.checked }, { onError: failed('Could not save your choice') })
              }
            />
            <span className="text-slate-900">{PUSH_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
