import { PLATFORM_DEFS, postText, type TGenerateResponse, type TSocialPlatform } from '#shared/schemas/social.ts';
import { SOCIAL_DRAFT_HEADERS, parseSocialDrafts, socialDraftsFormat } from '#shared/social-drafts.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { planOf, recordAiPost } from '#server/modules/billing/billing.service.ts';
import { savedOnboarding } from '#server/modules/onboarding/onboarding.service.ts';
import type { SocialDeps } from './social.service.ts';

/**
 * AI drafts for the wizard: a global text and one version per platform, fitted to its length,
 * streamed through the one AI layer (decision 016; the text's shape is #shared/social-drafts.ts). The offline engine writes from the business's own profile (trade,
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

/**
 * A model's text over its platform's limit is cut at the last whole sentence that fits (with its
 * hashtags); with no sentence that fits, the platform's offline draft is used instead.
 */
export function fitToSentence(content: string, hashtags: string, max: number): string | null {
  if (postText(content, hashtags).length <= max) return content;
  const room = max - (hashtags.trim() ? hashtags.trim().length + 2 : 0);
  const head = content.trim().slice(0, Math.max(0, room));
  const ends = [...head.matchAll(/[.!?…](?=\s|$)/g)].map((m) => m.index + 1);
  const cut = ends.length ? head.slice(0, ends.at(-1)).trim() : '';
  return cut ? cut : null;
}

const GLOBAL_MAX = 5000;

export async function generateDrafts(
  deps: SocialDeps,
  auth: AuthContext,
  input: { topic: string; platforms: TSocialPlatform[] },
  onDelta: (delta: string) => void = () => undefined,
): Promise<TGenerateResponse> {
  await recordAiPost(deps.db, auth.tenantId);
  const platforms = input.platforms.length ? input.platforms : (['facebook'] as TSocialPlatform[]);
  const profile = await profileOf(deps, auth);
  const offline = () => offlineDrafts(input.topic, profile, platforms);
  const fallback = offline();
  // The streamed text, read into drafts; each platform's text is held to its length (above).
  const parse = (text: string) => {
    const read = parseSocialDrafts(text, platforms);
    const content = fitToSentence(read.content, '', GLOBAL_MAX);
    if (!content) throw new Error('the general post is too long');
    const drafts = read.drafts.map((d) => {
      const hashtags = d.hashtags.slice(0, 1000);
      const fitted = fitToSentence(d.content, hashtags, PLATFORM_DEFS[d.platform].maxLength);
      return fitted
        ? { platform: d.platform, content: fitted, hashtags }
        : fallback.drafts.find((x) => x.platform === d.platform)!;
    });
    return { content, drafts };
  };
  const { value, source } = await deps.ai.stream(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      system: 'You write short, friendly social media posts for small home-service businesses.',
      prompt: [
        `Topic: ${input.topic}`,
        `Business: ${profile.name}, ${profile.trade}${profile.town ? `, serving ${profile.town}` : ''}.`,
        'Write one general post, then one version per platform, fitted to its audience, with its own hashtags:',
        ...platforms.map(
          (p) => `- ${SOCIAL_DRAFT_HEADERS[p]}: at most ${PLATFORM_DEFS[p].maxLength} characters including hashtags.`,
        ),
        socialDraftsFormat(platforms),
      ].join('\n'),
      onDelta,
      parse,
      offline,
    },
  );
  const { limits } = await planOf(deps.db, auth.tenantId);
  return { content: value.content, drafts: value.drafts, source, limit: limits.aiPostsPerMonth };
}
