import { useState } from 'react';
import { PLATFORM_DEFS, SOCIAL_PLATFORMS, lengthProblem, type TSocialPlatform } from '@shared/social';
import { zonedToIso } from '@shared/zoned-time';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { ImageUpload } from './image-upload';
import { useCreatePost } from './social-api';
import { todayIn } from './wizard-schedule';

/**
 * Quick Post: one box, an optional uploaded image, the platforms to send it to (an unconnected one
 * goes to the sandbox), now or at a time. Instagram is offered once an image is attached (it takes no post without one).
 */
export function QuickPost({ connected, timezone }: { connected: Set<TSocialPlatform>; timezone: string }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<TSocialPlatform[]>([]);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [imageUrl, setImageUrl] = useState('');
  const create = useCreatePost();
  const problem = chosen.map((p) => lengthProblem(p, text)).find(Boolean) ?? null;
  // Every platform can be chosen; one not connected at the post's time goes to the sandbox.
  const usable = SOCIAL_PLATFORMS.filter((p) => p !== 'instagram' || imageUrl);
  const removeImage = () => {
    setImageUrl('');
    setChosen(chosen.filter((p) => p !== 'instagram'));
  };
  const send = (now: boolean) =>
    create.mutate(
      {
        content: text,
        targets: chosen.map((platform) => ({ platform, content: text })),
        ...(imageUrl ? { imageUrl } : {}),
        ...(now ? { now: true } : { scheduledFor: zonedToIso(date, time, timezone) }),
      },
      {
        onSuccess: () => {
          toast({ title: now ? 'Posting now' : 'Posts Scheduled', description: 'See the Posts list for each result.' });
          setText('');
          setChosen([]);
          setImageUrl('');
        },
      },
    );
  return (
    <div className="space-y-4">
      {usable.some((p) => !connected.has(p)) && (
        <p className="text-sm text-slate-600">
          A platform marked “sandbox” is not connected: its post goes to the Sandbox tab at its time, showing what would
          have been published. Connect it first in Settings → Connections to publish for real.
        </p>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="quick-text">Post</Label>
        <Textarea id="quick-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">Image (optional)</p>
        {imageUrl ? (
          <div className="flex flex-wrap items-center gap-3">
            <img src={imageUrl} alt="Attached to the post" className="size-16 rounded-md border object-cover" />
            <Button type="button" size="sm" variant="ghost" onClick={removeImage}>
              Remove image
            </Button>
          </div>
        ) : (
          <ImageUpload onUploaded={setImageUrl} />
        )}
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-sm font-medium">Post to</legend>
        {usable.map((p) => (
          <label key={p} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={chosen.includes(p)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, p] : chosen.filter((x) => x !== p))}
            />
            {PLATFORM_DEFS[p].name}
            {connected.has(p) ? null : <span className="text-xs text-slate-500">(not connected — sandbox)</span>}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="quick-date">Date</Label>
          <Input
            id="quick-date"
            type="date"
            min={todayIn(timezone)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="quick-time">Time</Label>
          <Input id="quick-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </div>
      </div>
      {(problem || create.error) && (
        <FormAlert tone="error">
          {problem ?? errorMessage(create.error, 'Failed to schedule posts. Please try again.')}
        </FormAlert>
      )}
      {/* On a phone the buttons stay in reach on the tab bar while the form scrolls (as Add job's);
          Felix's buttons rise above them (styles.css). */}
      <div
        data-sticky-actions
        className="sticky bottom-[calc(53px+env(safe-area-inset-bottom))] z-10 -mx-6 flex gap-2 border-t border-slate-200 bg-white/95 px-6 py-2 backdrop-blur sm:static sm:mx-0 sm:flex-wrap sm:border-0 sm:bg-transparent sm:p-0 max-sm:[&>button]:h-11 max-sm:[&>button]:flex-1"
      >
        <Button
          variant="outline"
          disabled={!text.trim() || !chosen.length || !!problem || create.isPending}
          onClick={() => send(true)}
        >
          Post now
        </Button>
        <Button
          disabled={!text.trim() || !chosen.length || !date || !time || !!problem || create.isPending}
          onClick={() => send(false)}
        >
          {create.isPending ? 'Scheduling...' : 'Schedule'}
        </Button>
      </div>
    </div>
  );
}
