import { useState } from 'react';
import { PLATFORM_DEFS, lengthProblem, type TSocialPlatform } from '@shared/schemas/social';

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

/** Selecting platforms (re)builds each selected draft from the global content (spec §4). */
export function togglePlatform(state: WizardState, platform: TSocialPlatform): WizardState {
  const platforms = state.platforms.includes(platform)
    ? state.platforms.filter((p) => p !== platform)
    : [...state.platforms, platform];
  const drafts: WizardState['drafts'] = {};
  for (const p of platforms) drafts[p] = { content: state.content, hashtags: '', enabled: true };
  return { ...state, platforms, drafts };
}

/** Editing the global content overwrites every selected platform's content (spec §4). */
export function setGlobalContent(state: WizardState, content: string): WizardState {
  const drafts: WizardState['drafts'] = {};
  for (const p of state.platforms) drafts[p] = { ...(state.drafts[p] ?? { hashtags: '', enabled: true }), content };
  return { ...state, content, drafts };
}

export function enabledTargets(state: WizardState) {
  return state.platforms
    .map((platform) => ({ platform, draft: state.drafts[platform] }))
    .filter((t): t is { platform: TSocialPlatform; draft: Draft } => Boolean(t.draft?.enabled));
}

/** Why the post cannot go out as it is (over a limit, Instagram without an image), or null. */
export function blockingReason(state: WizardState): string | null {
  const targets = enabledTargets(state);
  if (targets.length === 0) return 'Turn on at least one platform.';
  for (const { platform, draft } of targets) {
    const problem = lengthProblem(platform, draft.content, draft.hashtags);
    if (problem) return problem;
  }
  if (targets.some((t) => t.platform === 'instagram') && !state.imageUrl.trim())
    return `${PLATFORM_DEFS.instagram.name} posts need an image: add an image URL in step 2.`;
  return null;
}

/** Next is enabled only when the step's condition holds (spec §5). */
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
