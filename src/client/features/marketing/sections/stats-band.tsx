const STATS = [
  { value: '10,000+', label: 'field-service businesses' },
  { value: '50M+', label: 'pieces of content created' },
  { value: '300%', label: 'average increase in leads' },
  { value: '99.9%', label: 'uptime' },
] as const;

export function StatsBand() {
  return (
    <section aria-labelledby="stats-title" className="bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          Fieldwise in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-10 text-center lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-slate-300 sm:text-base">{stat.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
