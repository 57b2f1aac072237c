import { useId, type FormEvent, type RefObject } from 'react';
import { LoaderCircle } from 'lucide-react';
// eslint-disable-next-line no-restricted-imports -- the Add Lead form is mounted on intent (MountWhen)
import { ZCreateLeadRequest } from '@shared/schemas/leads';
import { LEAD_EVENTS, LEAD_PRIORITIES } from '@shared/leads';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EMAIL_INPUT, FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { checkSchema } from '@/components/form/check-schema';
import { sendIfValid, useFormFields } from '@/components/form/use-form-fields';
import { trackEvent } from '@/lib/track';
import { PRIORITY_LABELS } from './lead-format';
import { leadFailures, useCreateLead } from './leads-api';
import { NativeSelect } from './native-select';
import { ENTERED_SOURCES, LEAD_SOURCE_LABELS } from '@shared/schemas/lead-sources';

// The form starts with empty strings, priority medium; a new lead's status is new.
const EMPTY = { name: '', email: '', phone: '', service: '', location: '', priority: 'medium', source: 'manual' };
const ORDER = ['name', 'email', 'phone', 'service', 'location', 'priority', 'source'] as const;
type Field = (typeof ORDER)[number];

/**
 * The Add Lead dialog, checked with the same schema the server uses. Its own chunk (with zod),
 * loaded when the button is first pointed at or pressed (add-lead-dialog.tsx).
 */
export default function AddLeadForm({
  open,
  setOpen,
  returnFocusTo,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The Add Lead button: focus goes back to it on close, also after a tap that never focused it. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const id = useId();
  const { values, setValues, setField, errors, setErrors } = useFormFields(EMPTY);
  const create = useCreateLead();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    sendIfValid(
      checkSchema(ZCreateLeadRequest, { ...values, status: 'new' }),
      { idPrefix: id, order: ORDER, setErrors },
      (data, onError) =>
        // The schema answers null for a blank email or phone; the request leaves them out instead.
        create.mutate(
          { ...data, email: data.email ?? undefined, phone: data.phone ?? undefined },
          {
            onSuccess: (lead) => {
              trackEvent(LEAD_EVENTS.added, { priority: lead.priority });
              toast({ title: 'Lead Added', description: 'New lead has been added successfully.' });
              setValues(EMPTY);
              setOpen(false);
            },
            onError: (error) => {
              onError(error);
              toast({ title: 'Error', description: leadFailures.add, variant: 'destructive' });
            },
          },
        ),
    );
  }

  const text = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={(e) => setField(name, e.target.value)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Add Lead</DialogTitle>
          <DialogDescription>Name, service and location are required. The lead starts as new.</DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="Add Lead" onSubmit={onSubmit} className="space-y-4">
          {text('name', 'Name', { autoComplete: 'off', required: true })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('email', 'Email (optional)', { ...EMAIL_INPUT, label: 'Email (optional)', autoComplete: 'off' })}
            {text('phone', 'Phone (optional)', { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
          </div>
          {text('service', 'Service', { placeholder: 'e.g. AC installation', required: true })}
          {text('location', 'Location', { placeholder: 'e.g. Austin, TX', required: true })}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-priority`}>Priority</Label>
            <NativeSelect
              id={`${id}-priority`}
              value={values.priority}
              onChange={(e) => setField('priority', e.target.value)}
              aria-invalid={errors.priority ? true : undefined}
              aria-describedby={errors.priority ? `${id}-priority-error` : undefined}
            >
              {LEAD_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={errors.priority ? `${id}-priority-error` : undefined} message={errors.priority} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-source`}>Source</Label>
            <NativeSelect
              id={`${id}-source`}
              value={values.source}
              onChange={(e) => setField('source', e.target.value)}
            >
              {ENTERED_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {LEAD_SOURCE_LABELS[source]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {create.isPending ? 'Adding...' : 'Add Lead'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
