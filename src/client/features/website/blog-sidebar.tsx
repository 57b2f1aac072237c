import { FileText } from 'lucide-react';
import type { TBlogPost, TContentStats } from '@shared/schemas/website';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Recent Posts (the server sends the newest five); a click opens the post in the editor. */
export function RecentPosts({ posts, onOpen }: { posts: TBlogPost[]; onOpen: (post: TBlogPost) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Posts</CardTitle>
      </CardHeader>
      <CardContent>
        {posts.length === 0 ? (
          <p className="text-sm text-slate-600">No posts yet. Generate your first one with the form.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {posts.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onOpen(p)}
                  className="flex w-full items-start gap-3 py-3 text-left hover:bg-slate-50"
                >
                  <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{p.title}</span>
                    <span className="text-xs text-slate-600">
                      {p.platform === 'blog' ? 'Blog' : p.platform === 'medium' ? 'Medium' : 'Substack'} ·{' '}
                      {p.readingTime} min read
                    </span>
                  </span>
                  {p.schedule && p.status !== 'published' ? (
                    <Badge variant="secondary">{p.schedule.state === 'failed' ? 'Schedule failed' : 'Scheduled'}</Badge>
                  ) : (
                    <Badge variant={p.status === 'published' ? 'default' : 'secondary'}>
                      {p.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Content Stats, counted from the business's posts. */
export function ContentStats({ stats }: { stats: TContentStats }) {
  const goal = Math.min(100, Math.round((stats.thisMonth / stats.monthlyGoal) * 100));
  const rows = [
    ['Published', stats.published.toLocaleString('en-US')],
    ['Drafts', stats.drafts.toLocaleString('en-US')],
    ['Words written', stats.words.toLocaleString('en-US')],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Content Stats</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <div className="flex justify-between text-sm text-slate-700">
            <span>Monthly goal ({stats.monthlyGoal} posts)</span>
            <span>{goal}%</span>
          </div>
          <div
            className="mt-1 h-2 rounded-full bg-slate-100"
            role="progressbar"
            aria-valuenow={goal}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Monthly goal"
          >
            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${goal}%` }} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
