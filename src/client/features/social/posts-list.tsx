import { useEffect, useRef } from 'react';
import { ExternalLink } from 'lucide-react';
import { PLATFORM_DEFS, type TPostStatus } from '@shared/social';
import type { TSocialPost } from '@shared/schemas/social';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { zonedFormatter } from '@shared/zoned-time';
import { failureTitle, useCancelPost, useRetryPost } from './social-api';

const STATUS: Record<TPostStatus, { label: string; variant: BadgeProps['variant'] }> = {
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  publishing: { label: 'Publishing', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
  sandboxed: { label: 'In sandbox', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

export const whenText = (iso: string | null, timezone: string) =>
  iso ? zonedFormatter(timezone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/**
 * One line per platform target: its status, the link once live, the reason and Retry when it failed.
 * The post a push opened (`marked`) is scrolled to the middle of the screen, outlined and focused.
 */
export function PostRow({
  post,
  timezone,
  onEdit,
  marked = false,
}: {
  post: TSocialPost;
  timezone: string;
  onEdit?(post: TSocialPost): void;
  marked?: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
    if (!marked) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [marked]);
  const cancel = useCancelPost();
  const retry = useRetryPost();
  const status = STATUS[post.status];
  const fail = (title: string) => (err: unknown) => {
    const description = errorMessage(err, 'Please try again.');
    toast({ variant: 'destructive', title: failureTitle(description, title), description });
  };
  return (
    <li
      ref={ref}
      className={cn(
        'space-y-2 py-3',
        marked && '-mx-2 rounded-md bg-amber-50 px-2 ring-2 ring-amber-400 outline-none focus-visible:ring-brand-600',
      )}
      data-testid="social-post"
      tabIndex={marked ? -1 : undefined}
      aria-current={marked ? 'true' : undefined}
      aria-label={marked ? `${PLATFORM_DEFS[post.platform].name} post you were notified about` : undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{PLATFORM_DEFS[post.platform].name}</span>
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="text-xs text-slate-500">
          {post.status === 'published' ? whenText(post.publishedAt, timezone) : whenText(post.scheduledFor, timezone)}
        </span>
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-slate-700">
        {post.hashtags ? `${post.content}\n\n${post.hashtags}` : post.content}
      </p>
      {post.status === 'published' && post.externalUrl && (
        <a
          href={post.externalUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          View on {PLATFORM_DEFS[post.platform].name} <ExternalLink className="size-3.5" />
        </a>
      )}
      {post.status === 'sandboxed' && (
        <p className="text-sm text-slate-600">
          Not published: {PLATFORM_DEFS[post.platform].name} was not connected at its time, so it went to the sandbox.
          This is exactly what would have been posted.
        </p>
      )}
      {post.errorMessage && (
        <p className={post.status === 'failed' ? 'text-sm text-red-700' : 'text-sm text-amber-800'}>
          {post.errorMessage}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {post.status === 'failed' && (
          <Button
            size="sm"
            disabled={retry.isPending}
            onClick={() => retry.mutate(post.id, { onError: fail('Retry failed') })}
          >
            Retry
          </Button>
        )}
        {post.status === 'scheduled' && onEdit && (
          <Button size="sm" variant="outline" onClick={() => onEdit(post)}>
            Edit
          </Button>
        )}
        {post.status === 'scheduled' && (
          <Button
            size="sm"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(post.id, { onError: fail('Could not cancel') })}
          >
            Cancel post
          </Button>
        )}
      </div>
    </li>
  );
}

export function PostsList({
  posts,
  timezone,
  onEdit,
  marked,
}: {
  posts: TSocialPost[];
  timezone: string;
  onEdit(post: TSocialPost): void;
  /** The post a push notification opened (?post=id). */
  marked?: string | null;
}) {
  if (posts.length === 0)
    return <p className="py-6 text-center text-sm text-slate-600">No posts yet. Schedule one with the wizard above.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {posts.map((post) => (
        <PostRow key={post.id} post={post} timezone={timezone} onEdit={onEdit} marked={post.id === marked} />
      ))}
    </ul>
  );
}
