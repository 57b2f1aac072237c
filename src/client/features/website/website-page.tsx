import { useState } from 'react';
import { FileText, LayoutTemplate, Newspaper, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { BlogTab } from './blog-tab';
import { LandingTab } from './landing-tab';

type Tab = 'blog' | 'homepage' | 'services' | 'landing';

const actionClass =
  'flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-brand-300 hover:bg-brand-50/40';

/** /website: four quick actions and the tabs Blog Posts, Homepage, Services and Landing Pages. */
export default function WebsitePage() {
  const { user } = useAuth();
  const canPublish = hasRole(user?.role, 'manager');
  const [tab, setTab] = useState<Tab>('blog');
  const actions = [
    { label: 'Write a blog post', hint: 'AI draft from your business profile', Icon: FileText, tab: 'blog' as const },
    { label: 'Medium & Substack', hint: 'Copy-ready articles and newsletters', Icon: Newspaper, tab: 'blog' as const },
    { label: 'Build a landing page', hint: 'Chat, preview and publish', Icon: LayoutTemplate, tab: 'landing' as const },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {actions.map(({ label, hint, Icon, tab: target }) => (
          <button key={label} type="button" className={actionClass} onClick={() => setTab(target)}>
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{label}</span>
              <span className="block text-xs text-slate-600">{hint}</span>
            </span>
          </button>
        ))}
        <Link href="/settings" className={actionClass}>
          <Settings aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="block text-sm font-semibold text-slate-900">WordPress settings</span>
            <span className="block text-xs text-slate-600">Site address and application password</span>
          </span>
        </Link>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="blog">Blog Posts</TabsTrigger>
          <TabsTrigger value="homepage">Homepage</TabsTrigger>
          <TabsTrigger value="services">Services</TabsTrigger>
          <TabsTrigger value="landing">Landing Pages</TabsTrigger>
        </TabsList>
        <TabsContent value="blog">
          <BlogTab canPublish={canPublish} />
        </TabsContent>
        <TabsContent value="homepage">
          <ComingSoon what="Homepage">
            Edit your homepage&apos;s headline, intro and contact details here and publish them to WordPress. Until
            then, build pages in the Landing Pages tab.
          </ComingSoon>
        </TabsContent>
        <TabsContent value="services">
          <ComingSoon what="Services">
            Keep one page per service (with prices you choose to show) in step with your WordPress site. Until then,
            write a blog post per service in the Blog Posts tab.
          </ComingSoon>
        </TabsContent>
        <TabsContent value="landing">
          <LandingTab canPublish={canPublish} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ComingSoon({ what, children }: { what: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <h2 className="text-base font-semibold text-slate-900">{what}: coming soon</h2>
      <p className="mx-auto mt-2 max-w-lg text-sm text-slate-600">{children}</p>
    </section>
  );
}
