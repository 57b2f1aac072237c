import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TGenerateResponse, TSocialPlatform, TSocialPost } from '@shared/schemas/social';
import type { SocialDraftsText } from '@shared/social-drafts';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth/use-auth';
import { lazyNamed } from '@/lib/lazy-page';
import { useRenderLater } from '@/lib/use-render-later';
import { AiCard } from './ai-card';
import { CalendarTab } from './calendar-tab';
import { PostsSection } from './posts-section';
import { QuickPost } from './quick-post';
import { SandboxFeed } from './sandbox-feed';
import { useSocialPosts } from './social-api';
import { Wizard } from './wizard';
import { useWizard } from './wizard-state';

// The dialog (and Radix's dialog code) loads when it is opened, not with the page.
const EditPostDialog = lazyNamed(() => import('./edit-post-dialog').then((m) => m.EditPostDialog));

const TABS = ['wizard', 'quick', 'calendar', 'sandbox'] as const;
type Tab = (typeof TABS)[number];

/**
 * /social: AI drafts, the Multi-Platform Wizard, Quick Post, the Calendar and the Posts list.
 * The tab lives in the address (?tab=calendar), and ?action=create-post opens the wizard at its top;
 * ?tab=quick&action=quick-post (the phone's Post tab) puts the cursor in Quick Post's box;
 * ?post=<id> (a "post failed" push) scrolls to that post in the Posts list and marks it.
 */
export default function SocialPage() {
  const { user } = useAuth();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const asked = search.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'wizard';
  const createPost = search.get('action') === 'create-post';
  const posts = useSocialPosts();
  const wizard = useWizard();
  const [editing, setEditing] = useState<TSocialPost | null>(null);
  const [writing, setWriting] = useState(false);
  const startedRef = useRef(false);
  // The posts and the figures under the tabs are most of the page's markup and its second query:
  // a tap that opens /social (the dashboard's "Create Social Post") paints the wizard first.
  const showLists = useRenderLater();

  const quickPost = tab === 'quick' && search.get('action') === 'quick-post';
  useEffect(() => {
    if (createPost) document.getElementById('create-post')?.scrollIntoView({ block: 'start' });
    if (quickPost) document.getElementById('quick-text')?.focus();
  }, [createPost, quickPost, posts.isSuccess]);

  const data = posts.data;
  const timezone = data?.timezone ?? 'America/New_York';
  const connected = new Set<TSocialPlatform>(data?.platforms.filter((p) => p.connected).map((p) => p.platform) ?? []);
  const businessName = user?.tenantMemberships[0]?.tenant.name ?? 'Your business';

  /**
   * The AI drafts into the wizard: while the model writes, each field fills in as its part arrives
   * (a platform not reached yet stays empty); the final drafts then replace them.
   */
  const fillWizard = (result: SocialDraftsText, final: boolean) =>
    wizard.setState((s) => {
      const platforms = s.platforms.length ? s.platforms : result.drafts.map((d) => d.platform);
      const drafts: typeof s.drafts = {};
      for (const p of platforms) {
        const d = result.drafts.find((x) => x.platform === p);
        drafts[p] = {
          content: d?.content ?? (final ? result.content : ''),
          hashtags: d?.hashtags ?? '',
          enabled: s.drafts[p]?.enabled ?? true,
        };
      }
      // While writing, step 2 shows the general post even before a platform's section arrives.
      const step = platforms.length || !final ? 2 : 1;
      return { ...s, platforms, content: result.content, drafts, step };
    });
  const applyDrafts = (result: TGenerateResponse) => {
    fillWizard(result, true);
    stopWriting();
    navigate('/social', { replace: true });
  };
  const onWriting = (soFar: SocialDraftsText) => {
    // The first piece opens the wizard tab (once: this handler is the one from Generate's click).
    if (!startedRef.current) navigate('/social', { replace: true });
    startedRef.current = true;
    setWriting(true);
    fillWizard(soFar, false);
  };
  const stopWriting = () => {
    startedRef.current = false;
    setWriting(false);
  };

  if (posts.isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-96" />
      </div>
    );
  if (posts.isError || !data)
    return (
      <FormAlert tone="error" className="items-center">
        <span className="mr-3">{errorMessage(posts.error, 'Could not load your posts.')}</span>
        <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );

  return (
    <div className="space-y-6">
      <AiCard platforms={wizard.state.platforms} onWriting={onWriting} onDrafts={applyDrafts} onFailed={stopWriting} />
      <Tabs
        value={tab}
        onValueChange={(v) => navigate(v === 'wizard' ? '/social' : `/social?tab=${v}`, { replace: true })}
      >
        <TabsList className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
          <TabsTrigger value="wizard">
            <span className="sm:hidden">Wizard</span>
            <span className="hidden sm:inline">Multi-Platform Wizard</span>
          </TabsTrigger>
          <TabsTrigger value="quick">Quick Post</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="sandbox">Sandbox</TabsTrigger>
        </TabsList>
        <TabsContent value="wizard">
          <Wizard
            state={wizard.state}
            onChange={wizard.setState}
            onReset={wizard.reset}
            connected={connected}
            timezone={timezone}
            businessName={businessName}
            writing={writing}
          />
        </TabsContent>
        <TabsContent value="quick">
          <Card>
            <CardHeader>
              <CardTitle>Quick Post</CardTitle>
              <CardDescription>One message to the platforms you choose, now or later.</CardDescription>
            </CardHeader>
            <CardContent>
              <QuickPost connected={connected} timezone={timezone} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="calendar">
          <Card>
            <CardHeader>
              <CardTitle>Content Calendar</CardTitle>
              <CardDescription>
                Scheduled, published and failed posts by day ({timezone}). Click a scheduled post to edit or cancel it,
                or drag it to another day.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CalendarTab posts={data.posts} timezone={timezone} onOpen={setEditing} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="sandbox">
          <SandboxFeed posts={data.posts} connected={connected} timezone={timezone} />
        </TabsContent>
      </Tabs>
      {showLists ? (
        <PostsSection
          posts={data.posts}
          connected={connected}
          timezone={timezone}
          marked={search.get('post')}
          onEdit={setEditing}
        />
      ) : (
        <div role="status" aria-label="Loading posts" className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-96 lg:col-span-2" />
          <Skeleton className="h-96" />
        </div>
      )}
      <Suspense fallback={null}>
        {editing && <EditPostDialog post={editing} timezone={timezone} onClose={() => setEditing(null)} />}
      </Suspense>
    </div>
  );
}
