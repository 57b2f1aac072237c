import { plural, titleCase, when, type FelixFacts } from './felix-facts.ts';

/**
 * Felix's offline engine: deterministic answers to the common questions, with the business's
 * true figures. Every answer ends with OFFLINE_NOTE so nobody mistakes it for a model's reply.
 */
export const OFFLINE_NOTE =
  '(Felix is in offline mode: this answer comes straight from your data, without an AI model.)';

export const OFFLINE_QUESTIONS = [
  'How many new leads do I have?',
  'Which leads need a call?',
  'Do I have unanswered reviews?',
  "What's my average rating?",
  'What posts are scheduled?',
  'What should I do today?',
];

type Answer = (f: FelixFacts) => string;

const bullet = (lines: string[]) => lines.map((l) => `• ${l}`).join('\n');

const leadCounts: Answer = (f) => {
  const l = f.leads;
  if (l.total === 0)
    return "You don't have any leads yet. Add your first one on the Leads page and I'll keep count from there.";
  const s = l.byStatus;
  const waiting =
    f.awaitingContact.count > 0
      ? ` ${plural(f.awaitingContact.count, 'new lead has', 'new leads have')} waited more than a day for a first call.`
      : '';
  return (
    `You have ${plural(s.new, 'new lead')} and ${plural(l.total, 'lead')} in all. ` +
    `${l.createdLast7Days} came in during the last 7 days (${l.createdLast24Hours} in the last 24 hours).${waiting}\n` +
    `By status: ${s.new} new, ${s.contacted} contacted, ${s.qualified} qualified, ${s.converted} converted, ${s.lost} lost.`
  );
};

const leadsToCall: Answer = (f) => {
  const a = f.awaitingContact;
  if (f.leads.total === 0) return 'You have no leads yet, so nobody is waiting for a call.';
  if (a.count === 0) return 'Nobody is waiting: every new lead has been contacted within a day. Nice work.';
  const lines = a.leads.map(
    (l) =>
      `${l.name} — ${l.service} in ${l.location}, waiting ${plural(l.waitingDays, 'day')}${l.phone ? ` (${l.phone})` : ''}`,
  );
  const more = a.count > a.leads.length ? `\n…and ${a.count - a.leads.length} more on the Leads page.` : '';
  return `${plural(a.count, 'lead has', 'leads have')} waited more than a day for a first call. Start with:\n${bullet(lines)}${more}\nCall them, then mark them contacted so they drop off this list.`;
};

const ratingLine = (f: FelixFacts) =>
  f.reviews.count === 0
    ? 'You have no reviews yet.'
    : `Your ${plural(f.reviews.count, 'review')} average ${f.reviews.averageRating?.toFixed(1)} stars.`;

const unansweredReviews: Answer = (f) => {
  const u = f.reviews.lowStarUnanswered;
  if (u.count === 0) return `No reviews of 3 stars or fewer are waiting for a reply. ${ratingLine(f)}`;
  const lines = u.reviews.map(
    (r) => `${r.customerName} — ${r.rating}★ on ${titleCase(r.platform)}${r.excerpt ? `: “${r.excerpt}”` : ''}`,
  );
  return (
    `${plural(u.count, 'review', 'reviews')} of 3 stars or fewer ${u.count === 1 ? 'has' : 'have'} no reply yet:\n${bullet(lines)}\n` +
    'Reply within a day: thank them, own the problem, and offer to put it right by phone.'
  );
};

const rating: Answer = (f) => {
  const u = f.reviews.lowStarUnanswered.count;
  return `${ratingLine(f)}${u > 0 ? ` ${plural(u, 'low-star review')} still ${u === 1 ? 'needs' : 'need'} a reply.` : ''}`;
};

const scheduled: Answer = (f) => {
  const p = f.posts;
  if (p.scheduledTotal === 0)
    return 'You have no posts scheduled. Two or three posts a week keep you visible — create one on the Social page.';
  const lines = p.next.map((n) => `${titleCase(n.platform)}, ${when(n.scheduledFor, f.timezone)}: “${n.excerpt}”`);
  return `You have ${plural(p.scheduledTotal, 'scheduled post')}, ${p.scheduledNext7Days} in the next 7 days. Next up:\n${bullet(lines)}`;
};

const conversion: Answer = (f) =>
  f.leads.conversionRate === null
    ? 'You have no leads yet, so there is no conversion rate to show.'
    : `${f.leads.byStatus.converted} of your ${plural(f.leads.total, 'lead')} converted: a ${f.leads.conversionRate}% conversion rate.`;

const postingHelp: Answer = (f) =>
  'Posting tips that work for service businesses:\n' +
  bullet([
    'Post two to four times a week; weekday evenings 6–8 PM and weekends 10 AM–2 PM usually do best.',
    'Show real jobs: before-and-after photos, a quick tip, a happy customer’s words.',
    'Keep X posts under 280 characters and end with how to book you.',
  ]) +
  `\n${scheduled(f)}`;

const reviewsHelp: Answer = (f) =>
  `${rating(f)}\nAsk every happy customer for a review the day the job is done, and reply to every review — good or bad — within a day.`;

const analytics: Answer = (f) =>
  (f.posts.socialEngagements === null
    ? 'No results are recorded for your social posts yet; once posts are published, their likes, shares and comments add up here.'
    : `Your social posts have earned ${f.posts.socialEngagements.toLocaleString('en-US')} engagements (likes, shares and comments).`) +
  ' Connect Google Analytics in Settings to see your website traffic next to it.';

const tasks: Answer = (f) =>
  f.tasks.length === 0
    ? 'You have no pending tasks.'
    : `Your next tasks:\n${bullet(f.tasks.map((t) => `${t.title}${t.dueAt ? ` (due ${when(t.dueAt, f.timezone)})` : ''}`))}`;

const activity: Answer = (f) =>
  f.recentActivity.length === 0
    ? 'Nothing has happened in your account yet.'
    : `Latest activity:\n${bullet(f.recentActivity.slice(0, 5).map((a) => `${a.title} (${when(a.createdAt, f.timezone)})`))}`;

const today: Answer = (f) => {
  const steps: string[] = [];
  const first = f.awaitingContact.leads[0];
  if (f.awaitingContact.count > 0)
    steps.push(
      `Call the ${plural(f.awaitingContact.count, 'lead')} waiting more than a day${first ? `, starting with ${first.name}` : ''}.`,
    );
  if (f.reviews.lowStarUnanswered.count > 0)
    steps.push(`Reply to ${plural(f.reviews.lowStarUnanswered.count, 'low-star review')}.`);
  if (f.posts.scheduledNext7Days === 0) steps.push('Schedule at least one social post for this week.');
  const task = f.tasks[0];
  if (task) steps.push(`Finish “${task.title}”${task.dueAt ? ` (due ${when(task.dueAt, f.timezone)})` : ''}.`);
  if (steps.length === 0)
    return "You're caught up: no leads waiting, no reviews to answer, and posts are scheduled. A good day to ask recent customers for reviews.";
  return `Here's what I'd do today:\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}`;
};

const capabilities = () => `I can answer questions like:\n${bullet(OFFLINE_QUESTIONS)}`;

const summary: Answer = (f) =>
  `Here's where ${f.businessName} stands: ${plural(f.leads.byStatus.new, 'new lead')} (${f.awaitingContact.count} waiting over a day), ` +
  `${f.reviews.count === 0 ? 'no reviews yet' : `${plural(f.reviews.count, 'review')} averaging ${f.reviews.averageRating?.toFixed(1)} stars`}, ` +
  `and ${plural(f.posts.scheduledNext7Days, 'post')} scheduled for the next 7 days.\n${capabilities()}`;

/** Intents in order: the first whose pattern matches the question answers it. */
const INTENTS: [RegExp, Answer][] = [
  [/\b(need|needs|should i)\b.*\b(call|contact|follow)|follow[- ]?up|waiting|call back|who .*call/, leadsToCall],
  [
    /(how many|number of|count|any)\b.*\b(leads?|customers?|enquir|inquir)|\bnew leads?\b|leads? (this|last) week|leads? today/,
    leadCounts,
  ],
  [
    /reviews?\b.*(unanswered|reply|respond|answer|negative|bad|low|flag|complain)|(unanswered|negative|bad|low[- ]star).*reviews?/,
    unansweredReviews,
  ],
  [/rating|stars?\b|average/, rating],
  [/scheduled|schedule|calendar|upcoming posts?|queued/, scheduled],
  [/conver(t|sion)/, conversion],
  [/what should i do|today|to-?do|priorit|focus|where (do|should) i start/, today],
  [/analytic|traffic|engagement|report|performance/, analytics],
  [/\b(post|posts|posting|social|facebook|instagram|twitter|linkedin|content)\b/, postingHelp],
  [/reviews?/, reviewsHelp],
  [/\btasks?\b/, tasks],
  [/activity|recent|happened|latest/, activity],
  [/\b(leads?|customers?)\b/, leadCounts],
  [/^(hi|hello|hey)\b|\bhelp\b|what can you/, () => capabilities()],
];

export function offlineFelixAnswer(question: string, facts: FelixFacts): string {
  const q = question.toLowerCase().replace(/[’']/g, "'");
  const answer = INTENTS.find(([pattern]) => pattern.test(q))?.[1] ?? summary;
  return `${answer(facts)}\n\n${OFFLINE_NOTE}`;
}
