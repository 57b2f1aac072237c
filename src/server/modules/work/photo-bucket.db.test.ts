import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLead } from '#shared/schemas/leads.ts';
import type { TJob, TProposal, TProposalList } from '#shared/schemas/work.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { inject, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { startFakeS3, type FakeS3 } from '#tests/fakes/s3.ts';
import { bucketStore } from './photo-store.ts';

const keys = { bucket: 'fw-photos', accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake-secret-key' };
let s3: FakeS3;
let kit: SocialKit;
let dataDir: string;
beforeAll(async () => {
  s3 = await startFakeS3(keys);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bucket-'));
  kit = await startSocialKit({
    DATA_DIR: dataDir,
    S3_BUCKET: keys.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: keys.accessKeyId,
    S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
  });
});
afterAll(async () => {
  await kit.close();
  await s3.close();
});

async function uploadJpeg(cookie: string, jobId: string) {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#357' } })
    .jpeg()
    .toBuffer();
  const boundary = '----fwbucket';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="after"; filename="a.jpg"\r\n`),
    Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return kit.app.inject({
    method: 'POST',
    url: `/api/jobs/${jobId}/photos`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('job photos in an S3-compatible bucket (S3_BUCKET set)', () => {
  it('stores the photo in the bucket under the business, serves it on the project page, deletes it, and explains a refusal', async () => {
    const owner = await signUp(kit.app);
    const tenant = await tenantOf(kit, owner.userId);
    const lead = (
      await inject(kit, 'POST', '/api/leads', owner.cookie, { name: 'Dana Ruiz', service: 'Roof', location: 'Salem' })
    ).json<TLead>();
    await inject(kit, 'PATCH', `/api/leads/${lead.id}`, owner.cookie, { status: 'converted' });
    const job = (
      await inject(kit, 'POST', '/api/jobs', owner.cookie, {
        leadId: lead.id,
        service: 'Roof repair',
        town: 'Salem',
        completedOn: '2026-11-20',
      })
    ).json<TJob>();

    const res = await uploadJpeg(owner.cookie, job.id);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json<{ photos: TJob['photos'] }>().photos;
    const [[key], [smallKey, smallStored]] = [...s3.objects.entries()] as [[string, Buffer], [string, Buffer]];
    expect(key).toMatch(new RegExp(`^${tenant}/jobs/${job.id}/[A-Za-z0-9_-]{43}\\.jpg$`));
    // 900 px wide: its 800 px copy for phones is stored beside it.
    expect(smallKey).toBe(key.replace('.jpg', '-800.jpg'));
    await expect(readdir(path.join(dataDir, 'uploads'))).rejects.toThrow();

    const proposal = (await inject(kit, 'GET', `/api/jobs/${job.id}/proposals`, owner.cookie))
      .json<TProposalList>()
      .proposals.find((p) => p.kind === 'project_page') as Extract<TProposal, { kind: 'project_page' }>;
    expect(
      (await inject(kit, 'POST', `/api/jobs/${job.id}/proposals/project_page/approve`, owner.cookie, {})).statusCode,
    ).toBe(200);
    const html = (await kit.app.inject({ method: 'GET', url: new URL(proposal.url).pathname })).body;
    const src = /<img src="([^"]+\/p\/_\/photos\/[^"]+\.jpg)"/.exec(html)?.[1];
    expect(src).toBe(photo!.url.replace('.jpg', '-800.jpg'));
    const served = await kit.app.inject({ method: 'GET', url: new URL(src!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(smallStored)).toBe(true);

    const gone = await inject(kit, 'DELETE', `/api/jobs/${job.id}/photos/${photo!.id}`, owner.cookie);
    expect(gone.statusCode).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect((await kit.app.inject({ method: 'GET', url: new URL(src!).pathname })).statusCode).toBe(404);

    s3.denyAll = true;
    try {
      const refused = await uploadJpeg(owner.cookie, job.id);
      expect(refused.statusCode).toBe(502);
      expect(refused.json<{ message: string }>().message).toMatch(
        /photo storage bucket refused to store the photo \(403 AccessDenied\)/,
      );
    } finally {
      s3.denyAll = false;
    }
    expect((await inject(kit, 'GET', '/api/jobs', owner.cookie)).json<{ jobs: TJob[] }>().jobs[0]!.photos).toEqual([]);
  });

  it('a request signed with another secret gets S3’s 403 SignatureDoesNotMatch', async () => {
    const wrong = bucketStore({
      ...keys,
      secretAccessKey: 'not-the-secret',
      endpoint: s3.url,
      region: 'us-east-1',
      forcePathStyle: true,
    });
    await expect(wrong.put('t/jobs/j/x.jpg', Buffer.from('x'))).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(s3.objects.has('t/jobs/j/x.jpg')).toBe(false);
  });
});
