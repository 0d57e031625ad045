/**
 * CSV export for the admin proposals screen (RFC 4180 output with OWASP
 * CSV-injection neutralisation, since cells hold visitor-submitted text). Cells are what a
 * person reads: labels instead of stored codes, dates in the agency's time zone.
 */

import { localStamp, zoneColumnName } from './agency-time.ts'
import { budgetLabel, businessTypeLabel } from './constants.ts'

export interface ProposalCsvRow {
  name: string
  email: string
  phone?: string | null
  businessType: string
  budget: string
  status: string
  date: string
  /** The visit that produced the request (issue 25); null when none was recorded. */
  visitSource?: string | null
  visitCampaign?: string | null
  landingPath?: string | null
}

/** The spec's columns, then where the lead came from; the date column names its zone ('Date (Pacific Time)'). */
export const proposalsCsvHeader = (zone: string) => [
  'Name',
  'Email',
  'Phone',
  'Business Type',
  'Budget',
  'Status',
  `Date (${zoneColumnName(zone)})`,
  'Source',
  'Campaign',
  'Landing page',
]

const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

const NEEDS_QUOTES = /[",\r\n]/
const FORMULA_START = /^[=+\-@\t\r]/

/** Quotes a cell only when RFC 4180 requires it (comma, quote, CR or LF), doubling inner quotes. */
function quoteCell(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell
}

/**
 * Serialises rows as RFC 4180 CSV with CRLF line endings. Cells are written
 * as given: call neutralizeFormula first for untrusted data.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteCell).join(',')).join('\r\n')
}

/**
 * Prefixes a single quote when a cell starts with =, +, -, @, tab or CR so
 * spreadsheet apps treat it as text rather than a formula (OWASP CSV
 * injection guidance).
 */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/**
 * CSV of proposals for the 'Export CSV' button: fixed header (the spec's columns, then Source,
 * Campaign and Landing page), labels ('Retail / E-commerce',
 * '$500 - $1,000', 'Pending'), dates as 'yyyy-mm-dd hh:mm' in `zone` (the reader's: their own or the agency's),
 * every cell neutralised then quoted as needed.
 */
export function proposalsCsv(proposals: readonly ProposalCsvRow[], zone: string): string {
  const rows: string[][] = [
    proposalsCsvHeader(zone),
    ...proposals.map((p) => [
      p.name,
      p.email,
      p.phone ?? '',
      businessTypeLabel(p.businessType),
      budgetLabel(p.budget),
      statusLabel(p.status),
      localStamp(p.date, zone),
      p.visitSource ?? '',
      p.visitCampaign ?? '',
      p.landingPath ?? '',
    ]),
  ]
  return toCsv(rows.map((row) => row.map((cell) => neutralizeFormula(String(cell ?? '')))))
}
