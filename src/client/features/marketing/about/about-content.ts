// Hard-coded marketing text for the about page: four statistics, four values,
// four team members and three award cards dated 2024.
import { Award, Cpu, HeartHandshake, Medal, Target, Trophy, Users, Wrench, type LucideIcon } from 'lucide-react';

export const ABOUT_STATS = [
  {
    value: '10,000+',
    label: 'businesses',
    detail: 'HVAC, plumbing, electrical, landscaping, roofing and cleaning companies run their marketing on Fieldwise.',
  },
  {
    value: '50M+',
    label: 'content pieces',
    detail: 'Social posts, review replies, blog articles and landing pages written with Fieldwise.',
  },
  {
    value: '300%',
    label: 'average lead increase',
    detail: 'Reported by customers in their first year, compared with the year before they joined.',
  },
  {
    value: '99.9%',
    label: 'uptime',
    detail: 'Posts publish on time and leads are captured at 2 AM as reliably as at 2 PM.',
  },
] as const;

export const VALUES: readonly { Icon: LucideIcon; title: string; text: string }[] = [
  {
    Icon: Wrench,
    title: 'Field Service First',
    text: 'We design for the owner in a truck between jobs, not a marketer at a desk. Every screen works on a phone, every word is plain, and every template knows the difference between a no-heat call and a tune-up.',
  },
  {
    Icon: Cpu,
    title: 'Intelligent Automation',
    text: 'AI should do the repetitive writing and sorting, and you should stay in charge. Every lead score explains itself, every reply is a draft you approve, and nothing is posted in your name that you did not choose.',
  },
  {
    Icon: Target,
    title: 'Results-Driven',
    text: 'Likes do not pay wages; booked jobs do. We measure Fieldwise by the calls, quotes and five-star reviews it brings you, and we show you those numbers honestly — including when something is not working.',
  },
  {
    Icon: HeartHandshake,
    title: 'Community-Focused',
    text: 'Local trade businesses keep towns running. We price for small crews, share what works across thousands of shops, and back apprenticeship programmes so the next generation of technicians has somewhere to start.',
  },
];

export const TEAM = [
  {
    name: 'Maya Okafor',
    role: 'Co-founder & CEO',
    bio: 'Grew up answering the phone at her father’s heating and cooling company in Dayton, Ohio, and ran its office for eight years. She started Fieldwise to give every small shop the marketing help her family could never afford.',
  },
  {
    name: 'Sam Whitaker',
    role: 'Co-founder & CTO',
    bio: 'Spent a decade building scheduling and dispatch software for home-service companies. He leads engineering and keeps Fieldwise fast on a phone with one bar of signal in a customer’s basement.',
  },
  {
    name: 'Priya Natarajan',
    role: 'Head of AI',
    bio: 'Designs the lead-scoring model and the writing tools around one rule: every score and every suggestion has to explain itself in words an owner would use.',
  },
  {
    name: 'Carlos Mendez',
    role: 'Head of Customer Success',
    bio: 'A licensed master plumber with 15 years in the trade. His team makes sure every new customer is set up, connected and posting in their first week.',
  },
] as const;

export const AWARDS: readonly { Icon: LucideIcon; title: string; issuer: string; year: string; text: string }[] = [
  {
    Icon: Trophy,
    title: 'Best Marketing Software for Home Services',
    issuer: 'Home Service Tech Awards',
    year: '2024',
    text: 'Chosen by a panel of contractors for the most complete marketing toolkit built for the trades.',
  },
  {
    Icon: Award,
    title: 'Top Rated Small Business App',
    issuer: 'Small Business Software Review',
    year: '2024',
    text: 'Rated highest for ease of use and customer support by owners of companies with fewer than 50 employees.',
  },
  {
    Icon: Medal,
    title: 'Innovation in Applied AI',
    issuer: 'Trades Technology Summit',
    year: '2024',
    text: 'Recognised for explainable lead scoring that tells owners why a lead is worth a call.',
  },
];

export const MISSION_POINTS: readonly { Icon: LucideIcon; text: string }[] = [
  {
    Icon: Users,
    text: 'A team of former dispatchers, office managers and tradespeople, alongside engineers and AI researchers.',
  },
  {
    Icon: Wrench,
    text: 'Every feature tested with working HVAC, plumbing, electrical and landscaping crews before it ships.',
  },
];

export function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
