/**
 * What each dashboard figure counts, in the staff's words: shown beside the figure ("?") and
 * written out in docs/METRICS.md (keep the two the same).
 */
export const METRICS = {
  visitors:
    'People who opened a page of the site, each counted once a day, without cookies. Never counted: bots, anyone signed in to the back office, browsers that ask not to be tracked (Do Not Track or Global Privacy Control), and anything while Analytics is off in Settings.',
  pageViews:
    'Pages of the public site opened by visitors, counted by the same rule as Visitors: every page counts, also one reached by a link within the site.',
  leads:
    'Proposal requests, contact messages and booked calls received in the period: proposals + messages + calls. A booked call is one lead, although it also opens a proposal on the desk. A lead deleted from the desk no longer counts.',
  conversion: (min: number) =>
    `The share of visitors who sent at least one lead on the day of their visit: visitors who sent a lead ÷ visitors. It never passes 100%: a visitor who writes twice counts once. Leads with no counted visit (Do Not Track, say) are left out. Shown from ${min} visitors on; below that it says "Not enough visits yet".`,
  sourceTable: (min: number) =>
    `Visitors: as above, by where their first page of the day came from. Leads: the period's leads by the visit they came from; "(not tracked)" for leads with no counted visit. Conversion: visitors who sent a lead ÷ visitors, from ${min} visitors on ("–" below).`,
  totalProposals:
    'Every proposal request on the desk since the start, whatever its status, including those a booked call opened. Not limited to a period.',
  pendingProposals: 'Proposal requests on the desk whose status is still Pending.',
  totalViews:
    'Reads of blog posts since the start, counted by the same rule as Page views (no bots, no one signed in, no Do Not Track). Counts before Nov 28, 2026 may include bots.',
} as const
