import { useState } from 'react';
import { REQUEST_CHANNEL_LABELS, REQUEST_CHANNEL_PREFS } from '@shared/review-requests';
import type { TRequestSettings } from '@shared/schemas/review-requests';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useSaveRequestSettings } from './review-requests-api';

const DELAYS = [0, 1, 2, 4, 8, 24, 48, 72];
const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm sm:text-sm';
const delayLabel = (h: number) =>
  h === 0
    ? 'Right away'
    : h < 24
      ? `${h} ${h === 1 ? 'hour' : 'hours'} later`
      : `${h / 24} ${h === 24 ? 'day' : 'days'} later`;

/** A manager's choices: automatic requests after a converted lead, how long after, and by which channel. */
export function RequestSettingsDialog({
  open,
  onClose,
  settings,
}: {
  open: boolean;
  onClose: () => void;
  settings: TRequestSettings;
}) {
  const save = useSaveRequestSettings();
  const [values, setValues] = useState(settings);
  const delays = DELAYS.includes(values.delayHours) ? DELAYS : [...DELAYS, values.delayHours].sort((a, b) => a - b);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setValues(settings);
        onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Review request settings</DialogTitle>
          <DialogDescription>
            When a lead is marked converted, the customer can be asked for a Google review automatically.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(values, {
              onSuccess: () => {
                toast({ title: 'Settings Saved', description: 'Review requests follow your new settings.' });
                onClose();
              },
              onError: (err) =>
                toast({
                  title: 'Error',
                  description: errorMessage(err, 'Could not save the request settings.'),
                  variant: 'destructive',
                }),
            });
          }}
        >
          <CheckboxField
            id="request-auto"
            label="Send a review request automatically after a lead is converted"
            checked={values.autoSend}
            onChange={(e) => setValues((v) => ({ ...v, autoSend: e.target.checked }))}
          />
          <div className="space-y-1.5">
            <Label htmlFor="request-delay">When</Label>
            <select
              id="request-delay"
              className={selectClass}
              value={values.delayHours}
              onChange={(e) => setValues((v) => ({ ...v, delayHours: Number(e.target.value) }))}
            >
              {delays.map((h) => (
                <option key={h} value={h}>
                  {delayLabel(h)}
                </option>
              ))}
            </select>
            <p className="text-xs text-slate-600">Outside 9 am – 8 pm your time, it waits until 9 am.</p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="request-channel">Send by</Label>
            <select
              id="request-channel"
              className={selectClass}
              value={values.channel}
              onChange={(e) => setValues((v) => ({ ...v, channel: e.target.value as TRequestSettings['channel'] }))}
            >
              {REQUEST_CHANNEL_PREFS.map((c) => (
                <option key={c} value={c}>
                  {REQUEST_CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
