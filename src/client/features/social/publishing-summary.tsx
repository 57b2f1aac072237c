import { Link } from 'wouter';
import type { TSocialPlatform, TSocialPost } from '@shared/schemas/social';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Counts from the business's own posts (never the spec's fixed figures). Reach and engagement
 * come from the networks' insights, in the Platform Performance card below.
 */
export function PublishingSummary({ posts, connected }: { posts: TSocialPost[]; connected: Set<TSocialPlatform> }) {
  const count = (status: TSocialPost['status']) => posts.filter((p) => p.status === status).length;
  const rows = [
    ['Published', count('published')],
    ['Scheduled', count('scheduled') + count('publishing')],
    ['Failed', count('failed')],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Overview</CardTitle>
        <CardDescription>From your posts on Fieldwise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {rows.map(([label, n]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-xl font-bold">{n}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600">
          {connected.size === 0 ? (
            <>
              No account is connected yet.{' '}
              <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
                Connect Facebook, X or LinkedIn
              </Link>{' '}
              to publish, then reach and engagement will follow.
            </>
          ) : (
            'Likes, comments and reach from the networks are under Platform Performance.'
          )}
        </p>
      </CardContent>
    </Card>
  );
}
