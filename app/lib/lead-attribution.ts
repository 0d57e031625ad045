/** What a lead keeps of the visit that produced it (proposals, contact messages, bookings; issue 25). */
export interface LeadAttribution {
  /** utm_source, else ref, else the referring domain, else '(direct)'; null: no visit recorded. */
  visitSource: string | null
  visitCampaign: string | null
  landingPath: string | null
  /** The tools used, in order of first use: 'estimator', 'builder', 'chat' (comma list). */
  firstTools: string | null
}

export const NO_ATTRIBUTION: LeadAttribution = { visitSource: null, visitCampaign: null, landingPath: null, firstTools: null }
