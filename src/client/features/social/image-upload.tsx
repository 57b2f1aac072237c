import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { SOCIAL_IMAGE_MAX_BYTES, SOCIAL_IMAGE_MESSAGES } from '@shared/social-analytics';
import type { TSocialImage } from '@shared/schemas/social-analytics';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/api';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}

/** Uploads a photo from the device (stored by Fieldwise) and hands back its public address for the post. */
export function ImageUpload({ onUploaded }: { onUploaded(url: string): void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > SOCIAL_IMAGE_MAX_BYTES) throw new Error(SOCIAL_IMAGE_MESSAGES.size);
      return apiFetch<TSocialImage>('/api/social/images', {
        method: 'POST',
        body: { filename: file.name, data: await readBase64(file) },
        fallbackMessage: 'Could not upload the image.',
      });
    },
    onSuccess: (image) => onUploaded(image.url),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        aria-label="Upload an image"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? 'Uploading…' : 'Upload image'}
      </Button>
      <span className="text-xs text-slate-500">JPEG, PNG, WebP or GIF, up to 5 MB (Instagram: JPEG)</span>
      {upload.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(upload.error, 'Could not upload the image.')}
        </p>
      )}
    </div>
  );
}
