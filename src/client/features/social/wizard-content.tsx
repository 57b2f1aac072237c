import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PLATFORM_DEFS, postText } from '@shared/social';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { ImageUpload } from './image-upload';
import { notPosted, setGlobalContent, targetProblem, type WizardState } from './wizard-state';

/** Step 2: the global content, then a block per selected platform (toggle, own text, hashtags, count). */
export function WizardContent({
  state,
  onChange,
  writing = false,
}: {
  state: WizardState;
  onChange(next: WizardState): void;
  /** AI drafts are streaming in: the fields fill themselves and are read-only until they finish. */
  writing?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The AI card sits above the wizard (far above on a phone): bring the fields into view as they start.
  // (A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.)
  useEffect(() => {
    if (writing) ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [writing]);
  return (
    <div ref={ref} className="scroll-mt-28 space-y-5" aria-busy={writing}>
      {writing && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-brand-700">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Writing your drafts…
        </p>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="social-global">Post content</Label>
        <Textarea
          id="social-global"
          rows={4}
          value={state.content}
          readOnly={writing}
          placeholder="What would you like to share?"
          onChange={(e) => onChange(setGlobalContent(state, e.target.value))}
        />
        <p className="text-xs text-slate-500">{state.content.length} characters</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="social-image">Image (optional; Instagram needs one): a web address or an upload</Label>
        <Input
          id="social-image"
          type="url"
          inputMode="url"
          placeholder="https://…/photo.jpg"
          value={state.imageUrl}
          onChange={(e) => onChange({ ...state, imageUrl: e.target.value })}
        />
        <ImageUpload onUploaded={(url) => onChange({ ...state, imageUrl: url })} />
      </div>
      {state.platforms.map((platform) => {
        const def = PLATFORM_DEFS[platform];
        const draft = state.drafts[platform] ?? { content: '', hashtags: '', enabled: true };
        const set = (patch: Partial<typeof draft>) =>
          onChange({ ...state, drafts: { ...state.drafts, [platform]: { ...draft, ...patch } } });
        const n = postText(draft.content, draft.hashtags).length;
        const over = n > def.maxLength;
        // Said once there is text to judge (an empty draft would be red before anything is written).
        const problem = draft.enabled && n > 0 && !writing ? targetProblem(state, platform, draft) : null;
        return (
          <section key={platform} aria-label={def.name} className="rounded-xl border border-slate-200 p-4">
            <div className="mb-3 flex items-center justify-between gap-2">
              <h4 className="font-semibold">{def.name}</h4>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={draft.enabled}
                  onChange={(e) => set({ enabled: e.target.checked })}
                />
                Enabled
              </label>
            </div>
            <div className={cn('space-y-3', !draft.enabled && 'opacity-50')}>
              <div className="space-y-1.5">
                <Label htmlFor={`social-${platform}-content`}>Customized content for {def.name}</Label>
                <Textarea
                  id={`social-${platform}-content`}
                  rows={3}
                  value={draft.content}
                  readOnly={writing}
                  placeholder={writing ? 'Writing…' : undefined}
                  disabled={!draft.enabled}
                  onChange={(e) => set({ content: e.target.value })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`social-${platform}-tags`}>Hashtags</Label>
                <Input
                  id={`social-${platform}-tags`}
                  placeholder="#yourtown #yourtrade"
                  value={draft.hashtags}
                  readOnly={writing}
                  disabled={!draft.enabled}
                  onChange={(e) => set({ hashtags: e.target.value })}
                />
              </div>
              <p className={cn('text-xs', over ? 'font-semibold text-red-600' : 'text-slate-500')}>
                {n.toLocaleString('en-US')} / {def.maxLength.toLocaleString('en-US')} characters
              </p>
              {problem && (
                <p className="text-xs font-semibold break-words text-red-600">{notPosted(platform, problem)}</p>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
