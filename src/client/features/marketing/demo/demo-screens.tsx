// Simulated screens for the demo player. Each one shows more of a typical Fieldwise moment as
// the progress (0–100) grows. The names and figures are sample content, not anyone's data.
import type { ReactNode } from 'react';
import { Bot, CalendarClock, Sparkles, Star, Target } from 'lucide-react';

type ScreenProps = { progress: number };

function Reveal({
  at,
  progress,
  children,
  className,
}: {
  at: number;
  progress: number;
  children: ReactNode;
  className?: string;
}) {
  if (progress < at) return null;
  return <div className={className}>{children}</div>;
}

const FELIX_LEADS = [
  { at: 44, text: 'Maple Ave — water heater replacement', score: 86 },
  { at: 54, text: 'Oak St — AC blowing warm air', score: 78 },
  { at: 64, text: 'Birch Ct — annual furnace tune-up', score: 61 },
] as const;

export function FelixScreen({ progress }: ScreenProps) {
  return (
    <div className="flex flex-col gap-3">
      <Reveal at={4} progress={progress} className="self-end">
        <p className="max-w-[16rem] rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-sm text-white">
          Which leads should I call first today?
        </p>
      </Reveal>
      {progress >= 12 && progress < 36 ? (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <Bot aria-hidden="true" className="size-4 text-brand-700" /> Felix is looking at your leads…
        </p>
      ) : null}
      <Reveal
        at={36}
        progress={progress}
        className="max-w-[20rem] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
      >
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <Bot aria-hidden="true" className="size-4 text-brand-700" /> Felix
        </p>
        <p className="mt-1">Start with these three — all asked for a visit this week:</p>
        <ol className="mt-2 space-y-1.5">
          {FELIX_LEADS.filter((lead) => progress >= lead.at).map((lead) => (
            <li key={lead.text} className="flex items-center justify-between gap-3">
              <span>{lead.text}</span>
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800">
                {lead.score}
              </span>
            </li>
          ))}
        </ol>
      </Reveal>
      <Reveal at={80} progress={progress} className="flex flex-wrap gap-2">
        <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          Show Me How → Leads
        </span>
        <span className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700">
          What should I post this week?
        </span>
      </Reveal>
    </div>
  );
}

const POST =
  'Before & after: a 40-gallon water heater swapped in just two hours in Oak Park. Hot showers are back for the Nguyen family! Is yours over 10 years old? Book a free check this week.';

const PLATFORMS = [
  { name: 'Facebook', limit: 63206 },
  { name: 'Instagram', limit: 2200 },
  { name: 'X', limit: 280 },
  { name: 'LinkedIn', limit: 3000 },
] as const;

export function ContentScreen({ progress }: ScreenProps) {
  const typed = Math.round((Math.min(Math.max(progress - 10, 0), 60) / 60) * POST.length);
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
        <p className="text-xs font-semibold text-slate-500 uppercase">Your job notes</p>
        <p className="mt-1 text-slate-700">Replaced 40-gal water heater, Oak Park, 2 hrs, happy customer</p>
      </div>
      <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-3 text-sm">
        <p className="flex items-center gap-2 text-xs font-semibold text-brand-800 uppercase">
          <Sparkles aria-hidden="true" className="size-3.5" /> AI draft · friendly tone
        </p>
        <p className="mt-1 min-h-16 text-slate-800">
          {POST.slice(0, typed)}
          {progress > 0 && typed < POST.length ? (
            <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-0.5 translate-y-0.5 bg-brand-600" />
          ) : null}
        </p>
      </div>
      <Reveal at={74} progress={progress} className="flex flex-wrap gap-2">
        {PLATFORMS.map((p) => (
          <span
            key={p.name}
            className="rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-700"
          >
            {p.name} · {POST.length}/{p.limit.toLocaleString('en-US')}
          </span>
        ))}
      </Reveal>
      <Reveal at={90} progress={progress}>
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
          <CalendarClock aria-hidden="true" className="size-4" /> Scheduled for Tuesday at 9:00 AM
        </p>
      </Reveal>
    </div>
  );
}

const REASONS = [
  { at: 30, points: '+24', text: 'Urgent wording: “no heat since last night”' },
  { at: 48, points: '+18', text: 'Furnace repair: typical ticket $350–$900' },
  { at: 64, points: '+12', text: 'Phone and email both given' },
] as const;

export function LeadsScreen({ progress }: ScreenProps) {
  const score = Math.round((Math.min(progress, 80) / 80) * 86);
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-xs font-semibold text-brand-800 uppercase">
              <Target aria-hidden="true" className="size-3.5" /> New web lead
            </p>
            <p className="mt-1 font-semibold text-slate-900">Jordan P. · Furnace repair</p>
            <p className="text-sm text-slate-600">“No heat since last night, furnace is clicking but won’t light.”</p>
          </div>
          <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-bold text-brand-800">
            {score} / 100
          </span>
        </div>
        <div className="mt-3 h-2 rounded-full bg-slate-100">
          <div
            className="h-2 rounded-full bg-brand-600 transition-[width] duration-100"
            style={{ width: `${score}%` }}
          />
        </div>
      </div>
      <ul className="space-y-1.5 text-sm">
        {REASONS.filter((r) => progress >= r.at).map((r) => (
          <li key={r.text} className="flex gap-2 text-slate-700">
            <span className="w-8 shrink-0 font-bold text-emerald-700">{r.points}</span>
            {r.text}
          </li>
        ))}
      </ul>
      <Reveal at={88} progress={progress}>
        <p className="rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-800">
          <span className="font-semibold">Tip:</span> call within 15 minutes — urgent heating calls book with whoever
          answers first.
        </p>
      </Reveal>
    </div>
  );
}

const WEEKS = [
  { label: 'Week 1', share: 20 },
  { label: 'Week 2', share: 25 },
  { label: 'Week 3', share: 28 },
  { label: 'Week 4', share: 27 },
] as const;

const SOURCES = [
  { name: 'Google Business Profile', share: 38 },
  { name: 'Website', share: 27 },
  { name: 'Facebook', share: 18 },
  { name: 'Referrals', share: 11 },
] as const;

export function AnalyticsScreen({ progress }: ScreenProps) {
  const grow = Math.min(progress, 60) / 60;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl border border-slate-200 bg-white p-3">
        <p className="text-xs font-semibold text-slate-500 uppercase">Leads by week · last 30 days</p>
        <div className="mt-3 flex h-28 items-end gap-3">
          {WEEKS.map((w) => (
            <div key={w.label} className="flex h-full flex-1 flex-col items-center gap-1">
              <div className="relative w-full flex-1">
                <div
                  className="absolute inset-x-0 bottom-0 rounded-t bg-brand-500"
                  style={{ height: `${w.share * 3 * grow}%` }}
                />
              </div>
              <span className="text-[0.65rem] text-slate-600">
                {w.label}
                <span className="sr-only">: {Math.round(w.share * grow)}% of leads</span>
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-3">
        <p className="text-xs font-semibold text-slate-500 uppercase">Top lead sources</p>
        <ul className="mt-2 space-y-2 text-xs">
          {SOURCES.map((s) => (
            <li key={s.name}>
              <div className="flex justify-between text-slate-700">
                <span>{s.name}</span>
                <span className="font-semibold">{Math.round(s.share * grow)}%</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100">
                <div className="h-1.5 rounded-full bg-accent-500" style={{ width: `${s.share * grow * 2}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Reveal at={80} progress={progress} className="sm:col-span-2">
        <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <Star aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Google Business Profile brings twice the jobs Facebook does — ask every happy customer there for a review.
        </p>
      </Reveal>
    </div>
  );
}

const SCREENS = { felix: FelixScreen, content: ContentScreen, leads: LeadsScreen, analytics: AnalyticsScreen };
export type DemoScreenKind = keyof typeof SCREENS;

/** One screen by name: the default export the demo loads once a visitor heads for Play. */
export default function DemoScreen({ kind, progress }: ScreenProps & { kind: DemoScreenKind }) {
  const Screen = SCREENS[kind];
  return <Screen progress={progress} />;
}
