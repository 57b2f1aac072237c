import { useState } from 'react';
import { Copy, ExternalLink, Save, Send } from 'lucide-react';
import { countWords, WEBSITE_MESSAGES, type TContentType } from '@shared/website';
import type { TBlogPost } from '@shared/schemas/website';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { BlogPublishOptions } from './blog-publish-options';
import { useMarkdownHtml } from './use-markdown';
import { usePublishBlogPost, useSaveBlogPost } from './website-api';

export interface EditorDraft {
  id: string | null;
  platform: TContentType;
  title: string;
  metaDescription: string;
  content: string;
  categories: string[];
  tags: string[];
  topic?: string;
  remoteUrl?: string | null;
  schedule?: TBlogPost['schedule'];
  featuredImage?: TBlogPost['featuredImage'];
}

const splitList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .filter((x, i, all) => all.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i);

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `The ${what} is on your clipboard.` });
  } catch {
    toast({
      variant: 'destructive',
      title: WEBSITE_MESSAGES.copyFailed.title,
      description: WEBSITE_MESSAGES.copyFailed.message,
    });
  }
}

/** The editor: title, meta description, categories, tags and the Markdown with its live preview. */
export function BlogEditor({
  initial,
  canPublish,
  timezone,
  onSaved,
}: {
  initial: EditorDraft;
  canPublish: boolean;
  timezone: string;
  onSaved: (post: TBlogPost) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [categories, setCategories] = useState(initial.categories.join(', '));
  const [tags, setTags] = useState(initial.tags.join(', '));
  const [view, setView] = useState<'write' | 'preview'>('write');
  const save = useSaveBlogPost();
  const publish = usePublishBlogPost();
  const html = useMarkdownHtml(draft.content);
  const words = countWords(draft.content);
  const set = (patch: Partial<EditorDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const saveDraft = async (): Promise<TBlogPost | null> => {
    try {
      const post = await save.mutateAsync({
        id: draft.id,
        body: {
          title: draft.title,
          content: draft.content,
          metaDescription: draft.metaDescription,
          categories: splitList(categories),
          tags: splitList(tags),
          platform: draft.platform,
          ...(draft.topic ? { topic: draft.topic } : {}),
        },
      });
      set({ id: post.id, schedule: post.schedule, featuredImage: post.featuredImage });
      onSaved(post);
      return post;
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Could not save the draft.') });
      return null;
    }
  };

  const publishTo = async (status: 'draft' | 'publish') => {
    const saved = await saveDraft();
    if (!saved) return;
    try {
      const result = await publish.mutateAsync({ id: saved.id, status });
      set({
        remoteUrl: result.post.remoteUrl,
        schedule: result.post.schedule,
        featuredImage: result.post.featuredImage,
      });
      onSaved(result.post);
      toast({ title: result.message, description: result.post.remoteUrl ?? undefined });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not published', description: errorMessage(err, 'Could not publish.') });
    }
  };

  const busy = save.isPending || publish.isPending;
  const isBlog = draft.platform === 'blog';
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          Edit your {isBlog ? 'post' : draft.platform === 'medium' ? 'Medium article' : 'Substack issue'}
        </CardTitle>
        <span className="text-sm text-slate-600">{words.toLocaleString()} words</span>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="post-title">Title</Label>
          <Input id="post-title" value={draft.title} maxLength={200} onChange={(e) => set({ title: e.target.value })} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="post-meta">Meta description</Label>
          <Textarea
            id="post-meta"
            rows={2}
            maxLength={300}
            value={draft.metaDescription}
            onChange={(e) => set({ metaDescription: e.target.value })}
          />
        </div>
        {isBlog && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="post-categories">Categories (comma separated)</Label>
              <Input id="post-categories" value={categories} onChange={(e) => setCategories(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="post-tags">Tags (comma separated)</Label>
              <Input id="post-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
            </div>
          </div>
        )}
        <div className="flex gap-2 lg:hidden" role="tablist" aria-label="Editor view">
          {(['write', 'preview'] as const).map((v) => (
            <Button
              key={v}
              type="button"
              size="sm"
              role="tab"
              aria-selected={view === v}
              variant={view === v ? 'secondary' : 'ghost'}
              onClick={() => setView(v)}
            >
              {v === 'write' ? 'Write' : 'Preview'}
            </Button>
          ))}
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={view === 'write' ? 'space-y-1.5' : 'hidden space-y-1.5 lg:block'}>
            <Label htmlFor="post-content">Content (Markdown)</Label>
            <Textarea
              id="post-content"
              rows={18}
              className="font-mono text-sm"
              value={draft.content}
              onChange={(e) => set({ content: e.target.value })}
            />
          </div>
          <div className={view === 'preview' ? 'block' : 'hidden lg:block'}>
            <p className="mb-1.5 text-sm font-medium text-slate-800">Preview</p>
            <article
              data-testid="post-preview"
              className="prose-sm max-h-[30rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 text-slate-800 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_p]:mt-2"
              // Safe: renderMarkdown shows raw HTML as text and drops unsafe link targets.
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </div>
        </div>
        {!isBlog && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {draft.platform === 'medium'
              ? 'Medium no longer issues API tokens, so Fieldwise cannot post there for you.'
              : 'Substack has no publishing API, so Fieldwise cannot post there for you.'}{' '}
            Copy the text below and paste it into the {draft.platform === 'medium' ? 'Medium' : 'Substack'} editor.
          </p>
        )}
        {isBlog && (
          <BlogPublishOptions
            schedule={draft.schedule ?? null}
            featuredImage={draft.featuredImage ?? null}
            timezone={timezone}
            canPublish={canPublish}
            disabled={busy}
            ensureSaved={saveDraft}
            onChanged={(post) => {
              set({ schedule: post.schedule, featuredImage: post.featuredImage });
              onSaved(post);
            }}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => void saveDraft()}>
            <Save aria-hidden="true" /> Save draft
          </Button>
          {isBlog && canPublish && (
            <>
              <Button type="button" disabled={busy} onClick={() => void publishTo('publish')}>
                <Send aria-hidden="true" /> Publish to WordPress
              </Button>
              <Button type="button" variant="ghost" disabled={busy} onClick={() => void publishTo('draft')}>
                Send as WordPress draft
              </Button>
            </>
          )}
          <Button type="button" variant="ghost" onClick={() => void copy(html, 'HTML')}>
            <Copy aria-hidden="true" /> Copy HTML
          </Button>
          <Button type="button" variant="ghost" onClick={() => void copy(draft.content, 'Markdown')}>
            <Copy aria-hidden="true" /> Copy Markdown
          </Button>
        </div>
        {isBlog && !canPublish && (
          <p className="text-sm text-slate-600">A manager or admin can publish this post to WordPress.</p>
        )}
        {draft.remoteUrl && (
          <a
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
            href={draft.remoteUrl}
            target="_blank"
            rel="noreferrer"
          >
            View on WordPress <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        )}
      </CardContent>
    </Card>
  );
}
