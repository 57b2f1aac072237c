import { z } from 'zod';
import type { AuthContext } from '#server/auth-context.ts';
import type { Ai } from '#server/ai/ai.ts';
import type * as repo from './work.repo.ts';

/**
 * What "Share this job" writes from the job's facts only (service, town, month, the owner's
 * notes, the business's name): the post's caption through the one AI layer (its offline writer
 * without a key), and the project page's and case study's words, which are plain templates.
 * Never the customer's name or street address: those are the owner's to add, with consent.
 */
export interface JobFacts {
  businessName: string;
  service: string;
  town: string;
  /** "March 2026". */
  month: string;
  notes: string;
  photos: { before: number; during: number; after: number };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`.trim();

export function factsOf(job: repo.JobRow, businessName: string, photos: repo.PhotoRow[]): JobFacts {
  const count = (s: string) => photos.filter((p) => p.stage === s).length;
  return {
    businessName,
    service: job.service,
    town: job.town.split(',')[0]!.trim(),
    month: monthOf(job.completedOn),
    notes: job.notes ?? '',
    photos: { before: count('before'), during: count('during'), after: count('after') },
  };
}

const tagOf = (words: string) =>
  `#${words
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

const ZCaption = z.object({
  text: z.string().trim().min(1).max(400),
  hashtags: z.string().trim().max(200),
});
export type Caption = z.infer<typeof ZCaption>;

/** The offline writer: the job's facts in one friendly sentence or two. */
export function offlineCaption(f: JobFacts): Caption {
  const pair = f.photos.before > 0 && f.photos.after > 0 ? ' Before and after 👇' : '';
  const note = f.notes ? ` ${firstSentence(f.notes)}` : '';
  return {
    text: `Another ${f.service.toLowerCase()} finished in ${f.town} this ${f.month.split(' ')[0]}.${note}${pair} Need the same? ${f.businessName} is a message away.`,
    hashtags: [tagOf(f.service), tagOf(f.town), '#LocalBusiness'].filter((t) => t.length > 1).join(' '),
  };
}

function firstSentence(text: string): string {
  const s = text.replace(/\s+/g, ' ').trim();
  const end = s.search(/[.!?](\s|$)/);
  const cut = (end >= 0 ? s.slice(0, end + 1) : s).slice(0, 160);
  return /[.!?]$/.test(cut) ? cut : `${cut}.`;
}

/** The post's caption: the model's, held to the facts, or the offline one. */
export async function caption(
  ai: Ai,
  auth: AuthContext,
  f: JobFacts,
): Promise<{ value: Caption; source: 'ai' | 'offline' }> {
  return ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZCaption,
      system:
        'You write short social posts for a small home-service business, in its own friendly voice. Use only the facts given; never invent names, prices or details.',
      prompt: [
        `Business: ${f.businessName}`,
        `Job finished: ${f.service} in ${f.town}, ${f.month}.`,
        f.notes ? `The owner's notes: ${f.notes}` : 'No notes.',
        f.photos.before && f.photos.after
          ? 'The post shows a before/after photo pair.'
          : 'The post shows a photo of the work.',
        'Write `text` (at most 240 characters, no hashtags, no customer names) and `hashtags` (2–3 tags).',
      ].join('\n'),
      offline: () => offlineCaption(f),
    },
  );
}

/** The project page's words. */
export function pageDraft(f: JobFacts) {
  return {
    title: `${f.service} in ${f.town}`,
    summary: f.notes
      ? `${f.notes.trim()}`
      : `${f.businessName} finished this ${f.service.toLowerCase()} in ${f.town} in ${f.month}.`,
  };
}

/** The case study for the blog, in Markdown. */
export function blogDraft(f: JobFacts) {
  const photos = f.photos.before + f.photos.during + f.photos.after;
  return {
    title: `Case study: ${f.service} in ${f.town}`,
    body: [
      `In ${f.month}, ${f.businessName} finished a ${f.service.toLowerCase()} in ${f.town}.`,
      '',
      '## The job',
      '',
      f.notes ? f.notes.trim() : `A ${f.service.toLowerCase()}, done right the first time.`,
      '',
      '## The result',
      '',
      photos > 0
        ? `We took ${photos === 1 ? 'a photo' : `${photos} photos`} along the way${f.photos.before && f.photos.after ? ', before and after' : ''}.`
        : 'The work is done and the customer is happy to have it sorted.',
      '',
      `Need a ${f.service.toLowerCase()} in ${f.town} or nearby? Get in touch with ${f.businessName} for a quote.`,
    ].join('\n'),
  };
}
