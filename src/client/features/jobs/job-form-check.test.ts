import { describe, expect, it } from 'vitest';
import { JOB_PHOTO_LIMIT, WORK_MESSAGES } from '@shared/work';
import { addPhotos, checkJob, photoProblem, today, townOf, type JobFormValues } from './job-form-check';

const LEAD = '00000000-0000-4000-8000-000000000001';
const filled: JobFormValues = {
  service: ' Roof repair ',
  town: 'Salem',
  completedOn: '2026-11-20',
  value: '$1,250.50',
  notes: '',
  consent: false,
  address: '12 Oak St',
};
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the Add job form’s checks', () => {
  it('sends the trimmed facts, the value in dollars, and no address without consent', () => {
    expect(checkJob(LEAD, filled)).toEqual({
      ok: true,
      data: {
        leadId: LEAD,
        service: 'Roof repair',
        town: 'Salem',
        completedOn: '2026-11-20',
        value: 1250.5,
        consent: false,
      },
    });
    const agreed = checkJob(LEAD, { ...filled, consent: true, value: '' });
    expect(agreed.ok && agreed.data).toMatchObject({ value: null, consent: true, address: '12 Oak St' });
  });

  it('names every problem in the server’s words, and refuses a street address as the town', () => {
    const checked = checkJob(LEAD, { ...filled, service: ' ', town: '12 Oak St', completedOn: '', value: '-5' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        service: 'Service is required',
        town: 'Enter the town only, not the street address.',
        completedOn: 'Completed on must be a date (YYYY-MM-DD)',
        value: 'Value cannot be negative',
      },
    });
    expect(checkJob(LEAD, { ...filled, town: '', value: 'lots' })).toMatchObject({
      errors: { town: 'Town is required', value: 'Value must be a number' },
    });
  });

  it('takes the town, not the street, from a lead’s location', () => {
    expect(townOf('12 Oak St, Salem, OR 97301')).toBe('Salem');
    expect(townOf('Austin, TX')).toBe('Austin');
    expect(townOf('4410 Elm Ave')).toBe('');
    expect(today(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('chosen photos', () => {
  it('takes HEIC (typed or only named so), refuses other types with the server’s messages, and large files', () => {
    expect(photoProblem(file('IMG_1.HEIC', ''))).toBeNull();
    expect(photoProblem(file('a.heic', 'image/heic'))).toBeNull();
    expect(photoProblem(file('IMG_2.HEIC', 'image/heic', 15 * 1024 * 1024 + 1))).toBe(WORK_MESSAGES.photoTooLarge);
    expect(photoProblem(file('a.gif', 'image/gif'))).toBe(WORK_MESSAGES.photoType);
    expect(photoProblem(file('a.jpg', 'image/jpeg', 15 * 1024 * 1024 + 1))).toBe(WORK_MESSAGES.photoTooLarge);
    expect(photoProblem(file('a.webp', 'image/webp'))).toBeNull();
  });

  it('marks the first before and the rest after, and keeps at most ten', () => {
    const first = addPhotos([], [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.gif', 'image/gif')]);
    expect(first.photos.map((p) => [p.stage, p.status, p.error])).toEqual([
      ['before', 'ready', null],
      ['after', 'ready', null],
      ['after', 'failed', WORK_MESSAGES.photoType],
    ]);
    expect(first.refused).toBeNull();
    const many = Array.from({ length: 9 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    const more = addPhotos(first.photos, many);
    expect(more.photos).toHaveLength(JOB_PHOTO_LIMIT);
    expect(more.refused).toBe(WORK_MESSAGES.tooManyPhotos);
  });
});
