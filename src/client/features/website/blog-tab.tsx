import { useEffect, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { readArticleDraft } from '@shared/article-draft';
import { DEFAULT_TIMEZONE } from '@shared/settings-defaults';
import { WEBSITE_MESSAGES } from '@shared/website';
import type { TBlogPost } from '@shared/schemas/website';
import { FormAlert } from '@/components/form/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { BlogEditor, type EditorDraft } from './blog-editor';
import { BlogGeneratorForm, type GeneratorValues } from './blog-generator-form';
import { ContentStats, RecentPosts } from './blog-sidebar';
import { loadMarkdown, useMarkdownHtml } from './use-markdown';
import { useBlogPosts, useGenerateContent } from './website-api';

const fromPost = (p: TBlogPost): EditorDraft => ({
  id: p.id,
  platform: p.platform,
  title: p.title,
  metaDescription: p.metaDescription,
  content: p.content,
  categories: p.categories,
  tags: p.tags,
  remoteUrl: p.remoteUrl,
  schedule: p.schedule,
  featuredImage: p.featuredImage,
});

/** The article as the model writes it; the editor takes over with the finished text. */
function WritingPreview({ text }: { text: string }) {
  const draft = readArticleDraft(text);
  const html = useMarkdownHtml(draft.content);
  const ref = useRef<HTMLElement>(null);
  // The form is long (more so on a phone): bring the article into view once, as it starts.
  // (A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <section
      ref={ref}
      aria-busy="true"
      aria-label="Your post, being written"
      className="rounded-xl border bg-white p-4 shadow-sm"
    >
      <p role="status" className="mb-2 flex items-center gap-2 text-sm font-medium text-brand-700">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Writing your post…
      </p>
      {draft.title && <h3 className="mb-1 text-lg font-semibold text-slate-900">{draft.title}</h3>}
      {draft.metaDescription && <p className="mb-3 text-sm text-slate-600">{draft.metaDescription}</p>}
      <div
        className="max-h-96 overflow-y-auto break-words text-sm leading-relaxed text-slate-800 [&_h2]:mt-4 [&_h2]:text-base [&_h2]:font-semibold [&_p]:mt-2"
        // Safe: renderMarkdown shows raw HTML as text and drops unsafe link targets (as in the editor).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

/** Blog Posts tab: generate, edit and publish; recent posts and stats beside. */
export function BlogTab({ canPublish }: { canPublish: boolean }) {
  const posts = useBlogPosts();
  const generate = useGenerateContent();
  // The key remounts the editor with a fresh draft after each generation or opened post.
  const [editing, setEditing] = useState<{ key: string; draft: EditorDraft } | null>(null);

  const onGenerate = ({ platform, form }: GeneratorValues) => {
    // The article's preview shows as soon as the first words arrive: fetch its renderer now.
    void loadMarkdown();
    generate.mutate(
      { platform, form },
      {
        onSuccess: (r) =>
          setEditing({
            key: `gen-${Date.now()}`,
            draft: {
              id: null,
              platform: r.platform,
              title: r.title,
              metaDescription: r.metaDescription,
              content: r.content,
              categories: [],
              tags: form.keywords.slice(0, 5),
              topic: form.topic,
            },
          }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: WEBSITE_MESSAGES.generationFailed.title,
            description: WEBSITE_MESSAGES.generationFailed.message,
          }),
      },
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4">
        <BlogGeneratorForm generating={generate.isPending} onGenerate={onGenerate} />
        {generate.isPending && generate.written && <WritingPreview text={generate.written} />}
        {generate.data?.source === 'offline' && editing?.draft.id === null && (
          <FormAlert tone="success">
            Written by Fieldwise&apos;s built-in writer from your business profile (no AI provider is set up). Edit it
            to add your own experience.
          </FormAlert>
        )}
        {editing && (
          <BlogEditor
            key={editing.key}
            initial={editing.draft}
            canPublish={canPublish}
            timezone={posts.data?.timezone ?? DEFAULT_TIMEZONE}
            onSaved={() => undefined}
          />
        )}
      </div>
      <div className="min-w-0 space-y-4">
        {posts.isPending ? (
          <Skeleton className="h-48" />
        ) : posts.isError ? (
          <FormAlert tone="error">Could not load your posts.</FormAlert>
        ) : (
          <>
            <RecentPosts
              posts={posts.data.posts}
              onOpen={(p) => setEditing({ key: `post-${p.id}-${p.updatedAt}`, draft: fromPost(p) })}
            />
            <ContentStats stats={posts.data.stats} />
          </>
        )}
      </div>
    </div>
  );
}
