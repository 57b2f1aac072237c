import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onboardingMessages } from '#shared/onboarding.ts';
import { emailLogs, memberships, userOnboarding, users } from '#server/db/schema/index.ts';
import { memberOf, signUp, waitForMail } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { businessProfileOfMembers } from './onboarding.service.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

const profile = {
  businessName: 'Clearwater Plumbing',
  businessType: 'plumbing',
  serviceArea: 'Tacoma, WA',
  teamSize: '2-5',
  primaryGoals: ['more-reviews', 'local-seo'],
  currentChallenges: ['few-reviews'],
  monthlyBudget: '500-1500',
  socialPlatforms: ['facebook'],
  hasWebsite: true,
  websiteUrl: 'clearwaterplumbing.com',
  contentTone: 'friendly',
};

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), ...(cookie ? { headers: { cookie } } : {}) });

async function plan() {
  const res = await inject('POST', '/api/ai/generate-onboarding-plan', profile);
  expect(res.statusCode).toBe(200);
  return res.json<{ recommendations: { title: string }[]; source: string }>();
}

describe('onboarding', () => {
  it('a visitor gets a plan from the offline engine, built from their profile', async () => {
    const body = await plan();
    expect(body.source).toBe('offline');
    expect(body.recommendations.length).toBeGreaterThanOrEqual(4);
    expect(body.recommendations[0]?.title).toBe('Ask for a Google review after every finished job');
  });

  it('refuses a profile without a business name or type with a readable message', async () => {
    const res = await inject('POST', '/api/ai/generate-onboarding-plan', {
      businessName: '',
      businessType: 'spaceships',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      businessName: 'Business name is required',
      businessType: 'Choose your type of business',
    });
  });

  it('saving and mailing the plan need a signed-in user', async () => {
    const { recommendations } = await plan();
    expect((await inject('POST', '/api/user/onboarding', { profile, recommendations })).statusCode).toBe(401);
    expect(
      (
        await inject('POST', '/api/user/send-onboarding-plan', {
          email: 'a@b.co',
          businessName: 'X',
          recommendations,
          userProfile: { businessType: 'plumbing' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('Complete Setup stores the profile and plan for the user; completing again replaces them', async () => {
    const owner = await signUp(t.app);
    const { recommendations } = await plan();
    expect((await inject('GET', '/api/user/onboarding', undefined, owner.cookie)).json()).toBeNull();
    const res = await inject('POST', '/api/user/onboarding', { profile, recommendations }, owner.cookie);
    expect(res.statusCode).toBe(200);
    const saved = (await inject('GET', '/api/user/onboarding', undefined, owner.cookie)).json();
    expect(saved.profile).toMatchObject({
      businessName: 'Clearwater Plumbing',
      businessType: 'plumbing',
      websiteUrl: 'clearwaterplumbing.com',
      primaryGoals: ['more-reviews', 'local-seo'],
    });
    expect(saved.recommendations).toEqual(recommendations);
    expect(saved.completedAt).toEqual(expect.any(String));

    await inject(
      'POST',
      '/api/user/onboarding',
      { profile: { ...profile, businessName: 'Clearwater Plumbing & Drain' }, recommendations },
      owner.cookie,
    );
    const rows = await t.database.db.select().from(userOnboarding).where(eq(userOnboarding.userId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.businessName).toBe('Clearwater Plumbing & Drain');
  });

  it('Complete Setup without a plan is refused and stores nothing', async () => {
    const owner = await signUp(t.app);
    const res = await inject('POST', '/api/user/onboarding', { profile, recommendations: [] }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Generate your plan before completing setup');
    expect(
      await t.database.db.select().from(userOnboarding).where(eq(userOnboarding.userId, owner.userId)),
    ).toHaveLength(0);
  });

  it('Email Plan mails the saved plan to the signed-in, verified address only; the body is ignored', async () => {
    const owner = await signUp(t.app);
    const { recommendations } = await plan();
    const hostile = {
      email: 'victim@elsewhere.example',
      businessName: 'Cheap pills',
      recommendations: [{ ...recommendations[0], title: 'Buy cheap pills at evil.example' }],
      userProfile: { businessType: 'plumbing' },
    };
    // An address nobody has proven is not mailed to.
    const unverified = await inject('POST', '/api/user/send-onboarding-plan', hostile, owner.cookie);
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toBe(onboardingMessages.emailNeedsVerifiedAddress);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.userId));
    // Nothing saved yet: nothing to send.
    const unsaved = await inject('POST', '/api/user/send-onboarding-plan', hostile, owner.cookie);
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json().message).toBe(onboardingMessages.emailNeedsSavedPlan);

    expect((await inject('POST', '/api/user/onboarding', { profile, recommendations }, owner.cookie)).statusCode).toBe(
      200,
    );
    const sent = await inject('POST', '/api/user/send-onboarding-plan', hostile, owner.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toContain(owner.email);
    const mail = await waitForMail(t.database.db, owner.email, 'onboarding_plan');
    expect(mail.subject).toBe('Your Fieldwise marketing plan for Clearwater Plumbing');
    expect(mail.bodyText).toContain(recommendations[0]?.title);
    expect(mail.bodyText).not.toContain('cheap pills');
    const toVictim = await t.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, hostile.email));
    expect(toVictim).toEqual([]);
  });
});

describe("the business's profile from its members' onboarding", () => {
  it("answers each field from the admins first, then the newest active member's; a removed member's never", async () => {
    const db = t.database.db;
    const owner = await signUp(t.app);
    const manager = await memberOf(t.app, db, owner, 'manager');
    const removed = await memberOf(t.app, db, owner, 'manager');
    const stranger = await signUp(t.app);
    const tenantId = await tenantIdOf(db, owner.userId);
    await db.insert(userOnboarding).values([
      { userId: owner.userId, serviceArea: 'Tacoma', updatedAt: new Date('2026-01-01') },
      { userId: manager.userId, serviceArea: 'Austin', contentTone: 'casual', updatedAt: new Date('2026-06-01') },
      { userId: removed.userId, businessDescription: 'Left the team', updatedAt: new Date('2026-07-01') },
      { userId: stranger.userId, businessDescription: 'Another business', updatedAt: new Date('2026-08-01') },
    ]);
    await db
      .update(memberships)
      .set({ status: 'removed' })
      .where(and(eq(memberships.userId, removed.userId), eq(memberships.tenantId, tenantId)));

    expect(await businessProfileOfMembers(db, tenantId)).toEqual({
      tone: 'casual',
      serviceArea: 'Tacoma',
      description: undefined,
    });
  });
});
