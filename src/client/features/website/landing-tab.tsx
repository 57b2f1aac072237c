import { useState } from 'react';
import { ExternalLink, Globe } from 'lucide-react';
import { WEBSITE_MESSAGES } from '@shared/website';
import type { TLandingPage } from '@shared/schemas/website';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { LandingChat, type ChatLine } from './landing-chat';
import { LandingPreview } from './landing-preview';
import { useGenerateLandingPage, useLandingPages, usePublishLandingPage } from './website-api';

/** Landing Pages tab: chat to build a page, preview it at three sizes, publish it; the grid of pages. */
export function LandingTab({ canPublish }: { canPublish: boolean }) {
  const pages = useLandingPages();
  const generate = useGenerateLandingPage();
  const publish = usePublishLandingPage();
  const [current, setCurrent] = useState<TLandingPage | null>(null);
  const [messages, setMessages] = useState<ChatLine[]>([]);
  // The newest copy of the open page (after publishing it, for instance).
  const page = (current && pages.data?.pages.find((p) => p.id === current.id)) ?? current;

  const onSend = async (text: string): Promise<boolean> => {
    const history = messages;
    setMessages([...history, { role: 'user', content: text }]);
    try {
      const result = await generate.mutateAsync({
        messages: history,
        userPrompt: text,
        ...(page ? { landingPageId: page.id } : {}),
      });
      setCurrent(result.landingPage);
      setMessages([...history, { role: 'user', content: text }, { role: 'assistant', content: result.message }]);
      return true;
    } catch (err) {
      toast({
        variant: 'destructive',
        title: WEBSITE_MESSAGES.landingFailed.title,
        description: errorMessage(err, WEBSITE_MESSAGES.landingFailed.message),
      });
      setMessages([
        ...history,
        { role: 'user', content: text },
        { role: 'assistant', content: WEBSITE_MESSAGES.landingApology },
      ]);
      return false;
    }
  };

  const open = (p: TLandingPage | null) => {
    setCurrent(p);
    setMessages(p ? p.messages.map(({ role, content }) => ({ role, content })) : []);
  };

  const togglePublish = async () => {
    if (!page) return;
    try {
      const saved = await publish.mutateAsync({ id: page.id, publish: !page.publicPath });
      setCurrent(saved);
      toast({
        title: saved.publicPath ? 'Page published' : 'Page taken offline',
        description: saved.publicPath ?? undefined,
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Could not change the page.') });
    }
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="min-w-0">
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>{page ? 'Refine your page' : 'Build a landing page'}</CardTitle>
            {page && (
              <Button size="sm" variant="ghost" onClick={() => open(null)}>
                New page
              </Button>
            )}
          </CardHeader>
          <CardContent>
            <LandingChat messages={messages} generating={generate.isPending} onSend={onSend} />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="truncate">{page ? page.title : 'Preview'}</CardTitle>
            {page && canPublish && (
              <Button
                size="sm"
                variant={page.publicPath ? 'outline' : 'default'}
                disabled={publish.isPending}
                onClick={() => void togglePublish()}
              >
                <Globe aria-hidden="true" /> {page.publicPath ? 'Unpublish' : 'Publish'}
              </Button>
            )}
          </CardHeader>
          <CardContent className="space-y-3">
            {page?.publicPath && (
              <a
                href={page.publicPath}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium break-all text-brand-700 underline"
              >
                {window.location.origin}
                {page.publicPath} <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              </a>
            )}
            {page ? (
              <LandingPreview html={page.html} title={page.title} />
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
                Your page appears here as soon as you send the first message.
              </p>
            )}
            {page && !canPublish && <p className="text-sm text-slate-600">A manager or admin can publish this page.</p>}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your landing pages</CardTitle>
        </CardHeader>
        <CardContent>
          {pages.isError ? (
            <p className="text-sm text-red-700">Could not load your landing pages.</p>
          ) : !pages.data || pages.data.pages.length === 0 ? (
            <p className="text-sm text-slate-600">{pages.isPending ? 'Loading…' : 'No pages yet.'}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {pages.data.pages.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => open(p)}
                    aria-current={page?.id === p.id ? 'true' : undefined}
                    className="h-full w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-300 aria-[current=true]:border-brand-600"
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="text-sm font-semibold text-slate-900">{p.title}</span>
                      <Badge variant={p.publicPath ? 'success' : 'secondary'}>{p.publicPath ? 'Live' : 'Draft'}</Badge>
                    </span>
                    <span className="mt-1 line-clamp-2 block text-xs text-slate-600">{p.description}</span>
                    <span className="mt-2 block text-xs text-slate-500">
                      {new Date(p.createdAt).toLocaleDateString()}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
