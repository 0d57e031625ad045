/**
 * About page content: company story, values, team and the remote-team section.
 */

import { QUOTED } from './pricing.ts'
import { CLIENTS_PROSE } from './site.ts'

export type Story = {
  title: string
  paragraphs: string[]
}

export const STORY: Story = {
  title: 'Our Story',
  paragraphs: [
    'Launchpad Web Studio started in 2020, when many local businesses had to move online almost overnight. Our founders kept meeting owners who had been quoted months of work and thousands of dollars for a simple site, so they set out to prove that a professional website could be fast, fair and friendly.',
    `Since then we have ${CLIENTS_PROSE} for businesses in the United States, from family restaurants and corner shops to clinics, tutors and consultants. Our headquarters in San Francisco handles strategy and design, while our development center in Gwalior, India, builds and tests while San Francisco sleeps.`,
    `We still work the way we did on day one: a fixed price agreed up front, plain language instead of jargon, and a website live in ${QUOTED.websiteDelivery}. When your website goes live, we stay on hand to keep it fast, secure and working for your business.`,
  ],
}

export type ValueTitle = 'Mission Driven' | 'Client First' | 'Quality Excellence' | 'Team Spirit'

export type Value = {
  title: ValueTitle
  description: string
  /** Name of a Lucide icon. */
  icon: string
}

export const VALUES: Value[] = [
  {
    title: 'Mission Driven',
    description: 'We believe every small business deserves a website that works as hard as its owner, at a price that makes sense.',
    icon: 'Target',
  },
  {
    title: 'Client First',
    description: 'Clear quotes, honest advice and quick replies. We measure success by the enquiries and sales your site brings in.',
    icon: 'HeartHandshake',
  },
  {
    title: 'Quality Excellence',
    description: 'Fast pages, accessible markup and careful testing on real devices, because shortcuts always show up later.',
    icon: 'Award',
  },
  {
    title: 'Team Spirit',
    description: 'Designers and developers on two continents share one workflow, so your project keeps moving around the clock.',
    icon: 'Users',
  },
]

export type TeamMember = {
  name: string
  role: string
  bio: string
  avatar: string
}

export const TEAM: TeamMember[] = [
  {
    name: 'Maya Robinson',
    role: 'Founder & Lead Designer',
    bio: 'Maya spent a decade designing for larger agencies before starting Launchpad in San Francisco. She leads every discovery call and loves turning a messy brief into a clean layout.',
    avatar: '/images/team/maya-robinson.svg',
  },
  {
    name: 'Arjun Sharma',
    role: 'Head of Development',
    bio: 'Arjun runs our Gwalior development center. He cares about fast load times, tidy code and making sure every site passes its checks before launch.',
    avatar: '/images/team/arjun-sharma.svg',
  },
  {
    name: 'Priya Verma',
    role: 'Full-Stack Developer',
    bio: 'Priya builds our online stores and admin panels from Gwalior. She is happiest when a checkout is quick and the order emails arrive on time.',
    avatar: '/images/team/priya-verma.svg',
  },
  {
    name: 'Daniel Okafor',
    role: 'SEO & Marketing Specialist',
    bio: 'Based in San Francisco, Daniel helps clients get found on Google and measures what matters, without drowning anyone in dashboards.',
    avatar: '/images/team/daniel-okafor.svg',
  },
  {
    name: 'Sofia Martinez',
    role: 'Front-End Developer & Support Lead',
    bio: 'Sofia crafts responsive interfaces in San Francisco and leads our support desk, so the person fixing your site is the one who knows it best.',
    avatar: '/images/team/sofia-martinez.svg',
  },
]

export type RemoteTeam = {
  title: string
  body: string
}

export const REMOTE_TEAM: RemoteTeam = {
  title: 'One team, two offices, around the clock',
  body: `Our San Francisco headquarters and our development center in Gwalior, Madhya Pradesh, work as a single team. While one office wraps up for the day, the other picks up where it left off, which is how we deliver a website in ${QUOTED.websiteDelivery} without cutting corners. Monitoring watches every site around the clock, and people answer in each office's hours, shown below.`,
}
