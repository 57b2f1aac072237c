import { useState } from 'react';
import { PLATFORM_DEFS, postText } from '@shared/social';
import type { TSocialPost } from '@shared/schemas/social';
import { isoToZoned, zonedToIso } from '@shared/zoned-time';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useCancelPost, useUpdatePost } from './social-api';

/** Edit a scheduled post's text and time, or cancel it (from the list or the calendar). */
export function EditPostDialog({ post, timezone, onClose }: { post: TSocialPost; timezone: string; onClose(): void }) {
  const start = isoToZoned(post.scheduledFor ?? new Date().toISOString(), timezone);
  const [content, setContent] = useState(post.content);
  const [hashtags, setHashtags] = useState(post.hashtags ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const update = useUpdatePost();
  const cancel = useCancelPost();
  const def = PLATFORM_DEFS[post.platform];
  const n = postText(content, hashtags).length;
  const error = update.error ?? cancel.error;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {def.name} post</DialogTitle>
          <DialogDescription>Change the text or the time, or cancel it. Times are in {timezone}.</DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          {error && <FormAlert tone="error">{errorMessage(error, 'Could not save the post.')}</FormAlert>}
          <div className="space-y-1.5">
            <Label htmlFor="edit-content">Content</Label>
            <Textarea id="edit-content" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
            <p className={n > def.maxLength ? 'text-xs font-semibold text-red-600' : 'text-xs text-slate-500'}>
              {n.toLocaleString('en-US')} / {def.maxLength.toLocaleString('en-US')} characters
            </p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="edit-tags">Hashtags</Label>
            <Input id="edit-tags" value={hashtags} onChange={(e) => setHashtags(e.target.value)} />
          </div>
          <div className="flex gap-3">
            <div className="space-y-1.5">
              <Label htmlFor="edit-date">Date</Label>
              <Input id="edit-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="edit-time">Time</Label>
              <Input id="edit-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
          </div>
        </div>
        <DialogFooter className="gap-2">
          <Button
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(post.id, { onSuccess: onClose })}
          >
            Cancel post
          </Button>
          <Button
            disabled={update.isPending || n > def.maxLength || !date || !time}
            onClick={() =>
              update.mutate(
                { id: post.id, content, hashtags, scheduledFor: zonedToIso(date, time, timezone) },
                { onSuccess: onClose },
              )
            }
          >
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
