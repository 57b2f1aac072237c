import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Send } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { FieldError } from '@/components/ui/form-field';
import { FormAlert } from '@/components/form/form-alert';
import { focusFirstError, useFormFields } from '@/components/form/use-form-fields';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import {
  checkJob,
  JOB_FIELD_ORDER,
  photoProblem,
  today,
  townOf,
  type JobFormValues,
  type PickedPhoto,
} from './job-form-check';
import { uploadPhoto, useCreateJob } from './jobs-api';
import { PhotoPicker } from './photo-picker';

/**
 * /jobs/new?lead=…: a finished job for a converted lead, phone first. The job is saved first, then
 * each photo is uploaded on its own (its progress and any refusal under it); once every photo is
 * in, "Share this job" opens. A photo that failed can be tried again or removed; the saved job
 * is not sent twice.
 */
export function AddJobForm() {
  const id = useId();
  const params = new URLSearchParams(useSearch());
  const leadId = params.get('lead') ?? '';
  const customer = params.get('name');
  const [, navigate] = useLocation();
  const { values, setValues, setField, errors, setErrors } = useFormFields<JobFormValues>({
    service: params.get('service') ?? '',
    town: townOf(params.get('location') ?? ''),
    completedOn: '',
    value: params.get('value') ?? '',
    notes: '',
    consent: false,
    address: '',
  });
  // Today is the device's date, which a server rendering this form does not know: it is filled
  // in once the page is alive (unless the owner has picked a day already).
  const deviceToday = useHydrated() ? today() : undefined;
  useEffect(() => {
    if (deviceToday) setValues((v) => (v.completedOn ? v : { ...v, completedOn: deviceToday }));
  }, [deviceToday, setValues]);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateJob();
  const busy = create.isPending || uploading;

  async function uploadAll(job: string) {
    setUploading(true);
    let list = photos;
    const set = (key: string, change: Partial<PickedPhoto>) => {
      list = list.map((p) => (p.key === key ? { ...p, ...change } : p));
      setPhotos(list);
    };
    for (const photo of photos) {
      // Done already, or refused here (its type or size): sending it would get the same answer.
      if (photo.status === 'done' || photoProblem(photo.file)) continue;
      set(photo.key, { status: 'uploading', progress: 0, error: null });
      try {
        await uploadPhoto(job, photo.file, photo.stage, (progress) => set(photo.key, { progress }));
        set(photo.key, { status: 'done', progress: 1 });
      } catch (err) {
        set(photo.key, { status: 'failed', error: errorMessage(err, 'The upload failed. Please try again.') });
      }
    }
    setUploading(false);
    const failed = list.filter((p) => p.status !== 'done').length;
    if (failed === 0) navigate(`/jobs/${job}`);
    else
      setProblem(
        `The job is saved; ${failed} photo${failed > 1 ? 's were' : ' was'} not uploaded. Try again, or remove ${failed > 1 ? 'them' : 'it'}.`,
      );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    if (jobId) return void uploadAll(jobId);
    const checked = checkJob(leadId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(id, JOB_FIELD_ORDER, checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (job) => {
        setJobId(job.id);
        void uploadAll(job.id);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setProblem(errorMessage(error, 'Could not add the job. Please try again.'));
      },
    });
  }

  const field = (name: keyof JobFormValues & string) => ({
    id: `${id}-${name}`,
    error: errors[name],
    value: values[name] as string,
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
  });
  const label = jobId
    ? photos.some((p) => p.status !== 'done')
      ? 'Upload the photos again'
      : 'Share this job'
    : 'Save job';

  if (!leadId)
    return <FormAlert tone="error">Add a job from a converted lead: open Leads and press Add job on it.</FormAlert>;
  return (
    <form noValidate aria-label="Add job" onSubmit={onSubmit} className="mx-auto max-w-2xl space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Add job{customer ? ` for ${customer}` : ''}</h2>
        <p className="text-sm text-slate-600">
          What you did and where, with photos. You approve everything before it is shared.
        </p>
      </div>
      <fieldset disabled={jobId !== null} className="space-y-4">
        <TextField label="Service" autoComplete="off" {...field('service')} />
        <TextField
          label="Town"
          autoComplete="address-level2"
          hint="The town or neighbourhood only, never the street address: it appears on public pages."
          {...field('town')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Completed on" type="date" max={deviceToday} {...field('completedOn')} />
          <TextField
            label="Value ($, optional)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="450"
            {...field('value')}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
          <Textarea
            id={`${id}-notes`}
            rows={3}
            placeholder="What was wrong, what you did, what the customer liked"
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
            value={values.notes}
            onChange={(e) => setField('notes', e.target.value)}
          />
          <FieldError id={errors.notes ? `${id}-notes-error` : undefined} message={errors.notes} />
        </div>
        <CheckboxField
          id={`${id}-consent`}
          label="The customer agreed to their name and face appearing on our public pages and posts"
          checked={values.consent}
          onChange={(e) => setField('consent', e.target.checked)}
        />
        {values.consent ? (
          <TextField
            label="Street address (optional, shown only with their agreement)"
            autoComplete="street-address"
            {...field('address')}
          />
        ) : (
          <p className="text-xs text-slate-600">
            Without their agreement nothing public names the customer: pick photos without faces.
          </p>
        )}
      </fieldset>
      <PhotoPicker photos={photos} onChange={setPhotos} busy={busy} />
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {/* On a phone the button stays in reach on the tab bar while the form scrolls; Felix's
          buttons rise above it (styles.css). */}
      <div
        data-sticky-actions
        className="sticky bottom-[calc(53px+env(safe-area-inset-bottom))] z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:p-0"
      >
        {jobId && photos.some((p) => p.status !== 'done') && !busy ? (
          <Button type="button" variant="outline" size="lg" onClick={() => navigate(`/jobs/${jobId}`)}>
            Continue without them
          </Button>
        ) : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {create.isPending ? 'Saving…' : uploading ? 'Uploading photos…' : label}
        </Button>
      </div>
    </form>
  );
}
