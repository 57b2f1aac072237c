import { Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { TGenerateResponse, TSocialPlatform } from '@shared/schemas/social';
import { readSocialDrafts, type SocialDraftsText } from '@shared/social-drafts';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useGenerate } from './social-api';

/** AI Content Generation: a topic in, a global draft and one per selected platform out, into the wizard. */
export function AiCard({
  platforms,
  onWriting,
  onDrafts,
  onFailed,
}: {
  platforms: TSocialPlatform[];
  /** The drafts so far, read from the text as the model writes it. */
  onWriting(soFar: SocialDraftsText): void;
  onDrafts(result: TGenerateResponse): void;
  onFailed(): void;
}) {
  const [topic, setTopic] = useState('');
  const generate = useGenerate((soFar) => onWriting(readSocialDrafts(soFar)));
  const limit = generate.data?.limit;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-accent-600" /> AI Content Generation
        </CardTitle>
        <CardDescription>
          Describe the post; we draft it for each platform you picked in step 1, from your business profile.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor="social-topic">Topic</Label>
          <Textarea
            id="social-topic"
            rows={2}
            value={topic}
            placeholder="e.g. Spring AC tune-up special"
            onChange={(e) => setTopic(e.target.value)}
          />
        </div>
        {generate.isError && (
          <FormAlert tone="error">
            {errorMessage(generate.error, 'Failed to generate content. Please try again.')}
          </FormAlert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            disabled={!topic.trim() || generate.isPending}
            onClick={() =>
              generate.mutate({ topic: topic.trim(), platforms }, { onSuccess: onDrafts, onError: onFailed })
            }
          >
            <Sparkles /> {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
          {generate.isPending && generate.written && (
            <p className="flex items-center gap-2 text-xs font-medium text-brand-700" role="status">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Writing your drafts into the wizard…
            </p>
          )}
          {!generate.isPending && generate.data && (
            <p className="text-xs text-slate-600" role="status">
              Draft ready in the wizard
              {generate.data.source === 'offline' ? ' (written from your profile, no AI model configured)' : ''}.
              {limit != null && ` Your plan includes ${limit} AI posts a month.`}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
