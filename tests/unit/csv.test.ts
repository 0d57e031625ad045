import { describe, expect, it } from 'vitest'
import { PROPOSALS_CSV_HEADER, neutralizeFormula, proposalsCsv, toCsv } from '~/lib/csv'

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(toCsv([['a', 'b'], ['c', 'd']])).toBe('a,b\r\nc,d')
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
  it('has the exact header row', () => {
    expect(PROPOSALS_CSV_HEADER).toEqual(['Name', 'Email', 'Phone', 'Business Type', 'Budget', 'Status', 'Date'])
    expect(proposalsCsv([])).toBe('Name,Email,Phone,Business Type,Budget,Status,Date')
  })

  it('writes one row per proposal, with an empty cell for a missing phone', () => {
    const csv = proposalsCsv([
      { name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100', businessType: 'restaurant', budget: '500-1000', status: 'pending', date: '2025-03-01' },
      { name: 'Bob', email: 'bob@example.com', phone: null, businessType: 'retail', budget: '5000+', status: 'completed', date: '2025-03-02' },
      { name: 'Ann', email: 'ann@example.com', businessType: 'other', budget: '100-500', status: 'reviewed', date: '2025-03-03' },
    ])
    expect(csv.split('\r\n')).toEqual([
      'Name,Email,Phone,Business Type,Budget,Status,Date',
      "Jane Doe,jane@example.com,'+1 555 0100,restaurant,500-1000,pending,2025-03-01",
      'Bob,bob@example.com,,retail,5000+,completed,2025-03-02',
      'Ann,ann@example.com,,other,100-500,reviewed,2025-03-03',
    ])
  })

  it('neutralises formulas before quoting', () => {
    const csv = proposalsCsv([
      { name: '=HYPERLINK("http://evil","x")', email: '@evil', phone: '-1', businessType: 'a,b', budget: '1000-2500', status: 'pending', date: '2025-01-01' },
    ])
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",'@evil,'-1,"a,b",1000-2500,pending,2025-01-01`)
  })
})
