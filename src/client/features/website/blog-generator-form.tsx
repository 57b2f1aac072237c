import { useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { useSearch } from 'wouter';
import {
  BLOG_AUDIENCES,
  BLOG_LENGTHS,
  BLOG_TONES,
  WEBSITE_MESSAGES,
  WORD_RANGES,
  type TContentType,
} from '@shared/website';
import type { TBlogGenerationRequest } from '@shared/schemas/website';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { KeywordChips } from './keyword-chips';

export interface GeneratorValues {
  platform: TContentType;
  form: Required<Omit<TBlogGenerationRequest, 'contentType'>>;
}

const PLATFORMS: { id: TContentType; label: string }[] = [
  { id: 'blog', label: 'Blog post' },
  { id: 'medium', label: 'Medium' },
  { id: 'substack', label: 'Substack' },
];
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('-', ' ');
const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm';

/** The generator form: topic (required), tone, length, audience, keyword chips, call to action. */
export function BlogGeneratorForm({
  generating,
  onGenerate,
}: {
  generating: boolean;
  onGenerate: (values: GeneratorValues) => void;
}) {
  const [platform, setPlatform] = useState<TContentType>('blog');
  // Keywords (issue 17): /website?topic=…&keywords=a,b opens the generator pre-filled.
  // The router's address, not window's: the server renders this form too (entry-server.tsx).
  const search = useSearch();
  const [prefill] = useState(() => new URLSearchParams(search));
  const [topic, setTopic] = useState(() => prefill.get('topic')?.slice(0, 200) ?? '');
  const [tone, setTone] = useState<(typeof BLOG_TONES)[number]>('professional');
  const [length, setLength] = useState<(typeof BLOG_LENGTHS)[number]>('medium');
  const [audience, setAudience] = useState<(typeof BLOG_AUDIENCES)[number]>('homeowners');
  const [keywords, setKeywords] = useState<string[]>(() =>
    (prefill.get('keywords') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .slice(0, 10),
  );
  const [cta, setCta] = useState(true);
  const [topicError, setTopicError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!topic.trim()) {
      setTopicError(WEBSITE_MESSAGES.topicRequired.message);
      toast({ title: WEBSITE_MESSAGES.topicRequired.title, description: WEBSITE_MESSAGES.topicRequired.message });
      return;
    }
    setTopicError(undefined);
    onGenerate({
      platform,
      form: { topic, tone, length, targetAudience: audience, keywords, includeCallToAction: cta },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Generate content</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Write for</legend>
            <div className="grid grid-cols-3 gap-2" role="radiogroup">
              {PLATFORMS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={platform === p.id}
                  onClick={() => setPlatform(p.id)}
                  className={`h-10 rounded-lg border text-sm font-medium ${platform === p.id ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700'}`}
                >
                  {p.label}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor="blog-topic">Topic</Label>
            <Input
              id="blog-topic"
              value={topic}
              maxLength={200}
              placeholder="e.g. Signs your water heater needs replacing"
              aria-invalid={topicError ? true : undefined}
              aria-describedby={topicError ? 'blog-topic-error' : undefined}
              onChange={(e) => setTopic(e.target.value)}
            />
            <FieldError id="blog-topic-error" message={topicError} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-1.5">
              <Label htmlFor="blog-tone">Tone</Label>
              <select
                id="blog-tone"
                className={selectClass}
                value={tone}
                onChange={(e) => setTone(e.target.value as typeof tone)}
              >
                {BLOG_TONES.map((t) => (
                  <option key={t} value={t}>
                    {label(t)}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="blog-length">Length</Label>
              <select
                id="blog-length"
                className={selectClass}
                value={length}
                onChange={(e) => setLength(e.target.value as typeof length)}
              >
                {BLOG_LENGTHS.map((l) => (
                  <option key={l} value={l}>
                    {label(l)} ({WORD_RANGES[platform][l].join('–')} words)
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="blog-audience">Audience</Label>
              <select
                id="blog-audience"
                className={selectClass}
                value={audience}
                onChange={(e) => setAudience(e.target.value as typeof audience)}
              >
                {BLOG_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {label(a)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="blog-keywords">Keywords</Label>
            <KeywordChips value={keywords} onChange={setKeywords} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" checked={cta} onChange={(e) => setCta(e.target.checked)} />
            Include a call to action
          </label>
          <Button type="submit" disabled={generating} className="w-full sm:w-auto">
            {generating ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {generating ? 'Generating…' : 'Generate content'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
