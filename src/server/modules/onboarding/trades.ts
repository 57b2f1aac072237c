// What the offline engine knows about each trade: the jobs people search for, the plan a
// business can sell for repeat work, and the quiet season to plan against.
export interface TradeFacts {
  noun: string;
  jobs: [string, string];
  plan: string;
  quietSeason: string;
  offSeasonOffer: string;
}

const TRADES: Record<string, TradeFacts> = {
  hvac: {
    noun: 'heating and cooling',
    jobs: ['AC repair', 'furnace replacement'],
    plan: 'a comfort club with spring AC and fall furnace tune-ups',
    quietSeason: 'spring and fall shoulder months',
    offSeasonOffer: 'a $89 tune-up before the first heat wave or cold snap',
  },
  plumbing: {
    noun: 'plumbing',
    jobs: ['water heater replacement', 'drain cleaning'],
    plan: 'an annual plan with a water-heater flush and whole-home inspection',
    quietSeason: 'late spring and summer',
    offSeasonOffer: 'a camera inspection for older homes before the holidays',
  },
  electrical: {
    noun: 'electrical',
    jobs: ['panel upgrade', 'EV charger installation'],
    plan: 'a yearly safety inspection with surge-protection check',
    quietSeason: 'mid-winter',
    offSeasonOffer: 'a whole-home safety inspection with a free smoke-detector check',
  },
  landscaping: {
    noun: 'landscaping',
    jobs: ['spring cleanup', 'weekly lawn care'],
    plan: 'a seasonal care plan booked in February',
    quietSeason: 'winter',
    offSeasonOffer: 'snow removal or holiday lighting for existing customers',
  },
  roofing: {
    noun: 'roofing',
    jobs: ['roof replacement', 'storm damage repair'],
    plan: 'a yearly roof and gutter inspection',
    quietSeason: 'winter',
    offSeasonOffer: 'free post-storm inspections with photo reports',
  },
  cleaning: {
    noun: 'cleaning',
    jobs: ['deep cleaning', 'move-out cleaning'],
    plan: 'a recurring bi-weekly cleaning plan',
    quietSeason: 'January and February',
    offSeasonOffer: 'a new-year deep clean for recurring customers',
  },
  handyman: {
    noun: 'handyman',
    jobs: ['small home repairs', 'drywall and door fixes'],
    plan: 'a twice-yearly home maintenance visit',
    quietSeason: 'the holidays',
    offSeasonOffer: 'a "honey-do list" half-day package',
  },
};

const GENERIC: TradeFacts = {
  noun: 'home service',
  jobs: ['service calls', 'installations'],
  plan: 'a yearly maintenance plan',
  quietSeason: 'your slowest months',
  offSeasonOffer: 'a seasonal check-up offer for past customers',
};

export function tradeFacts(businessType: string): TradeFacts {
  return TRADES[businessType] ?? GENERIC;
}
