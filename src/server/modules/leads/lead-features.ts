import type { TEngagementLevel, TLeadPriority, TLeadStatus } from '#shared/schemas/leads.ts';

// What a lead's words and fields say, before any model weighs them: the trade and kind of job
// (and so the typical ticket), how urgent the request sounds, and how reachable the customer is.
// Pure functions; documented in docs/decisions/007-lead-scoring.md.

export type Trade = 'hvac' | 'plumbing' | 'electrical' | 'roofing' | 'general';
export type JobClass = 'installation' | 'repair' | 'maintenance' | 'other';

/** Typical ticket in dollars per trade and kind of job (US residential averages, rounded). */
export const TYPICAL_TICKET: Record<Trade, Record<JobClass, number>> = {
  hvac: { installation: 9500, repair: 450, maintenance: 150, other: 300 },
  plumbing: { installation: 2800, repair: 380, maintenance: 200, other: 300 },
  electrical: { installation: 2600, repair: 350, maintenance: 220, other: 300 },
  roofing: { installation: 12000, repair: 950, maintenance: 350, other: 500 },
  general: { installation: 3000, repair: 400, maintenance: 180, other: 300 },
};

// First match wins: "water heater" is plumbing even though it says "heat".
const TRADE_WORDS: [Trade, RegExp][] = [
  ['plumbing', /\b(water heater|plumb\w*|drain\w*|pipes?|toilet|faucet|sewer|sump|garbage disposal|shower|sink)\b/i],
  ['roofing', /\b(roof\w*|shingles?|gutters?|skylight)\b/i],
  [
    'electrical',
    /\b(electric\w*|panel|outlets?|wiring|breakers?|ev charger|generator|lighting|rewir\w*|sparking|no power)\b/i,
  ],
  [
    'hvac',
    /\b(hvac|furnace|heat pump|a\/?c|air condition\w*|boiler|ducts?|ductwork|thermostat|mini[- ]split|heating|cooling|no heat)\b/i,
  ],
];

const JOB_WORDS: [JobClass, RegExp][] = [
  ['installation', /\b(install\w*|replac\w*|new (system|unit|roof|panel)|upgrade|addition|retrofit)\b/i],
  [
    'repair',
    /\b(repair\w*|fix\w*|broken|not working|stopped working|won'?t|leak\w*|no heat|no a\/?c|no cooling|no hot water|no power|sparking|clog\w*|burst|flood\w*|emergency|noise|noisy)\b/i,
  ],
  [
    'maintenance',
    /\b(maintenance|tune[- ]?ups?|inspection|clean\w*|check[- ]?ups?|service plan|annual|filters?|flush)\b/i,
  ],
];

/** Words that raise or lower urgency (points on a 0–100 scale around 50). */
const URGENCY_WORDS: [number, string[]][] = [
  [
    30,
    [
      'no heat',
      'no ac',
      'no a/c',
      'no air',
      'no cooling',
      'no hot water',
      'no power',
      'flood',
      'flooding',
      'flooded',
      'burst',
      'emergency',
      'sparking',
      'gas smell',
      'smell gas',
      'carbon monoxide',
      'leak',
      'leaking',
    ],
  ],
  [
    15,
    [
      'asap',
      'urgent',
      'today',
      'tonight',
      'right away',
      'immediately',
      'same day',
      'not working',
      'broken',
      'stopped working',
    ],
  ],
  [
    -12,
    [
      'tune-up',
      'tune up',
      'maintenance',
      'estimate',
      'quote',
      'inspection',
      'next month',
      'no rush',
      'whenever',
      'planning',
    ],
  ],
];
const URGENCY_PATTERNS = URGENCY_WORDS.flatMap(([points, words]) =>
  words.map((word) => ({
    points,
    word,
    re: new RegExp(`(^|[^a-z0-9])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^a-z0-9])`, 'i'),
  })),
);
const PRIORITY_URGENCY: Record<TLeadPriority, number> = { low: -10, medium: 0, high: 10 };

export function classifyTrade(text: string): Trade {
  return TRADE_WORDS.find(([, re]) => re.test(text))?.[0] ?? 'general';
}

export function classifyJob(text: string): JobClass {
  return JOB_WORDS.find(([, re]) => re.test(text))?.[0] ?? 'other';
}

export interface Urgency {
  score: number;
  /** The strongest urgent words found, for the explanation. */
  words: string[];
}

/** 50 when nothing in the request says otherwise; each urgent or routine phrase counts once. */
export function urgencyOf(text: string, priority: TLeadPriority): Urgency {
  const hits = URGENCY_PATTERNS.filter((p) => p.re.test(text));
  const total = 50 + hits.reduce((sum, p) => sum + p.points, 0) + PRIORITY_URGENCY[priority];
  return { score: Math.max(0, Math.min(100, total)), words: hits.filter((p) => p.points > 0).map((p) => p.word) };
}

/** What scoring reads from a lead: a stored row, or one about to be stored. */
export interface ScorableLead {
  name: string;
  service: string;
  email: string | null;
  phone: string | null;
  priority: TLeadPriority;
  status: TLeadStatus;
  engagementLevel: TEngagementLevel;
  createdAt: Date;
  lastContactedAt: Date | null;
  /** When the lead passed automatic qualification, if it ever did (status history). */
  qualifiedAt: Date | null;
  /** For closed leads, when they closed (their age is measured up to then). */
  closedAt?: Date | null;
}

/** The lead as numbers a model can weigh, plus what the explanation needs. */
export interface LeadFeatures {
  trade: Trade;
  job: JobClass;
  ticket: number;
  urgency: Urgency;
  hasPhone: boolean;
  hasEmail: boolean;
  ageDays: number;
  contacted: boolean;
  qualified: boolean;
  engagement: TEngagementLevel;
}

const DAY_MS = 86_400_000;

export function featuresOf(lead: ScorableLead, now: Date): LeadFeatures {
  const text = `${lead.service} ${lead.name}`;
  const trade = classifyTrade(text);
  const job = classifyJob(text);
  const until = lead.closedAt ?? now;
  return {
    trade,
    job,
    ticket: TYPICAL_TICKET[trade][job],
    urgency: urgencyOf(text, lead.priority),
    hasPhone: Boolean(lead.phone),
    hasEmail: Boolean(lead.email),
    ageDays: Math.max(0, (until.getTime() - lead.createdAt.getTime()) / DAY_MS),
    contacted: lead.lastContactedAt !== null || lead.status === 'contacted',
    qualified: lead.qualifiedAt !== null || lead.status === 'qualified',
    engagement: lead.engagementLevel,
  };
}
