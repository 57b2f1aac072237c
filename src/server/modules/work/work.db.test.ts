import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLead, TLeadPage } from '#shared/schemas/leads.ts';
import { leadSourceOf } from '#shared/schemas/lead-sources.ts';
import type { TJob, TJobPage, TProposal, TProposalList } from '#shared/schemas/work.ts';
import { CONSENT_QUESTION, WORK_MESSAGES } from '#shared/work.ts';
import { suggestedPostTime } from '#shared/social.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';
import { DEFAULT_TIMEZONE } from '#shared/settings-defaults.ts';
import { signedFormTime } from '#server/modules/website/lead-intake.service.ts';
import { esc } from '#server/modules/website/landing-template.ts';
import { insertReviews, saveBusiness } from '#server/modules/reviews/reviews.repo.ts';
import { reviewRequests } from '#server/db/schema/index.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';

let kit: SocialKit;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-work-'));
  kit = await startSocialKit({ DATA_DIR: dataDir });
});
afterAll(() => kit.close());

type File = { field: string; name: string; type: string; data: Buffer };
function multipart(files: File[]) {
  const boundary = `----fw${randomUUID()}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (cookie: string, jobId: string, files: File[]) => {
  const body = multipart(files);
  return kit.app.inject({
    method: 'POST',
    url: `/api/jobs/${jobId}/photos`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};

/** A camera photo: a JPEG whose EXIF carries the GPS position it was taken at. */
async function cameraJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#8899aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9', Artist: 'Pat Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 15/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 26/1 0/1' },
    })
    .toBuffer();
}
const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

async function convertedLead(owner: SignedUp, name = 'Dana Ruiz'): Promise<TLead> {
  const res = await inject(kit, 'POST', '/api/leads', owner.cookie, {
    name,
    service: 'Water heater',
    location: '12 Elm St, Tacoma, WA',
    phone: '(253) 555-0199',
    email: 'dana@example.com',
  });
  const lead = res.json<TLead>();
  await inject(kit, 'PATCH', `/api/leads/${lead.id}`, owner.cookie, { status: 'converted' });
  return lead;
}
const job = { service: 'Water heater replacement', town: 'Tacoma, WA', completedOn: '2026-11-20', value: 1850 };
async function addJob(owner: SignedUp, extra: Record<string, unknown> = {}): Promise<TJob> {
  const lead = await convertedLead(owner);
  const res = await inject(kit, 'POST', '/api/jobs', owner.cookie, { leadId: lead.id, ...job, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TJob>();
}

describe('POST /api/jobs and GET /api/jobs', () => {
  it('records a job for a converted lead of the business only, with readable refusals', async () => {
    const owner = await signUp(kit.app);
    const other = await signUp(kit.app);
    const lead = await convertedLead(owner);

    const bad = await inject(kit, 'POST', '/api/jobs', owner.cookie, {
      leadId: lead.id,
      service: ' ',
      town: 'Tacoma',
      completedOn: '2026-02-30',
      address: '12 Elm St',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      service: 'Service is required',
      completedOn: 'Completed on must be a date (YYYY-MM-DD)',
      address: WORK_MESSAGES.addressNeedsConsent,
    });

    const open = (
      await inject(kit, 'POST', '/api/leads', owner.cookie, {
        name: 'Al',
        service: 'AC',
        location: 'Tacoma',
        phone: '2535550100',
      })
    ).json<TLead>();
    const notYet = await inject(kit, 'POST', '/api/jobs', owner.cookie, { leadId: open.id, ...job });
    expect([notYet.statusCode, notYet.json<{ message: string }>().message]).toEqual([
      409,
      WORK_MESSAGES.leadNotConverted,
    ]);

    const theirs = await inject(kit, 'POST', '/api/jobs', other.cookie, { leadId: lead.id, ...job });
    expect(theirs.statusCode).toBe(404);

    const created = await inject(kit, 'POST', '/api/jobs', owner.cookie, {
      leadId: lead.id,
      ...job,
      notes: 'Swapped a 40-gallon tank.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json<TJob>();
    expect(made).toMatchObject({
      customerName: 'Dana Ruiz',
      town: 'Tacoma, WA',
      value: 1850,
      consent: false,
      projectUrl: null,
    });
    expect(made.slug).toBe('water-heater-replacement-tacoma-2026-11');
    // The second job of the same kind gets its own address.
    const again = (await inject(kit, 'POST', '/api/jobs', owner.cookie, { leadId: lead.id, ...job })).json<TJob>();
    expect(again.slug).not.toBe(made.slug);

    const mine = (await inject(kit, 'GET', '/api/jobs', owner.cookie)).json<TJobPage>();
    expect(mine.jobs.map((j) => j.id)).toEqual([again.id, made.id]);
    expect((await inject(kit, 'GET', '/api/jobs', other.cookie)).json<TJobPage>().jobs).toEqual([]);
    expect((await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, other.cookie)).statusCode).toBe(404);
    const badCursor = await inject(kit, 'GET', '/api/jobs?cursor=bm9wZQ', owner.cookie);
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('POST /api/jobs/:id/photos', () => {
  it('stores photos resized, as JPEG, with no EXIF (no GPS position) under the business in the data directory', async () => {
    const owner = await signUp(kit.app);
    const made = await addJob(owner);
    const res = await upload(owner.cookie, made.id, [
      { field: 'before', name: 'IMG_0001.JPG', type: 'image/jpeg', data: await cameraJpeg() },
      { field: 'after', name: 'after.png', type: 'image/png', data: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { photos } = res.json<{ photos: TJob['photos'] }>();
    expect(photos.map((p) => [p.stage, p.width, p.height])).toEqual([
      ['before', 1600, 1200],
      ['after', 300, 200],
    ]);
    // The public address serves the cleaned bytes: no EXIF block at all, so no GPS.
    const served = await kit.app.inject({ method: 'GET', url: new URL(photos[0]!.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    const original = await sharp(await cameraJpeg()).metadata();
    expect(original.exif?.includes(Buffer.from('GPS')) || original.exif !== undefined).toBe(true);
    const tenant = await tenantOf(kit, owner.userId);
    const files = await readdir(path.join(dataDir, 'uploads', tenant, 'jobs', made.id));
    // The wide photo has an 800 px copy beside it (for phones), the small PNG none.
    expect(files).toHaveLength(3);
    const small = await kit.app.inject({
      method: 'GET',
      url: new URL(photos[0]!.url).pathname.replace('.jpg', '-800.jpg'),
    });
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect([smallMeta.width, smallMeta.height, smallMeta.exif]).toEqual([800, 600, undefined]);
    expect(small.rawPayload.length).toBeLessThan(served.rawPayload.length);
    const own = await kit.app.inject({
      method: 'GET',
      url: new URL(photos[1]!.url).pathname.replace('.jpg', '-800.jpg'),
    });
    expect((await sharp(own.rawPayload).metadata()).width).toBe(300);
    expect(await readFile(path.join(dataDir, 'uploads', tenant, 'jobs', made.id, files[0]!))).toBeInstanceOf(Buffer);
  });

  it('takes an iPhone’s HEIC photo: decoded, stored as JPEG the right way up, its EXIF (GPS) gone', async () => {
    const owner = await signUp(kit.app);
    const made = await addJob(owner);
    // 320×240, blue above orange, made by libheif's heif-enc (x265) from a JPEG whose EXIF names
    // the camera and a GPS position; sharp's own libvips cannot decode it.
    const heic = await readFile(path.join(import.meta.dirname, '../../../../tests/fixtures/job-photo.heic'));
    expect(heic.includes(Buffer.from('PhoneCo'))).toBe(true);
    await expect(sharp(heic).toBuffer()).rejects.toThrow();
    const res = await upload(owner.cookie, made.id, [
      { field: 'after', name: 'IMG_4032.HEIC', type: 'image/heic', data: heic },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json<{ photos: TJob['photos'] }>().photos;
    expect([photo!.stage, photo!.width, photo!.height]).toEqual(['after', 320, 240]);
    const served = await kit.app.inject({ method: 'GET', url: new URL(photo!.url).pathname });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.exif]).toEqual(['jpeg', undefined]);
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3)];
    const [top, bottom] = [at(160, 30), at(160, 210)];
    expect(top[2]! > 150 && top[0]! < 100).toBe(true); // blue
    expect(bottom[0]! > 150 && bottom[2]! < 100).toBe(true); // orange
  });

  it('refuses other types, unmarked photos, an 11th photo, a file over 15 MB, JSON and another business’s job', async () => {
    const owner = await signUp(kit.app);
    const other = await signUp(kit.app);
    const made = await addJob(owner);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refused = await upload(owner.cookie, made.id, [
      { field: 'after', name: 'a.gif', type: 'image/gif', data: gif },
    ]);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([400, WORK_MESSAGES.photoType]);
    // A file that says HEIC but holds no image: refused in words, nothing stored.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const heicRes = await upload(owner.cookie, made.id, [
      { field: 'after', name: 'a.heic', type: 'image/heic', data: heic },
    ]);
    expect([heicRes.statusCode, heicRes.json<{ message: string }>().message]).toEqual([400, WORK_MESSAGES.heic]);
    const unmarked = await upload(owner.cookie, made.id, [
      { field: 'photo', name: 'a.png', type: 'image/png', data: await png() },
    ]);
    expect([unmarked.statusCode, unmarked.json<{ message: string }>().message]).toEqual([400, WORK_MESSAGES.stage]);

    const small = await png();
    const nine = Array.from({ length: 9 }, (_, i) => ({
      field: 'during',
      name: `${i}.png`,
      type: 'image/png',
      data: small,
    }));
    expect((await upload(owner.cookie, made.id, nine)).statusCode).toBe(201);
    const two = nine.slice(0, 2);
    const over = await upload(owner.cookie, made.id, two);
    expect([over.statusCode, over.json<{ message: string }>().message]).toEqual([413, WORK_MESSAGES.tooManyPhotos]);
    const tenant = await tenantOf(kit, owner.userId);
    expect(await readdir(path.join(dataDir, 'uploads', tenant, 'jobs', made.id))).toHaveLength(9);

    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)]);
    const made2 = await addJob(owner);
    const tooBig = await upload(owner.cookie, made2.id, [
      { field: 'after', name: 'big.jpg', type: 'image/jpeg', data: big },
    ]);
    expect([tooBig.statusCode, tooBig.json<{ message: string }>().message]).toEqual([413, WORK_MESSAGES.photoTooLarge]);

    const json = await inject(kit, 'POST', `/api/jobs/${made2.id}/photos`, owner.cookie, { after: ['x'] });
    expect([json.statusCode, json.json<{ message: string }>().message]).toEqual([415, WORK_MESSAGES.notMultipart]);
    const theirs = await upload(other.cookie, made2.id, [
      { field: 'after', name: 'a.png', type: 'image/png', data: small },
    ]);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('Share this job', () => {
  it('posts the before/after pair to a connected network, publishes the project page, and its form’s lead carries the project as source', async () => {
    const owner = await signUp(kit.app);
    const tenant = await tenantOf(kit, owner.userId);
    await connectAll(kit, tenant, ['meta']);
    const made = await addJob(owner, { notes: 'Replaced a leaking 40-gallon tank with a new one.' });
    await upload(owner.cookie, made.id, [
      { field: 'before', name: 'b.jpg', type: 'image/jpeg', data: await cameraJpeg(800, 600) },
      { field: 'after', name: 'a.jpg', type: 'image/jpeg', data: await cameraJpeg(800, 600) },
    ]);

    const list = (await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, owner.cookie)).json<TProposalList>();
    expect(list.proposals.map((p) => [p.kind, p.status])).toEqual([
      ['review_request', 'proposed'],
      ['post', 'proposed'],
      ['project_page', 'proposed'],
      ['blog_draft', 'proposed'],
    ]);
    const post = list.proposals.find((p) => p.kind === 'post') as Extract<TProposal, { kind: 'post' }>;
    expect(post.content.platforms).toEqual(['facebook', 'instagram']);
    expect(post.content.photoIds).toEqual(list.job.photos.map((p) => p.id));
    expect(post.captionSource).toBe('offline');
    expect(post.content.text).toContain('Tacoma');
    expect(post.content.text).not.toContain('Dana');

    const from = kit.enqueued.length;
    const approved = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/post/approve`, owner.cookie, {
      content: { ...post.content, text: 'New water heater in Tacoma, before and after.', scheduledFor: null },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TProposal>()).toMatchObject({
      status: 'approved',
      outcome: 'Posting now to Facebook, Instagram.',
    });
    const again = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/post/approve`, owner.cookie, {});
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, WORK_MESSAGES.alreadyDone]);
    await runJobs(kit, from);
    const sent = kit.fake.received.filter(
      (r) => r.network === 'meta' && r.path.endsWith('/photos') && r.text.startsWith('New water heater'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.imageUrl).toMatch(/\/api\/social\/images\//);
    // The post links to the project page through a tracked link tagged with the job.
    const short = /https?:\/\/\S+\/r\/\S+/.exec(sent[0]!.text)?.[0];
    const hop = await kit.app.inject({ method: 'GET', url: new URL(short!).pathname });
    expect(hop.headers.location).toContain(
      `/projects/${made.slug}?utm_source=social&utm_medium=social&utm_campaign=job-${made.id}`,
    );
    const image = await kit.app.inject({ method: 'GET', url: new URL(sent[0]!.imageUrl!).pathname });
    const composed = await sharp(image.rawPayload).metadata();
    expect([composed.width, composed.height, composed.exif]).toEqual([1600, 840, undefined]);

    const business = (await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, owner.cookie))
      .json<TProposalList>()
      .proposals.find((p) => p.kind === 'project_page') as Extract<TProposal, { kind: 'project_page' }>;
    const pagePath = new URL(business.url).pathname;
    expect((await kit.app.inject({ method: 'GET', url: pagePath })).statusCode).toBe(404);
    const page = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/project_page/approve`, owner.cookie, {
      content: { ...business.content, title: 'A new water heater for a Tacoma home' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const html = (await kit.app.inject({ method: 'GET', url: pagePath })).body;
    expect(html).toContain('<h1>A new water heater for a Tacoma home</h1>');
    expect(html.match(/<img src="[^"]+\/p\/_\/photos\/[^"]+\.jpg"/g)).toHaveLength(2);
    expect(html).toContain('"@type":"Service"');
    expect(html).not.toContain('Dana');
    expect(html).not.toContain('Elm St');
    const portfolio = (await kit.app.inject({ method: 'GET', url: pagePath.replace(/\/[^/]+$/, '') })).body;
    expect(portfolio).toContain('A new water heater for a Tacoma home');

    const ts = signedFormTime(kit.app.deps.secretBox, made.id, Date.now() - 60_000);
    const form = await kit.app.inject({
      method: 'POST',
      url: `${pagePath}/lead`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Sam Visitor',
        phone: '2535550123',
        service: 'Water heater',
        location: 'Tacoma',
        ts,
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const leads = (await inject(kit, 'GET', '/api/leads', owner.cookie)).json<TLeadPage>().leads;
    expect(leads.find((l) => l.name === 'Sam Visitor')).toMatchObject({
      source: 'finished_job',
      sourcePage: 'A new water heater for a Tacoma home',
    });
    // Once that lead becomes a job, Revenue by source shows what the finished job brought in.
    const sam = leads.find((l) => l.name === 'Sam Visitor')!;
    await inject(kit, 'PATCH', `/api/leads/${sam.id}`, owner.cookie, { status: 'converted', jobValue: 900 });
    const revenue = (await inject(kit, 'GET', '/api/ai-coach/revenue-by-source?days=30', owner.cookie)).json<{
      sources: { source: string; label: string; converted: number; revenue: number }[];
    }>();
    expect(revenue.sources.find((x) => x.source === 'finished_job')).toMatchObject({
      label: 'Finished jobs',
      converted: 1,
      revenue: 900,
    });
  });

  it('skips a proposal, and the review request follows the review-request rules', async () => {
    const owner = await signUp(kit.app);
    const made = await addJob(owner);
    const skipped = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/blog_draft/skip`, owner.cookie);
    expect(skipped.json<TProposal>()).toMatchObject({ kind: 'blog_draft', status: 'skipped' });
    // No Google business chosen on the Reviews page: the request cannot link anywhere, so nothing is sent.
    const list = (await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, owner.cookie)).json<TProposalList>();
    expect(list.proposals[0]!.blocked).toMatch(/Choose your business on the Reviews page/);
    const review = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/review_request/approve`, owner.cookie, {});
    expect(review.statusCode).toBe(409);
    expect(review.json<{ message: string }>().message).toMatch(
      /^The review request was not sent: Choose your business/,
    );
    const after = (await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, owner.cookie)).json<TProposalList>();
    expect(after.proposals[0]!.status).toBe('proposed');
    const bad = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/post/approve`, owner.cookie, {
      content: { text: '' },
    });
    expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({ 'content.text': 'Post text is required' });

    // The post is proposed at the suggested time: the next Optimal Posting Time, half an hour ahead at least.
    const post = list.proposals[1] as Extract<TProposal, { kind: 'post' }>;
    const { time } = isoToZoned(post.scheduledFor!, post.timeZone);
    const ahead = Date.parse(post.scheduledFor!) - Date.now();
    expect([post.content.scheduledFor, post.timeZone]).toEqual([post.scheduledFor, DEFAULT_TIMEZONE]);
    expect(['08:00', '09:00', '11:00', '12:00', '13:00', '17:00', '19:00']).toContain(time);
    expect(ahead > 29 * 60_000 && ahead < 24 * 3_600_000).toBe(true);
    // Edit: a time in the past is refused in words; the owner's own time is what the post is scheduled for.
    const content = { ...post.content, platforms: ['twitter'] };
    const past = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/post/approve`, owner.cookie, {
      content: { ...content, scheduledFor: '2026-01-05T15:00:00Z' },
    });
    expect([past.statusCode, past.json<{ fields: Record<string, string> }>().fields]).toEqual([
      400,
      { 'content.scheduledFor': WORK_MESSAGES.postTimePast },
    ]);
    const chosen = zonedToIso(
      isoToZoned(new Date(Date.now() + 2 * 86_400_000).toISOString(), DEFAULT_TIMEZONE).date,
      '07:30',
      DEFAULT_TIMEZONE,
    );
    const scheduled = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/post/approve`, owner.cookie, {
      content: { ...content, scheduledFor: chosen },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json<TProposal>()).toMatchObject({
      status: 'approved',
      scheduledFor: chosen,
      outcome: expect.stringMatching(/^Scheduled for \w{3}, \w{3} \d{1,2}, 7:30 AM on Twitter\/X\.$/),
    });
    const { posts } = (await inject(kit, 'GET', '/api/social/posts', owner.cookie)).json<{
      posts: { status: string; scheduledFor: string }[];
    }>();
    expect(posts.map((p) => [p.status, p.scheduledFor])).toEqual([['scheduled', new Date(chosen).toISOString()]]);
  });

  it('suggests the next Optimal Posting Time of the post’s networks, in the business’s time zone', () => {
    const chicago = 'America/Chicago';
    // 8:45 AM in Chicago: Facebook's 9 AM is under half an hour away, so its 1 PM.
    expect(suggestedPostTime(['facebook'], new Date('2026-11-27T14:45:00Z'), chicago)).toBe('2026-11-27T19:00:00.000Z');
    // 9 PM: Twitter/X's next is 8 AM the next day; with Instagram too, still 8 AM (the earliest start).
    expect(suggestedPostTime(['twitter'], new Date('2026-11-27T03:00:00Z'), chicago)).toBe('2026-11-27T14:00:00.000Z');
    expect(suggestedPostTime(['instagram', 'twitter'], new Date('2026-11-27T03:00:00Z'), chicago)).toBe(
      '2026-11-27T14:00:00.000Z',
    );
    // After a daylight-saving change the wall-clock hour holds.
    expect(suggestedPostTime(['linkedin'], new Date('2026-03-08T20:00:00Z'), chicago)).toBe('2026-03-09T13:00:00.000Z');
  });

  it('asks the customer’s consent on the review page; without a yes the project page names nobody and a no hides the photos', async () => {
    const owner = await signUp(kit.app);
    const tenant = await tenantOf(kit, owner.userId);
    const db = kit.app.deps.database.db;
    await saveBusiness(db, tenant, {
      placeId: 'ChIJplace1',
      name: 'Pat Plumbing',
      address: null,
      rating: null,
      ratingCount: null,
    });
    const made = await addJob(owner);
    const [photo] = (
      await upload(owner.cookie, made.id, [
        { field: 'after', name: 'a.jpg', type: 'image/jpeg', data: await cameraJpeg(1200, 900) },
      ])
    ).json<{ photos: TJob['photos'] }>().photos;
    const list = (await inject(kit, 'GET', `/api/jobs/${made.id}/proposals`, owner.cookie)).json<TProposalList>();
    const pageUrl = (list.proposals[2] as Extract<TProposal, { kind: 'project_page' }>).url;
    await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/project_page/approve`, owner.cookie, {});
    await insertReviews(db, tenant, [
      { customerName: 'Dana Ruiz', rating: 5, content: 'Fast and tidy.', platform: 'google', reviewedAt: new Date() },
    ]);
    const projectHtml = async () => (await kit.app.inject({ method: 'GET', url: new URL(pageUrl).pathname })).body;
    // Not asked yet: the review shows, its author as a customer in the town; the photos show.
    let html = await projectHtml();
    expect(html).toContain('Fast and tidy.');
    expect(html).toContain('A customer in Tacoma');
    expect(html).not.toContain('Dana');
    // Phones load the 800 px copy: srcset with both widths, the small one as src.
    const small = photo!.url.replace('.jpg', '-800.jpg');
    expect(html).toContain(`<img src="${small}" srcset="${small} 800w, ${photo!.url} 1200w" sizes="`);

    // The review request asks: its link opens the job's review page instead of Google's form.
    expect(list.proposals[0]!.content).toEqual({ customerName: 'Dana Ruiz', askConsent: true });
    const sent = await inject(kit, 'POST', `/api/jobs/${made.id}/proposals/review_request/approve`, owner.cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [request] = await db.select().from(reviewRequests).where(eq(reviewRequests.tenantId, tenant));
    const landing = new URL(request!.landingUrl!);
    expect(landing.pathname).toBe('/p/_/review');
    const url = `${landing.pathname}${landing.search}`;
    const page = await kit.app.inject({ method: 'GET', url });
    expect(page.body).toContain(esc(CONSENT_QUESTION));
    expect(page.body).toContain('https://search.google.com/local/writereview?placeid=ChIJplace1');
    const forged = await kit.app.inject({ method: 'GET', url: url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(404);
    const answer = (value: string) =>
      kit.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `answer=${value}`,
      });
    expect((await answer('maybe')).statusCode).toBe(400);

    // No: still no name, and the photos come off the public pages.
    expect((await answer('no')).body).toContain('Thank you, your answer is recorded: no');
    html = await projectHtml();
    expect([html.includes('A customer in Tacoma'), html.includes('Dana'), html.includes('/p/_/photos/')]).toEqual([
      true,
      false,
      false,
    ]);
    const job = (await inject(kit, 'GET', '/api/jobs', owner.cookie)).json<TJobPage>().jobs[0]!;
    expect([job.consent, job.consentAnswered]).toEqual([false, true]);

    // Yes: the first name (never the surname) with the review, and the photos.
    expect((await answer('yes')).statusCode).toBe(200);
    html = await projectHtml();
    expect(html).toContain('<p class="who">Dana</p>');
    expect(html).not.toContain('Ruiz');
    expect(html).toContain('/p/_/photos/');
  });

  it('counts a visit from a job’s post link as the finished job, whatever page it lands on', () => {
    const id = randomUUID();
    expect(leadSourceOf('landing:x', { utm_source: 'social', utm_campaign: `job-${id}` })).toBe('finished_job');
    expect(leadSourceOf(`project:${id}`, {})).toBe('finished_job');
    expect(leadSourceOf('landing:x', { utm_campaign: 'job-not-an-id' })).toBe('landing_page');
  });
});
