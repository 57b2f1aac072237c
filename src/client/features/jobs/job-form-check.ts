import type { TCreateJobRequest } from '@shared/schemas/work';
import { JOB_PHOTO_LIMIT, JOB_PHOTO_MAX_BYTES, WORK_MESSAGES, type TPhotoStage } from '@shared/work';
import type { FieldErrors } from '@/lib/api';

// The Add job form's checks, in the server's words (shared/schemas/work.ts), without zod on the page.

export interface JobFormValues {
  service: string;
  town: string;
  completedOn: string;
  value: string;
  notes: string;
  consent: boolean;
  address: string;
}

export const JOB_FIELD_ORDER = ['service', 'town', 'completedOn', 'value', 'notes', 'address'] as const;

/** Today as YYYY-MM-DD on this device (the date the owner sees on the calendar). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The town out of a lead's location: the first part that is not a street address ("12 Oak St, Salem" → "Salem"). */
export function townOf(location: string): string {
  const parts = location.split(',').map((p) => p.trim());
  return parts.find((p) => p && !/\d/.test(p.split(/\s+/)[0] ?? '')) ?? '';
}

const looksLikeStreet = (town: string) => /^\d+[a-z]?\s+\S/i.test(town.trim());

function valueOf(typed: string): { value: number | null } | { error: string } {
  const cleaned = typed.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (cleaned === '') return { value: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return { error: 'Value must be a number' };
  const value = Number(cleaned);
  if (value < 0) return { error: 'Value cannot be negative' };
  if (value > 10_000_000) return { error: 'Value must be at most 10,000,000' };
  return { value: Math.round(value * 100) / 100 };
}

/** The request to send, or one message per field. */
export function checkJob(
  leadId: string,
  v: JobFormValues,
): { ok: true; data: TCreateJobRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const service = v.service.trim();
  const town = v.town.trim();
  if (!service) errors.service = 'Service is required';
  else if (service.length > 200) errors.service = 'Service must be at most 200 characters';
  if (!town) errors.town = 'Town is required';
  else if (town.length > 120) errors.town = 'Town must be at most 120 characters';
  else if (looksLikeStreet(town)) errors.town = 'Enter the town only, not the street address.';
  if (!/^\d{4}-\d\d-\d\d$/.test(v.completedOn) || Number.isNaN(Date.parse(v.completedOn)))
    errors.completedOn = 'Completed on must be a date (YYYY-MM-DD)';
  const value = valueOf(v.value);
  if ('error' in value) errors.value = value.error;
  if (v.notes.trim().length > 2000) errors.notes = 'Notes must be at most 2,000 characters';
  const address = v.consent ? v.address.trim() : '';
  if (address.length > 200) errors.address = 'Address must be at most 200 characters';
  if (Object.keys(errors).length > 0 || 'error' in value) return { ok: false, errors };
  return {
    ok: true,
    data: {
      leadId,
      service,
      town,
      completedOn: v.completedOn,
      value: value.value,
      consent: v.consent,
      ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
      ...(address ? { address } : {}),
    },
  };
}

// Photos ----------------------------------------------------------------------------------------

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
/** Some browsers give an iPhone's HEIC file no type at all: its name says what it is. */
const isHeic = (file: File) => /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** Why this file cannot be uploaded, in the server's words, or null (the server checks the bytes again). */
export function photoProblem(file: File): string | null {
  if (!TYPES.has(file.type) && !isHeic(file)) return WORK_MESSAGES.photoType;
  if (file.size > JOB_PHOTO_MAX_BYTES) return WORK_MESSAGES.photoTooLarge;
  return null;
}

export type PhotoStatus = 'ready' | 'uploading' | 'done' | 'failed';

export interface PickedPhoto {
  key: string;
  file: File;
  stage: TPhotoStage;
  status: PhotoStatus;
  /** 0–1 while uploading. */
  progress: number;
  error: string | null;
}

let seq = 0;

/**
 * Adds the chosen files to the list, up to JOB_PHOTO_LIMIT (the rest refused with the server's
 * message). The first photo of a job is marked before, the others after; each can be changed.
 */
export function addPhotos(current: PickedPhoto[], files: File[]): { photos: PickedPhoto[]; refused: string | null } {
  const room = Math.max(0, JOB_PHOTO_LIMIT - current.length);
  const taken = files.slice(0, room).map((file, i): PickedPhoto => {
    const problem = photoProblem(file);
    return {
      key: `p${++seq}`,
      file,
      stage: current.length + i === 0 ? 'before' : 'after',
      status: problem ? 'failed' : 'ready',
      progress: 0,
      error: problem,
    };
  });
  return { photos: [...current, ...taken], refused: files.length > room ? WORK_MESSAGES.tooManyPhotos : null };
}
