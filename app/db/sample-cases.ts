/**
 * The four sample projects' case studies (issue 35 §5): the problem, what was built, results with
 * figures, the client's words, before and after. The seed writes them on an empty database, and
 * migration 2026_11_28_l_portfolio_cases writes them into a database seeded before they existed,
 * for a sample project still exactly as seeded (docs/decisions/067).
 *
 * NOTE: frozen once shipped, like a migration: to change the sample content, add new data for the
 * seed rather than editing this (the migration must write what it wrote the day it shipped).
 * No prices or delivery times here: those live in app/content/ alone (docs/decisions/061).
 */

export type SampleResult = { figure: string; label: string }

export type SampleCase = {
  slug: string
  /** Tags a client reads on the card: what the site does for them, not how it is built. */
  technologies: string[]
  problem: string
  solution: string
  results: SampleResult[]
  quote: string
  quoteAuthor: string
  quoteRole: string
  beforeText: string
  afterText: string
}

/** Each sample project as first seeded (before its case existed): what the migration recognises as unchanged. */
export const SAMPLES_AS_FIRST_SEEDED: Record<string, { description: string; technologies: string[] }> = {
  'Harbor Bakehouse Online Shop': {
    description:
      'An online store for a neighbourhood bakery, with next-morning pickup slots, custom cake orders and a weekly menu the owners update themselves.',
    technologies: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Stripe'],
  },
  'Summit Dental Care': {
    description:
      'A calm, trustworthy website for a family dental practice, with online appointment requests, treatment guides and insurance information.',
    technologies: ['React Router', 'Tailwind CSS', 'SQLite', 'Schema.org'],
  },
  'Saffron Table Restaurant': {
    description:
      'A warm, photo-led site for an Indian restaurant, featuring a seasonal menu, table reservations and takeaway ordering during peak hours.',
    technologies: ['React', 'Node.js', 'Express', 'Tailwind CSS'],
  },
  'Brightpath Tutoring': {
    description:
      'A friendly site for an after-school tutoring centre, with course listings, tutor profiles, class schedules and a simple enrolment form for parents.',
    technologies: ['React', 'TypeScript', 'PostgreSQL', 'Vite'],
  },
}

/** The case of each sample project, by its title. */
export const SAMPLE_CASES: Record<string, SampleCase> = {
  'Harbor Bakehouse Online Shop': {
    slug: 'harbor-bakehouse-online-shop',
    technologies: ['Online ordering', 'Pickup time slots', 'Card and wallet payments', 'Fast on phones'],
    problem:
      'Harbor Bakehouse took every order by phone or through Instagram messages. During the morning rush nobody could answer the phone, custom cake orders lived on paper slips, and two or three orders a week were mixed up or missed. Customers could not order after the shop closed.',
    solution:
      'An online shop where customers choose their bread and pastries, pick a next-morning pickup slot and pay by card or phone wallet. Each slot takes only as many orders as the ovens can bake. A cake order form takes the design, the message and a reference photo. Every morning at five the bakers get one summary email with the day’s orders, and the owners change the weekly menu themselves.',
    results: [
      { figure: '41%', label: 'of orders placed online by the third month' },
      { figure: '6 hours', label: 'less time on the phone each week' },
      { figure: '0', label: 'mixed-up cake orders since launch, down from two or three a week' },
    ],
    quote:
      'The phone used to ring through the whole morning rush. Now the orders are waiting for us at five, with the photos of the cakes, and we have not lost one since.',
    quoteAuthor: 'Nadia Okafor',
    quoteRole: 'Owner, Harbor Bakehouse',
    beforeText: 'Orders by phone and direct message, written on paper slips; nothing could be ordered after closing time.',
    afterText: 'Customers order and pay online at any hour and choose their pickup slot; the bakers start each day from one list.',
  },
  'Summit Dental Care': {
    slug: 'summit-dental-care',
    technologies: ['Appointment requests', 'Easy to read', 'Found in local search', 'Fast on phones'],
    problem:
      'The practice’s old site was hard to read on a phone and said little about treatments or insurance. New patients could only ask for an appointment by calling during office hours, and the front desk answered the same insurance questions many times a day.',
    solution:
      'A calm, high-contrast site with an appointment request form that asks only what the front desk needs, treatment guides in plain words, a page listing the insurance plans the practice accepts, and a page for each of the three neighbourhoods it serves so local searches find it.',
    results: [
      { figure: '23', label: 'appointment requests a month through the site, where there were none' },
      { figure: '30%', label: 'fewer calls asking about insurance' },
      { figure: 'Top 3', label: 'in map results for “dentist” in two of its three neighbourhoods' },
    ],
    quote:
      'New patients arrive knowing what to expect and which plans we take. The front desk spends its time with the people in the waiting room instead of on the phone.',
    quoteAuthor: 'Dr. Priya Menon',
    quoteRole: 'Dentist and owner, Summit Dental Care',
    beforeText: 'A dated site, hard to read on a phone; appointments only by calling during office hours.',
    afterText: 'A clear site patients read on any phone, with appointment requests at any hour and answers to the common questions.',
  },
  'Saffron Table Restaurant': {
    slug: 'saffron-table-restaurant',
    technologies: ['Table reservations', 'Takeaway ordering', 'Menu the staff edit', 'Fast on phones'],
    problem:
      'Saffron Table’s menu was a PDF that was out of date as soon as the season changed, tables could only be booked by phone, and on Friday evenings takeaway customers queued at the counter while the phone kept ringing.',
    solution:
      'A photo-led site with a seasonal menu the staff edit themselves, each dish tagged vegetarian, vegan or gluten-free; table reservations that respect the kitchen’s sittings; takeaway ordering with pickup times spread across the evening; directions and opening hours on every page.',
    results: [
      { figure: '35%', label: 'of Friday and Saturday tables booked online' },
      { figure: '120+', label: 'takeaway orders a month placed online' },
      { figure: '12 minutes', label: 'shorter wait for takeaway at the Friday peak' },
    ],
    quote:
      'We change the menu on a Monday and it is on the site that afternoon. Friday nights are calmer because the takeaway orders arrive spread out, not all at the counter at once.',
    quoteAuthor: 'Vikram Rao',
    quoteRole: 'Co-owner, Saffron Table',
    beforeText: 'A PDF menu out of date each season, bookings by phone only, a takeaway queue at the counter on busy nights.',
    afterText: 'An up-to-date menu with dietary tags, tables booked online, takeaway orders collected at a chosen time.',
  },
  'Brightpath Tutoring': {
    slug: 'brightpath-tutoring',
    technologies: ['Online enrolment', 'Class schedules', 'Waitlist', 'Fast on phones'],
    problem:
      'Brightpath enrolled students with paper forms and long email threads. Parents could not see which classes still had places, the waitlist lived in a spreadsheet only the director could update, and each new term meant evenings of admin.',
    solution:
      'A friendly site with the courses by grade and subject, tutor profiles, class schedules showing the places left, and an enrolment form parents fill in on their phone. A full class offers the waitlist, and a parent is told as soon as a place opens.',
    results: [
      { figure: '64', label: 'students enrolled online in the first term' },
      { figure: '9 in 10', label: 'enrolments completed without a phone call' },
      { figure: '4 hours', label: 'a week saved on enrolment admin at the start of term' },
    ],
    quote:
      'Parents enrol in a few minutes on their phone and can see which classes have room. The start of term used to take my evenings; now it takes an afternoon.',
    quoteAuthor: 'Hannah Lee',
    quoteRole: 'Director, Brightpath Tutoring',
    beforeText: 'Paper forms and email threads, a waitlist in a spreadsheet, no way for parents to see which classes had room.',
    afterText: 'Parents see the places left and enrol online; the waitlist fills gaps by itself.',
  },
}
