import { FlaskConical } from 'lucide-react';
import { PLATFORM_DEFS, type TSocialPlatform } from '@shared/social';
import type { TSocialPost } from '@shared/schemas/social';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PostRow } from './posts-list';

/**
 * The built-in sandbox channel: posts whose platform was not connected at their time, exactly as
 * they would have been published (text and hashtags), and those still waiting to go there.
 * Nothing here reached a network.
 */
export function SandboxFeed({
  posts,
  connected,
  timezone,
}: {
  posts: TSocialPost[];
  connected: Set<TSocialPlatform>;
  timezone: string;
}) {
  const delivered = posts
    .filter((p) => p.status === 'sandboxed')
    .sort((a, b) => (b.scheduledFor ?? '').localeCompare(a.scheduledFor ?? ''));
  const waiting = posts.filter((p) => p.status === 'scheduled' && !connected.has(p.platform));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="size-5 text-brand-700" aria-hidden="true" /> Sandbox
        </CardTitle>
        <CardDescription>
          Posts for a platform that is not connected come here at their time instead of the network, so you can try
          everything first. Connect a platform before a post&apos;s time and it goes out for real.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {waiting.length > 0 && (
          <section aria-label="Waiting for the sandbox">
            <h3 className="text-sm font-semibold text-slate-900">Waiting ({waiting.length})</h3>
            <ul className="divide-y divide-slate-100">
              {waiting.map((post) => (
                <PostRow key={post.id} post={post} timezone={timezone} />
              ))}
            </ul>
          </section>
        )}
        <section aria-label="In the sandbox">
          <h3 className="text-sm font-semibold text-slate-900">Delivered to the sandbox ({delivered.length})</h3>
          {delivered.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">
              Nothing yet. Write a post for{' '}
              {Object.values(PLATFORM_DEFS)
                .map((d) => d.name)
                .join(', ')}{' '}
              without connecting it, and it shows up here at its time.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {delivered.map((post) => (
                <PostRow key={post.id} post={post} timezone={timezone} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
