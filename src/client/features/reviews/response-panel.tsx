import { useState } from 'react';
import { Copy, ExternalLink, Pencil, Send } from 'lucide-react';
import type { TReview } from '@shared/schemas/reviews';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { usePostReply } from './reviews-api';

/**
 * A drafted reply: Edit in place, then Post Response (published on Google through the Business
 * Profile). When it cannot be posted from here, Copy and a link to the review instead — the
 * card never claims a reply was posted that was not.
 */
export function ResponsePanel({
  review,
  draft,
  onDraft,
  canManage,
  onPosted,
}: {
  review: TReview;
  draft: string;
  onDraft: (text: string) => void;
  onPosted: () => void;
  canManage: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const post = usePostReply();
  const fieldId = `reply-${review.id}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(draft);
      toast({ title: 'Copied', description: 'Paste the reply on the review on Google.' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <div className="mt-3 space-y-2 rounded-lg border border-brand-200 bg-brand-50/50 p-3">
      <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900">
        Your response
      </label>
      {editing ? (
        <Textarea id={fieldId} value={draft} onChange={(e) => onDraft(e.target.value)} rows={5} maxLength={4000} />
      ) : (
        <p id={fieldId} className="text-sm whitespace-pre-wrap text-slate-800">
          {draft}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setEditing((v) => !v)}>
          <Pencil aria-hidden="true" />
          {editing ? 'Done' : 'Edit'}
        </Button>
        {review.canPost && canManage ? (
          <Button
            size="sm"
            disabled={post.isPending || !draft.trim()}
            onClick={() =>
              post.mutate(
                { id: review.id, text: draft.trim() },
                {
                  onSuccess: () => {
                    setEditing(false);
                    onPosted();
                    toast({
                      title: 'Response Posted',
                      description: `Your reply to ${review.reviewerName} is on Google.`,
                    });
                  },
                  onError: (err) =>
                    toast({
                      title: 'Error',
                      description: errorMessage(err, 'Could not post the reply.'),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            <Send aria-hidden="true" />
            {post.isPending ? 'Posting...' : 'Post Response'}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
            {review.reviewUrl ? (
              <Button size="sm" variant="link" asChild>
                <a href={review.reviewUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Reply on Google
                </a>
              </Button>
            ) : null}
          </>
        )}
      </div>
      {!review.canPost ? (
        <p className="text-xs text-slate-600">
          {review.platform === 'demo'
            ? 'This is a sample review: copy the reply to see how it reads.'
            : 'Posting from here needs Google Business Profile connected (Settings → Connections). Copy the reply and paste it on Google meanwhile.'}
        </p>
      ) : !canManage ? (
        <p className="text-xs text-slate-600">A manager or admin posts replies on Google.</p>
      ) : null}
    </div>
  );
}
