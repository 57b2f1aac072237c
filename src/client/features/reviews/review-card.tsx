import { useState } from 'react';
import { ExternalLink, Flag, MessageSquareReply, Sparkles } from 'lucide-react';
import { FLAG_MAX_RATING, fillTemplate } from '@shared/reviews';
import type { TReplyTemplate, TReview } from '@shared/schemas/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { DeviceTime } from '@/lib/device-time';
import { ResponsePanel } from './response-panel';
import { ReviewAvatar, Stars } from './review-avatar';
import { reviewTexts, useFlagReview, useGenerateResponse } from './reviews-api';

/** A review's dates in the device's zone, which the server rendering the page does not know. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateOf = (iso: string) => <DeviceTime at={new Date(iso)} format={dayFormat} />;

/** Long reviews are cut here until View Full Review. */
const PREVIEW_CHARS = 280;

/** One review: who, stars, what they wrote, when; Generate Response, Flag for Follow-up, View Full Review. */
export function ReviewCard({
  review,
  businessName,
  canManage,
  templates,
}: {
  review: TReview;
  businessName: string;
  canManage: boolean;
  templates: TReplyTemplate[];
}) {
  const [draft, setDraft] = useState<string | null>(review.repliedAt ? null : review.draft);
  const [expanded, setExpanded] = useState(false);
  const generate = useGenerateResponse();
  const flag = useFlagReview();
  const comment = review.comment ?? '';
  const long = comment.length > PREVIEW_CHARS;

  const onGenerate = () =>
    generate.mutate(
      {
        reviewId: review.id,
        reviewText: comment,
        rating: review.rating,
        businessName,
        reviewerName: review.reviewerName,
      },
      {
        onSuccess: (answer) => {
          setDraft(answer.response);
          toast({ title: reviewTexts.generated, description: reviewTexts.generatedText });
        },
        onError: (err) =>
          toast({ title: 'Error', description: errorMessage(err, reviewTexts.generateError), variant: 'destructive' }),
      },
    );

  return (
    <article
      aria-label={`Review from ${review.reviewerName}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-start gap-3">
        <ReviewAvatar name={review.reviewerName} photoUrl={review.reviewerPhotoUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-semibold text-slate-900">{review.reviewerName}</h3>
            {review.repliedAt ? <Badge variant="success">Replied {dateOf(review.repliedAt)}</Badge> : null}
            {review.flagged && review.followUpResolvedAt ? (
              <Badge variant="success">Follow-up resolved {dateOf(review.followUpResolvedAt)}</Badge>
            ) : review.flagged ? (
              <Badge variant="warning">Flagged for follow-up</Badge>
            ) : null}
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <Stars rating={review.rating} />
            {review.createTime ? dateOf(review.createTime) : null}
          </div>
        </div>
      </header>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
        {comment ? (
          long && !expanded ? (
            `${comment.slice(0, PREVIEW_CHARS)}…`
          ) : (
            comment
          )
        ) : (
          <span className="text-slate-500 italic">Rating only, no text.</span>
        )}
      </p>
      {review.replyText ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="flex items-center gap-1 font-semibold text-slate-700">
            <MessageSquareReply aria-hidden="true" className="size-4" /> Your reply
          </p>
          <p className="mt-1 whitespace-pre-wrap text-slate-700">{review.replyText}</p>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onGenerate} disabled={generate.isPending}>
          <Sparkles aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate Response'}
        </Button>
        {templates.length > 0 ? (
          // A saved template instead of AI: it opens the reply panel, filled, without generating first.
          <select
            aria-label="Use template"
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-xs"
            value=""
            onChange={(e) => {
              const t = templates.find((x) => x.id === e.target.value);
              if (t) setDraft(fillTemplate(t.body, { name: review.reviewerName, business: businessName }));
            }}
          >
            <option value="">Use template…</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        ) : null}
        {review.rating <= FLAG_MAX_RATING && !review.flagged ? (
          <Button
            size="sm"
            variant="outline"
            disabled={flag.isPending}
            onClick={() =>
              flag.mutate(review.id, {
                onSuccess: () =>
                  toast({ title: 'Flagged for Follow-up', description: 'A follow-up task is on your dashboard.' }),
                onError: (err) =>
                  toast({
                    title: 'Error',
                    description: errorMessage(err, 'Could not flag the review.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Flag aria-hidden="true" />
            Flag for Follow-up
          </Button>
        ) : null}
        {long && !expanded ? (
          <Button size="sm" variant="ghost" onClick={() => setExpanded(true)}>
            View Full Review
          </Button>
        ) : review.reviewUrl ? (
          <Button size="sm" variant="ghost" asChild>
            <a href={review.reviewUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              View Full Review
            </a>
          </Button>
        ) : null}
      </div>
      {draft !== null ? (
        <ResponsePanel
          review={review}
          draft={draft}
          onDraft={setDraft}
          onPosted={() => setDraft(null)}
          canManage={canManage}
        />
      ) : null}
    </article>
  );
}
