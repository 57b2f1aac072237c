import { useState } from 'react';
import { PLATFORM_DEFS, lengthProblem, type TSocialPlatform } from '@shared/social';

/** The wizard's state (spec: selected platforms, global content, per-platform drafts, date and time). */
export interface Draft {
  content: string;
  hashtags: string;
  enabled: boolean;
}

export interface WizardState {
  step: 1 | 2 | 3 | 4;
  platforms: TSocialPlatform[];
  content: string;
  drafts: Partial<Record<TSocialPlatform, Draft>>;
  /** YYYY-MM-DD in the business's time zone, or '' before one is picked. */
  date: string;
  time: string;
  imageUrl: string;
}

export const DEFAULT_TIME = '09:00';

export const emptyWizard = (): WizardState => ({
  step: 1,
  platforms: [],
  content: '',
  drafts: {},
  date: '',
  time: DEFAULT_TIME,
  imageUrl: '',
});

/** Selecting platforms (re)builds each selected draft from the global content. */
export function togglePlatform(state: WizardState, platform: TSocialPlatform): WizardState {
  const platforms = state.platforms.includes(platform)
    ? state.platforms.filter((p) => p !== platform)
    : [...state.platforms, platform];
  const drafts: WizardState['drafts'] = {};
  for (const p of platforms) drafts[p] = { content: state.content, hashtags: '', enabled: true };
  return { ...state, platforms, drafts };
}

/** Editing the global content overwrites every selected platform's content. */
export function setGlobalContent(state: WizardState, content: string): WizardState {
  const drafts: WizardState['drafts'] = {};
  for (const p of state.platforms) drafts[p] = { ...(state.drafts[p] ?? { hashtags: '', enabled: true }), content };
  return { ...state, content, drafts };
}

export interface Target {
  platform: TSocialPlatform;
  draft: Draft;
  /** Why this platform is left out (over its limit, Instagram without an image), or null. */
  problem: string | null;
}

/** Why one platform's draft cannot go out, or null. */
export function targetProblem(state: WizardState, platform: TSocialPlatform, draft: Draft): string | null {
  const problem = lengthProblem(platform, draft.content, draft.hashtags);
  if (problem) return problem;
  if (platform === 'instagram' && !state.imageUrl.trim())
    return `${PLATFORM_DEFS.instagram.name} posts need an image: add one in step 2.`;
  return null;
}

/** The enabled platforms, each with its draft and the problem that leaves it out. */
export function enabledTargets(state: WizardState): Target[] {
  return state.platforms.flatMap((platform) => {
    const draft = state.drafts[platform];
    return draft?.enabled ? [{ platform, draft, problem: targetProblem(state, platform, draft) }] : [];
  });
}

/**
 * Why nothing can go out (no platform on, or every one has a problem), or null. A platform with a
 * problem blocks only itself: the others are still posted.
 */
export function blockingReason(state: WizardState): string | null {
  const targets = enabledTargets(state);
  if (targets.length === 0) return 'Turn on at least one platform.';
  if (targets.every((t) => t.problem)) return 'Every platform you turned on has a problem: fix one in step 2 to post.';
  return null;
}

/** What step 2 and step 4 say about a platform with a problem. */
export const notPosted = (platform: TSocialPlatform, problem: string) =>
  `Not posted to ${PLATFORM_DEFS[platform].name}: ${problem}`;

/** Next is enabled only when the step's condition holds. */
export function canGoNext(state: WizardState): boolean {
  if (state.step === 1) return state.platforms.length > 0;
  if (state.step === 2) return state.content.trim().length > 0;
  if (state.step === 3) return Boolean(state.date && state.time);
  return false;
}

export function useWizard() {
  const [state, setState] = useState<WizardState>(emptyWizard);
  return { state, setState, reset: () => setState(emptyWizard()) };
}
