import { ABOUT_STATS, MISSION_POINTS } from './about-content';

export function AboutStats() {
  return (
    <section aria-labelledby="about-stats-title" className="bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <h2
          id="about-stats-title"
          className="text-center text-sm font-semibold tracking-wide text-accent-300 uppercase"
        >
          Fieldwise by the numbers
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-2xl border border-white/10 bg-white/5 p-6">
              <dt className="order-2 mt-1 text-base font-semibold text-white">{stat.label}</dt>
              <dd className="order-1 text-4xl font-extrabold tracking-tight text-white">{stat.value}</dd>
              <dd className="order-3 mt-2 text-sm leading-6 text-slate-300">{stat.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function AboutStory() {
  return (
    <section aria-labelledby="story-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Our story</p>
          <h2
            id="story-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            It started at a kitchen table in a heating and cooling company
          </h2>
          <div className="mt-6 space-y-4 text-base leading-7 text-slate-600">
            <p>
              Our CEO spent eight years running the office of her father’s HVAC company. The technicians were excellent.
              The marketing happened at 11 PM, after the invoices — a Facebook post when someone remembered, review
              replies weeks late, and web enquiries that sat in an inbox until the customer had already called someone
              else.
            </p>
            <p>
              Agencies wanted $1,500 a month. Generic social tools did one small piece and assumed you had a marketer.
              So we built the tool that shop needed: one that writes the posts, sorts the leads, drafts the review
              replies and then tells the owner, in plain words, what to do next.
            </p>
            <p>
              Today Fieldwise is the marketing department for more than 10,000 field-service businesses — most of them
              with fewer than twenty people and none of them with time to spare.
            </p>
          </div>
        </div>
        <figure className="self-start rounded-3xl bg-linear-to-br from-brand-700 to-brand-900 p-6 text-white sm:p-8">
          <blockquote className="text-xl leading-8 font-medium text-pretty">
            “Our mission is simple: every trade business, however small, should have marketing as good as its
            workmanship.”
          </blockquote>
          <figcaption className="mt-4 text-sm text-brand-100">
            <span className="font-semibold text-white">Maya Okafor</span> · Co-founder &amp; CEO
          </figcaption>
          <ul className="mt-6 space-y-4 border-t border-white/15 pt-6">
            {MISSION_POINTS.map(({ Icon, text }) => (
              <li key={text} className="flex gap-3 text-sm leading-6 text-brand-50">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
                {text}
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  );
}
