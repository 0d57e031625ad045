import { describe, expect, it } from 'vitest'
import { proposalsCsvHeader, neutralizeFormula, proposalsCsv, toCsv } from '~/lib/csv'

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d')
  })

  it('quotes a cell containing a comma', () => {
    expect(toCsv([['Smith, John', 'x']])).toBe('"Smith, John",x')
  })

  it('doubles quotes inside a quoted cell', () => {
    expect(toCsv([['She said "hi"']])).toBe('"She said ""hi"""')
  })

  it('quotes cells containing LF or CR', () => {
    expect(toCsv([['line1\nline2', 'ok']])).toBe('"line1\nline2",ok')
    expect(toCsv([['a\r\nb']])).toBe('"a\r\nb"')
    expect(toCsv([['a\rb']])).toBe('"a\rb"')
  })

  it('leaves plain and empty cells unquoted', () => {
    expect(toCsv([['plain', '', 'with space']])).toBe('plain,,with space')
  })

  it('returns an empty string for no rows', () => {
    expect(toCsv([])).toBe('')
  })
})

describe('neutralizeFormula', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tindent', "'\tindent"],
    ['\rcarriage', "'\rcarriage"],
  ])('prefixes %j with a single quote', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected)
  })

  it('leaves safe cells alone', () => {
    expect(neutralizeFormula('Jane Doe')).toBe('Jane Doe')
    expect(neutralizeFormula('a=b')).toBe('a=b')
    expect(neutralizeFormula('')).toBe('')
    expect(neutralizeFormula('1000-2500')).toBe('1000-2500')
  })
})

describe('proposalsCsv', () => {
  // The agency's zone by default (settings.timeZone); the reader's own when they chose one.
  const LA = 'America/Los_Angeles'
  const HEADER = 'Name,Email,Phone,Business Type,Budget,Status,Date (Pacific Time),Source,Campaign,Landing page'

  it('has the exact header row, saying which time zone the dates are in', () => {
    expect(proposalsCsvHeader(LA)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Business Type',
      'Budget',
      'Status',
      'Date (Pacific Time)',
      'Source',
      'Campaign',
      'Landing page',
    ])
    expect(proposalsCsv([], LA)).toBe(HEADER)
    expect(proposalsCsvHeader('Asia/Kolkata')[6]).toBe('Date (India Standard Time)')
  })

  it('writes one row per proposal with the labels a person reads, and an empty cell for a missing phone', () => {
    const csv = proposalsCsv(
      [
        {
          name: 'Jane Doe',
          email: 'jane@example.com',
          phone: '+1 555 0100',
          businessType: 'restaurant',
          budget: '500-1000',
          status: 'pending',
          date: '2025-03-01',
        },
        {
          name: 'Bob',
          email: 'bob@example.com',
          phone: null,
          businessType: 'retail',
          budget: '5000+',
          status: 'completed',
          date: '2025-03-02',
        },
        { name: 'Ann', email: 'ann@example.com', businessType: 'other', budget: '100-500', status: 'reviewed', date: '2025-03-03' },
      ],
      LA,
    )
    expect(csv.split('\r\n')).toEqual([
      HEADER,
      `Jane Doe,jane@example.com,'+1 555 0100,Restaurant / Food Service,"$500 - $1,000",Pending,2025-03-01,,,`,
      'Bob,bob@example.com,,Retail / E-commerce,"$5,000+",Completed,2025-03-02,,,',
      'Ann,ann@example.com,,Other,$100 - $500,Reviewed,2025-03-03,,,',
    ])
  })

  it('writes timestamps as local date and time in the agency’s zone (America/Los_Angeles), daylight saving included', () => {
    const row = (date: string) =>
      proposalsCsv(
        [{ name: 'A', email: 'a@example.com', businessType: 'technology', budget: '1000-2500', status: 'pending', date }],
        LA,
      ).split('\r\n')[1]
    // 17:30 UTC in winter is 09:30 PST; in summer 10:30 PDT; 03:00 UTC is still the evening before.
    expect(row('2026-01-15T17:30:00.000Z')).toBe('A,a@example.com,,Technology,"$1,000 - $2,500",Pending,2026-01-15 09:30,,,')
    expect(row('2026-07-15T17:30:00.000Z')).toBe('A,a@example.com,,Technology,"$1,000 - $2,500",Pending,2026-07-15 10:30,,,')
    expect(row('2026-07-16T03:00:00.000Z')).toBe('A,a@example.com,,Technology,"$1,000 - $2,500",Pending,2026-07-15 20:00,,,')
  })

  it('keeps a code it has no label for as stored', () => {
    const csv = proposalsCsv(
      [{ name: 'Old', email: 'o@example.com', businessType: 'legacy-kind', budget: '42', status: 'pending', date: '2025-01-01' }],
      LA,
    )
    expect(csv.split('\r\n')[1]).toBe('Old,o@example.com,,legacy-kind,42,Pending,2025-01-01,,,')
  })

  it("ends each row with the lead's source, campaign and landing page, neutralised like any cell", () => {
    const csv = proposalsCsv(
      [
        {
          name: 'A',
          email: 'a@example.com',
          businessType: 'other',
          budget: '100-500',
          status: 'pending',
          date: '2025-01-01',
          visitSource: 'newsletter',
          visitCampaign: '=spring',
          landingPath: '/pricing',
        },
      ],
      LA,
    )
    expect(csv.split('\r\n')[1]).toBe("A,a@example.com,,Other,$100 - $500,Pending,2025-01-01,newsletter,'=spring,/pricing")
  })

  it('neutralises formulas before quoting', () => {
    const csv = proposalsCsv(
      [
        {
          name: '=HYPERLINK("http://evil","x")',
          email: '@evil',
          phone: '-1',
          businessType: '-a,b',
          budget: '1000-2500',
          status: 'pending',
          date: '2025-01-01',
        },
      ],
      LA,
    )
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",'@evil,'-1,"'-a,b","$1,000 - $2,500",Pending,2025-01-01,,,`)
  })
})
