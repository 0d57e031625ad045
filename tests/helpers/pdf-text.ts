/** The text a person reads in a PDF pdfkit wrote (each line as hex strings in a TJ array; compress is off). */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = []
  for (const m of pdf.toString('latin1').matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/g)) {
    lines.push(Buffer.from([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]).join(''), 'hex').toString('latin1'))
  }
  return lines.join('')
}
