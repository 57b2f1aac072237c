import { z } from 'zod';
import { zString } from './string.ts';

/** The real actions the app can see happen; each ticks off the steps that lead to it. */
export const NEXT_STEP_ACTIONS = ['add-lead', 'connect-account', 'connect-wordpress', 'complete-task'] as const;
export type TNextStepAction = (typeof NEXT_STEP_ACTIONS)[number];

export const ZNextStep = z.object({
  /** Stable within one answer: `plan-<n>` for the saved plan's items, the action id for the basics. */
  id: zString(),
  title: zString(),
  description: zString(),
  /** The plan's category (Leads, Website…); null for a basic first-week step. */
  category: zString().nullable(),
  action: z.enum(NEXT_STEP_ACTIONS),
  /** The button that takes the owner to where the action happens. */
  cta: z.object({ label: zString(), href: zString() }),
  /** True once the real action has happened in this business. */
  done: z.boolean(),
});
export type TNextStep = z.infer<typeof ZNextStep>;

/** GET /api/felix/next-steps: the saved onboarding plan as a checklist, ticked from real rows. */
export const ZNextSteps = z.object({
  /** False when the user skipped onboarding: the steps are then the first-week basics only. */
  planSaved: z.boolean(),
  steps: z.array(ZNextStep),
  done: z.number().int(),
  total: z.number().int(),
});
export type TNextSteps = z.infer<typeof ZNextSteps>;
