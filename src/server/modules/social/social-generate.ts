import { z } from 'zod';
import { PLATFORM_DEFS, postText, type TGenerateResponse, type TSocialPlatform } from '#shared/schemas/social.ts';
import { zString } from '#shared/schemas/string.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { planOf, recordAiPost } from '#server/modules/billing/billing.service.ts';
import { savedOnboarding } from '#server/modules/onboarding/onboarding.service.ts';
import type { SocialDeps } from './social.service.ts';

/**
 * AI drafts for the wizard: a global text and one version per platform, fitted to its length,
 * through the one AI layer. The offline engine writes from the business's own profile (trade,
 * town, name), so a draft is useful without a model. Each Generate counts one AI post against
 * the plan (Starter 50 a month), refused with the plan's message when used up.
 */
const TRADE_WORDS: Record<string, { trade: string; tag: string }> = {
  hvac: { trade: 'heating and cooling', tag: '#HVAC' },
  plumbing: { trade: 'plumbing', tag: '#Plumbing' },
  electrical: { trade: 'electrical work', tag: '#Electrician' },
  landscaping: { trade: 'landscaping', tag: '#Landscaping' },
  roofing: { trade: 'roofing', tag: '#Roofing' },
  cleaning: { trade: 'cleaning', tag: '#Cleaning' },
  handyman: { trade: 'home repairs', tag: '#Handyman' },
};

export interface Profile {
  name: string;
  trade: string;
  tradeTag: string;
  town: string;
}

const tagOf = (words: string) =>
  `#${words
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

/** Cuts at a word boundary so the text plus hashtags fit `max`. */
function fit(text: string, hashtags: string, max: number): string {
  if (postText(text, hashtags).length <= max) return text;
  const room = max - (hashtags ? hashtags.length + 2 : 0) - 1;
  const cut = text.slice(0, Math.max(0, room));
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)).replace(/[\s,.;:!-]+$/, '')}…`;
}

/** The rule-based drafts, from the topic and the business's profile. */
export function offlineDrafts(topic: string, profile: Profile, platforms: TSocialPlatform[]) {
  const where = profile.town ? ` in ${profile.town}` : '';
  const subject = topic.trim().replace(/[.!?]+$/, '');
  const content = `${subject}${where}? ${profile.name} is here to help with ${profile.trade}. Call or message us today to book a visit.`;
  const townTag = profile.town ? tagOf(profile.town.split(',')[0] ?? '') : '';
  const tags = [profile.tradeTag, townTag, '#LocalBusiness'].filter((t) => t.length > 1);
  const drafts = platforms.map((platform) => {
    const max = PLATFORM_DEFS[platform].maxLength;
    switch (platform) {
      case 'twitter': {
        const hashtags = tags.slice(0, 2).join(' ');
        return {
          platform,
          hashtags,
          content: fit(`${subject}${where}? ${profile.name} can help. Book today.`, hashtags, max),
        };
      }
      case 'instagram': {
        const hashtags = [...tags, '#HomeTips', '#SupportLocal'].join(' ');
        return {
          platform,
          hashtags,
          content: fit(`${subject}${where} ✨ ${content.split('? ')[1] ?? content}`, hashtags, max),
        };
      }
      case 'linkedin': {
        const hashtags = tags.slice(0, 2).join(' ');
        const text = `${subject}. At ${profile.name} we help homeowners and businesses${where} with ${profile.trade}, done right the first time. Get in touch to plan your next project.`;
        return { platform, hashtags, content: fit(text, hashtags, max) };
      }
      case 'facebook':
        return { platform, hashtags: tags.join(' '), content: fit(content, tags.join(' '), max) };
    }
  });
  return { content, drafts };
}

async function profileOf(deps: SocialDeps, auth: AuthContext): Promise<Profile> {
  const saved = await savedOnboarding(deps.onboarding, auth).catch(() => null);
  const type = saved?.profile.businessType ?? 'other';
  const known = TRADE_WORDS[type];
  return {
    name: saved?.profile.businessName || auth.tenantName,
    trade: known?.trade ?? 'your home and business',
    tradeTag: known?.tag ?? '#HomeServices',
    town: saved?.profile.serviceArea.trim() ?? '',
  };
}

const ZDrafts = z.object({
  content: zString().min(1).max(5000),
  drafts: z.array(z.object({ platform: z.string(), content: zString().max(63206), hashtags: zString().max(1000) })),
});

export async function generateDrafts(
  deps: SocialDeps,
  auth: AuthContext,
  input: { topic: string; platforms: TSocialPlatform[] },
): Promise<TGenerateResponse> {
  await recordAiPost(deps.db, auth.tenantId);
  const platforms = input.platforms.length ? input.platforms : (['facebook'] as TSocialPlatform[]);
  const profile = await profileOf(deps, auth);
  const offline = () => offlineDrafts(input.topic, profile, platforms);
  const { value, source } = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZDrafts,
      system: 'You write short, friendly social media posts for small home-service businesses.',
      prompt: [
        `Topic: ${input.topic}`,
        `Business: ${profile.name}, ${profile.trade}${profile.town ? `, serving ${profile.town}` : ''}.`,
        `Write one general post ("content") and one version per platform in "drafts" with its own hashtags:`,
        ...platforms.map((p) => `- ${p}: at most ${PLATFORM_DEFS[p].maxLength} characters including hashtags.`),
      ].join('\n'),
      offline,
    },
  );
  // A model's draft that does not fit its platform is replaced by the offline one for it.
  const fallback = offline();
  const drafts = platforms.map((platform) => {
    const d = value.drafts.find((x) => x.platform === platform);
    const ok = d && postText(d.content, d.hashtags).length <= PLATFORM_DEFS[platform].maxLength;
    return ok
      ? { platform, content: d.content, hashtags: d.hashtags }
      : fallback.drafts.find((x) => x.platform === platform)!;
  });
  const { limits } = await planOf(deps.db, auth.tenantId);
  return { content: value.content, drafts, source, limit: limits.aiPostsPerMonth };
}
