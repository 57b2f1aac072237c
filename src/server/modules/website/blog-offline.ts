import { countWords, WORD_RANGES, type TBlogGeneration, type TContentType } from '#shared/schemas/website.ts';
import { townList, type BusinessProfile } from './business-profile.ts';

/**
 * The offline blog writer: a rule-based article grounded on the business profile (trade, jobs,
 * towns, plan) and the form (topic, tone, audience, keywords), sized to the platform's word
 * range for the chosen length. Used when no model is configured or the model fails.
 */
export interface OfflineArticle {
  title: string;
  metaDescription: string;
  content: string;
}

const AUDIENCE: Record<TBlogGeneration['targetAudience'], string> = {
  homeowners: 'homeowners',
  'business-owners': 'business owners',
  'property-managers': 'property managers',
  contractors: 'contractors',
};

const OPENERS: Record<TBlogGeneration['tone'], string> = {
  professional: 'Here is what you need to know.',
  friendly: "Let's walk through it together, no jargon.",
  authoritative: 'After years in the field, these are the facts that matter.',
  conversational: "So, you're wondering about this. Fair question.",
};

const titleCase = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
/** Capitalises the first letter only, for the topic at the start of a sentence. */
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function sections(p: BusinessProfile, form: TBlogGeneration): { heading: string; sentences: string[] }[] {
  const topic = form.topic;
  const towns = townList(p.towns);
  const who = AUDIENCE[form.targetAudience];
  const [job1, job2] = p.trade.jobs;
  const kw = form.keywords.length ? form.keywords : [topic];
  const k = (i: number) => kw[i % kw.length] as string;
  return [
    {
      heading: `Why ${topic} matters`,
      sentences: [
        `${cap(topic)} is one of the questions ${who} in ${towns} ask us about most.`,
        `As a ${p.trade.noun} business, ${p.name} sees the same pattern every season: small problems that were easy to fix become expensive when they wait.`,
        `Understanding ${k(0)} early saves money, time and stress.`,
        `It also helps you make a calm decision instead of a rushed one on the worst possible day.`,
        `In this article we cover the warning signs, the options and what a fair price looks like.`,
      ],
    },
    {
      heading: 'The warning signs to watch for',
      sentences: [
        `Most ${p.trade.noun} problems announce themselves before they fail completely.`,
        `Unusual noises, higher bills than last year and parts that run longer than they used to are all early signals.`,
        `If you notice any of them, write down when it started and what changed; it makes the visit shorter and the diagnosis clearer.`,
        `When ${k(1)} is involved, a quick check now often avoids ${job1.toLowerCase()} later.`,
        `Older homes and buildings in ${towns} deserve a closer look, because original equipment is often past its expected life.`,
        `Never ignore a smell of burning, gas or water where it should not be: call a professional the same day.`,
      ],
    },
    {
      heading: 'What you can do yourself',
      sentences: [
        `Some maintenance is safe and simple for ${who}.`,
        `Keep the area around equipment clear, replace filters on schedule and look for leaks or corrosion once a month.`,
        `Take photos of labels and model numbers and keep them with your receipts.`,
        `Anything that involves opening panels, gas lines or wiring is a job for a licensed technician.`,
        `Doing the easy things regularly is the cheapest insurance you can buy for ${k(2)}.`,
      ],
    },
    {
      heading: 'Repair or replace?',
      sentences: [
        `The honest answer depends on age, condition and how much the repair costs compared with replacement.`,
        `A useful rule of thumb: when a repair costs more than half of a replacement and the equipment is past two thirds of its life, replacement usually wins.`,
        `Efficiency matters too, because newer equipment can lower monthly bills noticeably.`,
        `We explain both options in plain language, with written prices, so you can choose.`,
        `For many customers in ${towns}, ${job2.toLowerCase()} turned out to be the better long-term value.`,
      ],
    },
    {
      heading: 'How to choose the right company',
      sentences: [
        `Look for a licensed and insured business with recent reviews from your own area.`,
        `Ask for an upfront, written price before any work starts.`,
        `A good technician explains what they found and shows you photos.`,
        `Be careful with prices that seem too good to be true; they often grow once the job starts.`,
        `Local companies that serve ${towns} every day know the housing stock and the local codes.`,
      ],
    },
    {
      heading: 'Planning ahead saves money',
      sentences: [
        `Regular maintenance is the simplest way to avoid emergency calls.`,
        `That is why ${p.name} offers ${p.trade.plan}.`,
        `Booking during ${p.trade.quietSeason} usually means more flexible appointment times.`,
        `Keeping a simple record of every visit also helps when you sell your property.`,
        `Think of ${k(3)} as part of looking after your investment, not as a one-off expense.`,
      ],
    },
  ];
}

/** One paragraph per section, growing a sentence at a time until the word target is met. */
export function offlineArticle(p: BusinessProfile, form: TBlogGeneration, platform: TContentType): OfflineArticle {
  const [min, max] = WORD_RANGES[platform][form.length];
  const target = Math.round((min + max) / 2);
  const title = `${titleCase(form.topic)}: A Guide for ${titleCase(AUDIENCE[form.targetAudience])} in ${townList(p.towns)}`;
  const parts = sections(p, form);
  const cta = form.includeCallToAction
    ? `\n\n## Talk to ${p.name}\n\nHave a question about ${form.topic}? Call ${p.name} or request a visit online. We serve ${townList(p.towns)} and give a clear, written price before any work starts.`
    : '';
  const body: string[][] = parts.map(() => []);
  const intro = `${OPENERS[form.tone]} ${cap(form.topic)} is something every one of our ${AUDIENCE[form.targetAudience]} asks about sooner or later.`;
  const render = () =>
    [intro, ...parts.map((s, i) => `## ${s.heading}\n\n${(body[i] as string[]).join(' ')}`)].join('\n\n') + cta;
  // Fill sections round-robin; later rounds rephrase with a "tip" prefix so longer posts stay readable.
  let round = 0;
  while (countWords(render()) < target && round < 40) {
    for (let i = 0; i < parts.length && countWords(render()) < target; i += 1) {
      const pool = (parts[i] as { sentences: string[] }).sentences;
      const sentence = pool[round % pool.length] as string;
      const prefix = round >= pool.length ? ['Remember:', 'Tip:', 'In short:', 'Also:'][round % 4] + ' ' : '';
      const next = prefix + (prefix ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence);
      body[i]?.push(next);
      if (countWords(render()) > max) body[i]?.pop();
    }
    round += 1;
  }
  const metaDescription =
    `${cap(form.topic)} explained for ${AUDIENCE[form.targetAudience]} in ${townList(p.towns)} by ${p.name}: warning signs, costs and when to call a pro.`.slice(
      0,
      300,
    );
  return { title, metaDescription, content: render() };
}
