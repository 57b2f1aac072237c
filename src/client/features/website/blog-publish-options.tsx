import { useEffect, useId, useState } from 'react';
import { CalendarClock, ImagePlus, Trash2, X } from 'lucide-react';
import { FEATURED_IMAGE_MAX_BYTES, FEATURED_IMAGE_MESSAGES, FEATURED_IMAGE_TYPES } from '@shared/website';
import type { TBlogPost } from '@shared/schemas/website';
import { isoToZoned } from '@shared/zoned-time';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useFeaturedImage, useScheduleBlogPost } from './website-api';

type Schedule = TBlogPost['schedule'];
type FeaturedImage = TBlogPost['featuredImage'];

/** "Fri, Jan 15, 2027 at 9:00 AM": a wall-clock date and time as they were typed, in no other zone. */
export function wallClock(date: string, time: string): string {
  const at = new Date(`${date}T${time}:00Z`);
  const day = at.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const hour = at.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  return `${day} at ${hour}`;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}

/** The featured image and the scheduled publish of a blog post; both save the draft first. */
export function BlogPublishOptions({
  schedule,
  featuredImage,
  timezone,
  canPublish,
  disabled,
  ensureSaved,
  onChanged,
}: {
  schedule: Schedule;
  featuredImage: FeaturedImage;
  timezone: string;
  canPublish: boolean;
  disabled: boolean;
  ensureSaved: () => Promise<TBlogPost | null>;
  onChanged: (post: TBlogPost) => void;
}) {
  const id = useId();
  const image = useFeaturedImage();
  const scheduler = useScheduleBlogPost();
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const today = isoToZoned(new Date().toISOString(), timezone);
  const [date, setDate] = useState(schedule?.date ?? today.date);
  const [time, setTime] = useState(schedule?.time ?? '09:00');
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const busy = disabled || image.isPending || scheduler.isPending;

  const pick = async (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    if (!(FEATURED_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setImageError(FEATURED_IMAGE_MESSAGES.type);
    if (file.size > FEATURED_IMAGE_MAX_BYTES) return setImageError(FEATURED_IMAGE_MESSAGES.size);
    const saved = await ensureSaved();
    if (!saved) return;
    try {
      const data = await readBase64(file);
      const post = await image.mutateAsync({
        id: saved.id,
        image: { filename: file.name, contentType: file.type, data },
      });
      setPreview(URL.createObjectURL(file));
      onChanged(post);
    } catch (err) {
      setImageError(errorMessage(err, 'Could not save the image.'));
    }
  };

  const removeImage = async () => {
    const saved = await ensureSaved();
    if (!saved) return;
    try {
      onChanged(await image.mutateAsync({ id: saved.id, image: null }));
      setPreview(null);
    } catch (err) {
      setImageError(errorMessage(err, 'Could not remove the image.'));
    }
  };

  const plan = async (when: { date: string; time: string } | null) => {
    const saved = await ensureSaved();
    if (!saved) return;
    try {
      const post = await scheduler.mutateAsync({ id: saved.id, when });
      onChanged(post);
      toast({
        title: post.schedule ? 'Publish scheduled' : 'Schedule cancelled',
        description: post.schedule
          ? `It goes to WordPress on ${wallClock(post.schedule.date, post.schedule.time)} (${post.schedule.timezone}).`
          : 'The post stays a draft here.',
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not scheduled', description: errorMessage(err, 'Could not schedule.') });
    }
  };

  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4 md:grid-cols-2">
      <section aria-labelledby={`${id}-image`} className="min-w-0 space-y-2">
        <h3 id={`${id}-image`} className="text-sm font-semibold text-slate-900">
          Featured image
        </h3>
        {featuredImage ? (
          <div className="flex items-center gap-3">
            {preview ? (
              <img src={preview} alt="" className="size-14 shrink-0 rounded-md border border-slate-200 object-cover" />
            ) : (
              <span className="flex size-14 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-white">
                <ImagePlus aria-hidden="true" className="size-5 text-slate-400" />
              </span>
            )}
            <span className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium text-slate-900" data-testid="featured-image-name">
                {featuredImage.filename}
              </span>
              <span className="text-xs text-slate-600">
                {kb(featuredImage.size)} ·{' '}
                {featuredImage.remoteUrl ? 'in your WordPress media library' : 'uploaded to WordPress when you publish'}
              </span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="shrink-0"
              disabled={busy}
              onClick={() => void removeImage()}
            >
              <Trash2 aria-hidden="true" />
              {/* On a phone the icon alone leaves the file name its room. */}
              <span className="sr-only sm:not-sr-only">Remove</span>
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">JPEG, PNG, WebP or GIF, up to 4 MB. Shown at the top of the post.</p>
        )}
        <Label htmlFor={`${id}-file`} className="sr-only">
          Choose a featured image
        </Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={FEATURED_IMAGE_TYPES.join(',')}
          disabled={busy}
          className="h-auto py-1.5 text-sm file:mr-3"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {imageError && <FormAlert tone="error">{imageError}</FormAlert>}
      </section>

      <section aria-labelledby={`${id}-schedule`} className="min-w-0 space-y-2">
        <h3 id={`${id}-schedule`} className="text-sm font-semibold text-slate-900">
          Schedule for later
        </h3>
        {schedule?.state === 'scheduled' && (
          <FormAlert tone="success">
            <span data-testid="schedule-status">
              Publishes to WordPress on {wallClock(schedule.date, schedule.time)} ({schedule.timezone}).
            </span>
            {schedule.error && <span className="mt-1 block">{schedule.error}</span>}
          </FormAlert>
        )}
        {schedule?.state === 'publishing' && <FormAlert tone="success">Publishing to WordPress now…</FormAlert>}
        {schedule?.state === 'failed' && (
          <FormAlert tone="error">
            <span data-testid="schedule-status">
              The publish planned for {wallClock(schedule.date, schedule.time)} did not happen. {schedule.error}
            </span>
          </FormAlert>
        )}
        {canPublish ? (
          <>
            <div className="flex flex-wrap items-end gap-2">
              <div className="space-y-1">
                <Label htmlFor={`${id}-date`}>Date</Label>
                <Input
                  id={`${id}-date`}
                  type="date"
                  min={today.date}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                  className="w-40"
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-time`}>Time</Label>
                <Input
                  id={`${id}-time`}
                  type="time"
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  className="w-32"
                />
              </div>
              <Button
                type="button"
                variant="outline"
                disabled={busy || !date || !time}
                onClick={() => void plan({ date, time })}
              >
                <CalendarClock aria-hidden="true" /> {schedule?.state === 'scheduled' ? 'Reschedule' : 'Schedule'}
              </Button>
              {(schedule?.state === 'scheduled' || schedule?.state === 'failed') && (
                <Button type="button" variant="ghost" disabled={busy} onClick={() => void plan(null)}>
                  <X aria-hidden="true" /> Cancel schedule
                </Button>
              )}
            </div>
            <p className="text-xs text-slate-600">Times are in your business&apos;s time zone, {timezone}.</p>
          </>
        ) : (
          <p className="text-sm text-slate-600">A manager or admin can schedule this post.</p>
        )}
      </section>
    </div>
  );
}
