import { useState } from 'react';
import { Link } from 'wouter';
import { Send, Settings2 } from 'lucide-react';
import { REQUEST_CHANNEL_LABELS, type TRequestStatus } from '@shared/review-requests';
import type { TReviewRequest } from '@shared/schemas/review-requests';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { RequestFunnel } from './request-funnel';
import { lazyNamed, MountWhen } from '@/lib/lazy-page';
import { deliveryOf, requestOutcome } from './review-request-status';
import { useReviewRequests } from './review-requests-api';

// The dialogs (and Request a review's schema, zod) load on intent, not with the list.
const RequestReviewDialog = lazyNamed(() => import('./request-review-dialog').then((m) => m.RequestReviewDialog));
const RequestSettingsDialog = lazyNamed(() => import('./request-settings-dialog').then((m) => m.RequestSettingsDialog));
const preloadAsk = () => void RequestReviewDialog.preload();
const preloadSettings = () => void RequestSettingsDialog.preload();

const STATUS: Record<TRequestStatus, { label: string; variant: BadgeProps['variant'] }> = {
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  skipped: { label: 'Not sent', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};
const SHOWN = 5;

/** Review requests on /reviews: the funnel, Request a review, the settings and the recent requests. */
export function ReviewRequests({ canManage }: { canManage: boolean }) {
  const [days, setDays] = useState(30);
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [all, setAll] = useState(false);
  const list = useReviewRequests(days);
  const data = list.data;
  const requests = data?.requests ?? [];
  const shown = all ? requests : requests.slice(0, SHOWN);

  return (
    <section aria-labelledby="review-requests-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-requests-title" className="text-lg font-bold text-slate-900">
          Review requests
        </h2>
        <div className="flex flex-wrap gap-2">
          {canManage && data ? (
            <Button
              variant="outline"
              size="sm"
              onPointerEnter={preloadSettings}
              onFocus={preloadSettings}
              onClick={() => setEditing(true)}
            >
              <Settings2 aria-hidden="true" />
              Request settings
            </Button>
          ) : null}
          <Button
            size="sm"
            onPointerEnter={preloadAsk}
            onFocus={preloadAsk}
            onClick={() => setAsking(true)}
            disabled={!data}
          >
            <Send aria-hidden="true" />
            Request a review
          </Button>
        </div>
      </div>
      {list.isError && !data ? (
        <FormAlert tone="error">{errorMessage(list.error, 'Could not load the review requests.')}</FormAlert>
      ) : null}
      {data ? (
        <p className="text-sm text-slate-700">
          {data.settings.autoSend
            ? `Automatic: ${data.settings.delayHours === 0 ? 'as soon as' : `${data.settings.delayHours} h after`} a lead is converted, by ${REQUEST_CHANNEL_LABELS[data.settings.channel].toLowerCase()}.`
            : 'Automatic requests are off: use Request a review after a job.'}
        </p>
      ) : null}
      {data && !data.ready.reviewLink ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Requests link to your Google review page, so they need your real business: sample businesses have none.
        </p>
      ) : null}
      {data && !data.ready.sms ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Texts need Twilio in{' '}
          <Link href="/settings?tab=sms" className="font-medium text-brand-700 underline">
            Settings → SMS
          </Link>
          ; until then requests go by email to customers who have one.
        </p>
      ) : null}
      <RequestFunnel funnel={data?.funnel} days={days} onDays={setDays} />
      {requests.length > 0 ? (
        <ul
          aria-label="Recent review requests"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {shown.map((r) => (
            <RequestRow key={r.id} request={r} timezone={data!.timezone} />
          ))}
        </ul>
      ) : data ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No review requests yet. They appear here when a lead is converted or you request one.
        </p>
      ) : null}
      {requests.length > SHOWN ? (
        <Button variant="ghost" size="sm" onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer' : `Show all ${requests.length}`}
        </Button>
      ) : null}
      <MountWhen when={asking}>
        {data ? <RequestReviewDialog open={asking} onClose={() => setAsking(false)} timezone={data.timezone} /> : null}
      </MountWhen>
      <MountWhen when={editing}>
        {data && editing ? (
          <RequestSettingsDialog open={editing} onClose={() => setEditing(false)} settings={data.settings} />
        ) : null}
      </MountWhen>
    </section>
  );
}

function RequestRow({ request: r, timezone }: { request: TReviewRequest; timezone: string }) {
  const status = STATUS[r.status];
  const delivery = deliveryOf(r);
  return (
    <li className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">
          {r.customerName}
          <span className="ml-2 font-normal text-slate-500">
            {r.trigger === 'auto' ? 'after a converted lead' : 'by hand'}
          </span>
        </p>
        <p className="break-words text-slate-700">{requestOutcome(r, timezone)}</p>
        {delivery ? <p className="text-xs text-slate-600">{delivery}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {r.clicks > 0 ? (
          <Badge variant="outline">{r.clicks === 1 ? 'Link opened' : `Link opened ${r.clicks} times`}</Badge>
        ) : null}
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
    </li>
  );
}
