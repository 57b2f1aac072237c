import { useState, type FormEvent } from 'react';
import { Award, ChevronDown, Plus } from 'lucide-react';
import {
  GOAL_CATEGORIES,
  GOAL_PRIORITIES,
  GOAL_TYPES,
  GOAL_UNIT_LABELS,
  GOAL_UNITS,
  type TGoalUnit,
} from '@shared/coach';
import type { TGoal } from '@shared/schemas/coach';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { DeviceTime } from '@/lib/device-time';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateGoal, useGoals } from './coach-api';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
/** A day in the device's zone: written once the page is alive (see DeviceTime). */
const Day = ({ iso }: { iso: string }) => <DeviceTime at={new Date(iso)} format={DAY} />;
/** Today in the browser's zone as YYYY-MM-DD, the earliest due date the picker offers. */
const today = () => new Date().toLocaleDateString('en-CA');

function Select({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm sm:text-sm"
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </div>
  );
}

/**
 * Goal creation (defaults: weekly, posts, content, medium; target parsed as an
 * integer). An optional due date ends the goal at the close of that day instead of its period.
 */
function NewGoalForm() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [goalType, setGoalType] = useState('weekly');
  const [unit, setUnit] = useState<string>('posts');
  const [category, setCategory] = useState('content');
  const [priority, setPriority] = useState('medium');
  const [errors, setErrors] = useState<{ title?: string; target?: string }>({});
  // Today is the device's (the server that renders the form knows neither its zone nor its day).
  const hydrated = useHydrated();
  const create = useCreateGoal({
    onSuccess: (g) => {
      toast({ title: 'Goal Created', description: `"${g.title}" now tracks itself.` });
      setTitle('');
      setDescription('');
      setTarget('');
      setDueDate('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number.parseInt(target, 10) || 0;
    const next = {
      ...(title.trim() ? {} : { title: 'Title is required' }),
      ...(n ? {} : { target: 'Target must be a nonzero number' }),
    };
    setErrors(next);
    if (next.title || next.target) return;
    create.mutate({
      title,
      description,
      targetValue: n,
      goalType: goalType as TGoal['goalType'],
      unit: unit as TGoalUnit,
      category: category as (typeof GOAL_CATEGORIES)[number],
      priority: priority as (typeof GOAL_PRIORITIES)[number],
      dueDate: dueDate ? new Date(`${dueDate}T23:59:59`).toISOString() : null,
    });
  };
  return (
    <form
      onSubmit={submit}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-label="New goal"
    >
      <h2 className="font-semibold text-slate-900">New goal</h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          id="goal-title"
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          placeholder="Publish 3 posts this week"
          className="sm:col-span-2"
        />
        <TextField
          id="goal-target"
          label="Target"
          inputMode="numeric"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          error={errors.target}
          placeholder="3"
        />
        <Select
          id="goal-unit"
          label="Counts"
          value={unit}
          onChange={setUnit}
          options={GOAL_UNITS.map((u) => [u, GOAL_UNIT_LABELS[u]] as const)}
        />
        <Select
          id="goal-type"
          label="Period"
          value={goalType}
          onChange={setGoalType}
          options={GOAL_TYPES.map((t) => [t, cap(t)] as const)}
        />
        <Select
          id="goal-category"
          label="Category"
          value={category}
          onChange={setCategory}
          options={GOAL_CATEGORIES.map((c) => [c, cap(c)] as const)}
        />
        <Select
          id="goal-priority"
          label="Priority"
          value={priority}
          onChange={setPriority}
          options={GOAL_PRIORITIES.map((p) => [p, cap(p)] as const)}
        />
        <TextField
          id="goal-due"
          label="Due date (optional)"
          type="date"
          min={hydrated ? today() : undefined}
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
        />
        <div className="space-y-1.5 sm:col-span-2 lg:col-span-3">
          <Label htmlFor="goal-description">Description (optional)</Label>
          <Textarea
            id="goal-description"
            rows={2}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Why this goal matters this week"
            className="min-h-16"
          />
        </div>
      </div>
      {create.isError ? <p className="mt-3 text-sm text-red-700">{create.error.message}</p> : null}
      <Button type="submit" className="mt-4" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />} Create Goal
      </Button>
    </form>
  );
}

function GoalRow({ goal }: { goal: TGoal }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={goal.title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{goal.title}</h2>
        <span className="text-sm text-slate-600">
          {cap(goal.goalType)}
          {goal.dueDate ? (
            <>
              {' '}
              · due <Day iso={goal.dueDate} />
            </>
          ) : null}
        </span>
      </div>
      {goal.description ? <p className="mt-1 text-sm text-slate-600">{goal.description}</p> : null}
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold">
          {goal.currentValue} of {goal.targetValue}
        </span>{' '}
        {GOAL_UNIT_LABELS[goal.unit as TGoalUnit]?.toLowerCase() ?? goal.unit} since <Day iso={goal.periodStart} />
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`${goal.title} progress`}
        aria-valuenow={goal.progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${goal.progress}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{goal.progress}%</p>
    </li>
  );
}

/** Goals & Progress: the form, the active goals (only), points, level and achievements. */
export function GoalsTab() {
  const goals = useGoals();
  return (
    <div className="space-y-4">
      <NewGoalForm />
      {goals.isPending ? <Skeleton className="h-24 w-full rounded-xl" /> : null}
      {goals.isError ? <p className="text-sm text-red-700">{goals.error.message}</p> : null}
      {goals.data ? (
        <>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              <span className="font-semibold">{goals.data.points}</span> points · level {goals.data.level}
            </span>
            {goals.data.achievements.map((a) => (
              <span
                key={a.id}
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
              >
                <Award className="size-3" aria-hidden="true" /> {a.title}
              </span>
            ))}
          </div>
          {goals.data.goals.length ? (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label="Active goals">
              {goals.data.goals.map((g) => (
                <GoalRow key={g.id} goal={g} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              No active goals. A goal counts its posts, reviews or jobs by itself.
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
