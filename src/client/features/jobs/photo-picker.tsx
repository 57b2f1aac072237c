import { useCallback, useId, useState } from 'react';
import { Camera, CircleAlert, CircleCheck, ImageOff, LoaderCircle, X } from 'lucide-react';
import { JOB_PHOTO_LIMIT, PHOTO_STAGE_LABELS, PHOTO_STAGES, type TPhotoStage } from '@shared/work';
import { cn } from '@/lib/utils';
import { addPhotos, type PickedPhoto } from './job-form-check';

/**
 * A preview of the chosen file, before it is uploaded: the image reads an object URL, dropped once
 * drawn (a browser without object URLs shows a placeholder).
 */
function Thumb({ file }: { file: File }) {
  const canPreview = typeof URL.createObjectURL === 'function';
  const show = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.onload = img.onerror = () => URL.revokeObjectURL(url);
      img.src = url;
    },
    [file],
  );
  return canPreview ? (
    <img ref={show} alt="" className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover" />
  ) : (
    <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
      <ImageOff aria-hidden="true" className="size-6" />
    </span>
  );
}

function StageChoice({
  photo,
  name,
  onStage,
  disabled,
}: {
  photo: PickedPhoto;
  name: string;
  onStage: (s: TPhotoStage) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="sr-only">Stage of {photo.file.name}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {PHOTO_STAGES.map((stage) => (
          <label
            key={stage}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              photo.stage === stage ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={stage}
              checked={photo.stage === stage}
              onChange={() => onStage(stage)}
            />
            {PHOTO_STAGE_LABELS[stage]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PhotoState({ photo }: { photo: PickedPhoto }) {
  if (photo.status === 'uploading')
    return (
      <div className="flex items-center gap-2 text-xs text-slate-600">
        <progress
          className="h-2 w-full overflow-hidden rounded accent-brand-600"
          max={1}
          value={photo.progress}
          aria-label={`Uploading ${photo.file.name}`}
        />
        <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      </div>
    );
  if (photo.status === 'done')
    return (
      <p className="flex items-center gap-1 text-xs font-medium text-emerald-700">
        <CircleCheck aria-hidden="true" className="size-4" /> Uploaded
      </p>
    );
  if (photo.error)
    return (
      <p role="alert" className="flex items-start gap-1 text-xs font-medium text-red-700">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {photo.error}
      </p>
    );
  return null;
}

/**
 * The job's photos: the camera or the library (several at once), each with its preview, marked
 * before / during / after, and its upload's progress or error.
 */
export function PhotoPicker({
  photos,
  onChange,
  busy,
}: {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  busy: boolean;
}) {
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const full = photos.length >= JOB_PHOTO_LIMIT;
  const update = (key: string, change: Partial<PickedPhoto>) =>
    onChange(photos.map((p) => (p.key === key ? { ...p, ...change } : p)));
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="text-sm font-medium text-slate-900">
          Photos{' '}
          <span className="font-normal text-slate-600">
            ({photos.length} of {JOB_PHOTO_LIMIT})
          </span>
        </h3>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          JPEG, PNG or WebP, up to 15 MB each. Location and camera details are removed before anything is shown.
        </p>
      </div>
      <label
        className={cn(
          'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 text-sm font-semibold text-brand-700 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
          (full || busy) && 'pointer-events-none opacity-50',
        )}
      >
        <Camera aria-hidden="true" className="size-5" />
        {photos.length ? 'Add more photos' : 'Take or choose photos'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          disabled={full || busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const result = addPhotos(photos, [...(e.target.files ?? [])]);
            setRefused(result.refused);
            onChange(result.photos);
            e.target.value = '';
          }}
        />
      </label>
      {refused ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refused}
        </p>
      ) : null}
      {photos.length ? (
        <ul className="space-y-3">
          {photos.map((photo) => (
            <li key={photo.key} className="flex gap-3 rounded-xl border border-slate-200 p-2">
              <Thumb file={photo.file} />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex items-start justify-between gap-2">
                  <p className="truncate pt-1 text-xs text-slate-600">{photo.file.name}</p>
                  <button
                    type="button"
                    disabled={busy || photo.status === 'done'}
                    onClick={() => {
                      setRefused(null);
                      onChange(photos.filter((p) => p.key !== photo.key));
                    }}
                    aria-label={`Remove ${photo.file.name}`}
                    className="-mt-1 -mr-1 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 disabled:opacity-40"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <StageChoice
                  photo={photo}
                  name={`${id}-${photo.key}`}
                  disabled={busy || photo.status === 'done'}
                  onStage={(stage) => update(photo.key, { stage })}
                />
                <PhotoState photo={photo} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
