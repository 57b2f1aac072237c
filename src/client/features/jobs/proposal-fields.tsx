import { useId } from 'react';
import type { TJobPhoto, TProposal } from '@shared/schemas/work';
import { CONSENT_QUESTION } from '@shared/work';
import { PLATFORM_DEFS, SOCIAL_PLATFORMS, type TSocialPlatform } from '@shared/social';
import { isoToZoned, zonedToIso, zonedWhen } from '@shared/zoned-time';
import { CheckboxField, FieldError, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/api';

// What each proposal shows, and its fields when the owner edits it in place.

/** The content being edited, in the shape of its kind (shared/schemas/work.ts). */
export type Draft = Record<string, unknown>;

/** The post's time, edited as a wall-clock time in the business's time zone; Post now clears it. */
function PostTime({
  id,
  value,
  timeZone,
  error,
  onChange,
}: {
  id: string;
  value: string | null;
  timeZone: string;
  error: string | undefined;
  onChange: (v: string | null) => void;
}) {
  const wall = value ? isoToZoned(value, timeZone) : null;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">When</legend>
      <CheckboxField
        id={`${id}-now`}
        className="min-h-11 [&>div]:min-h-11 [&>div]:items-center"
        label="Post now"
        checked={value === null}
        onChange={(e) =>
          onChange(e.target.checked ? null : new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 16) + ':00Z')
        }
      />
      {wall ? (
        <div className="space-y-1.5">
          <Label htmlFor={id}>Date and time ({timeZone})</Label>
          <Input
            id={id}
            type="datetime-local"
            className="max-w-64"
            value={`${wall.date}T${wall.time}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => {
              const [date, time] = e.target.value.split('T');
              if (date && time) onChange(zonedToIso(date, time.slice(0, 5), timeZone));
            }}
          />
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function Area({
  id,
  label,
  value,
  rows,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  rows: number;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function ProposalEditor({
  proposal,
  draft,
  errors,
  onChange,
}: {
  proposal: TProposal;
  draft: Draft;
  errors: FieldErrors;
  onChange: (draft: Draft) => void;
}) {
  const id = useId();
  const str = (name: string) => (typeof draft[name] === 'string' ? (draft[name] as string) : '');
  const set = (name: string) => (value: unknown) => onChange({ ...draft, [name]: value });
  const text = (name: string, label: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={str(name)}
      error={errors[name]}
      onChange={(e) => set(name)(e.target.value)}
    />
  );
  switch (proposal.kind) {
    case 'review_request':
      return (
        <div className="space-y-3">
          {text('customerName', 'Customer name, as the request greets them')}
          <CheckboxField
            id={`${id}-ask`}
            className="min-h-11 [&>div]:min-h-11 [&>div]:items-center"
            label={`Ask them: “${CONSENT_QUESTION}”`}
            checked={draft.askConsent !== false}
            onChange={(e) => set('askConsent')(e.target.checked)}
          />
        </div>
      );
    case 'post': {
      const platforms = (draft.platforms as TSocialPlatform[] | undefined) ?? [];
      return (
        <div className="space-y-3">
          <Area
            id={`${id}-text`}
            label="Caption"
            rows={5}
            value={str('text')}
            error={errors.text}
            onChange={set('text')}
          />
          {text('hashtags', 'Hashtags')}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Post to</legend>
            {SOCIAL_PLATFORMS.map((platform) => (
              <CheckboxField
                key={platform}
                id={`${id}-${platform}`}
                className="min-h-11 [&>div]:min-h-11 [&>div]:items-center"
                label={`${PLATFORM_DEFS[platform].name}${proposal.connected.includes(platform) ? '' : ' (not connected — sandbox)'}`}
                checked={platforms.includes(platform)}
                onChange={(e) =>
                  set('platforms')(
                    e.target.checked ? [...platforms, platform] : platforms.filter((p) => p !== platform),
                  )
                }
              />
            ))}
            <FieldError id={undefined} message={errors.platforms} />
          </fieldset>
          <PostTime
            id={`${id}-when`}
            value={typeof draft.scheduledFor === 'string' ? draft.scheduledFor : null}
            timeZone={proposal.timeZone}
            error={errors.scheduledFor}
            onChange={set('scheduledFor')}
          />
        </div>
      );
    }
    case 'project_page':
      return (
        <div className="space-y-3">
          {text('title', 'Page title')}
          <Area
            id={`${id}-summary`}
            label="Summary"
            rows={5}
            value={str('summary')}
            error={errors.summary}
            onChange={set('summary')}
          />
        </div>
      );
    case 'blog_draft':
      return (
        <div className="space-y-3">
          {text('title', 'Title')}
          <Area
            id={`${id}-body`}
            label="Article"
            rows={12}
            value={str('body')}
            error={errors.body}
            onChange={set('body')}
          />
        </div>
      );
  }
}

function Photos({ photos, ids }: { photos: TJobPhoto[]; ids: string[] }) {
  const shown = ids.map((pid) => photos.find((p) => p.id === pid)).filter((p): p is TJobPhoto => Boolean(p));
  if (!shown.length) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto">
      {shown.map((p) => (
        <li key={p.id} className="shrink-0">
          <img
            src={p.url}
            alt={`${p.stage} photo`}
            width={p.width}
            height={p.height}
            loading="lazy"
            className="h-24 w-auto rounded-lg object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

/** The proposal as it stands: what will go out (or went out). */
export function ProposalSummary({ proposal, photos }: { proposal: TProposal; photos: TJobPhoto[] }) {
  switch (proposal.kind) {
    case 'review_request':
      return (
        <p className="text-sm text-slate-700">
          Asks <strong>{proposal.content.customerName}</strong> for a Google review
          {proposal.content.askConsent
            ? ' and whether their first name and the photos of the job may be shown on your website'
            : ''}
          . {proposal.to}
        </p>
      );
    case 'post': {
      const names = proposal.content.platforms.map(
        (p) => `${PLATFORM_DEFS[p].name}${proposal.connected.includes(p) ? '' : ' (sandbox)'}`,
      );
      return (
        <div className="space-y-2">
          <p className="text-sm whitespace-pre-line text-slate-800">{proposal.content.text}</p>
          {proposal.content.hashtags ? <p className="text-sm text-brand-700">{proposal.content.hashtags}</p> : null}
          <Photos photos={photos} ids={proposal.content.photoIds} />
          {proposal.status === 'proposed' ? (
            <p className="text-sm font-medium text-slate-800">
              {proposal.scheduledFor
                ? `Goes out ${zonedWhen(proposal.scheduledFor, proposal.timeZone)} (${proposal.timeZone}), the suggested posting time`
                : 'Goes out as soon as you approve it'}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {names.length ? `To ${names.join(', ')}` : 'No network chosen yet: choose one under Edit'}
            {proposal.captionSource === 'offline' ? ' · Caption written from the job’s facts (no AI key set)' : ''}
          </p>
          {proposal.status === 'proposed' && proposal.connected.length === 0 ? (
            <p className="text-sm text-slate-700">Not connected — goes to the sandbox.</p>
          ) : null}
        </div>
      );
    }
    case 'project_page':
      return (
        <div className="space-y-2">
          <p className="text-sm font-semibold text-slate-900">{proposal.content.title}</p>
          <p className="text-sm text-slate-700">{proposal.content.summary}</p>
          <Photos photos={photos} ids={proposal.content.photoIds} />
          {proposal.status === 'approved' ? null : (
            <p className="text-xs break-all text-slate-600">Goes public at {proposal.url}</p>
          )}
        </div>
      );
    case 'blog_draft':
      return (
        <div className="space-y-1">
          <p className="text-sm font-semibold text-slate-900">{proposal.content.title}</p>
          <p className="line-clamp-3 text-sm text-slate-700">{proposal.content.body.replace(/^#+\s*/gm, '')}</p>
        </div>
      );
  }
}
