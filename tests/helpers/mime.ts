import net from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One leaf part of a MIME message: its headers (names in lower case, folded lines joined) and its decoded bytes. */
export type MimePart = { headers: Record<string, string>; body: Buffer }

function splitHead(text: string): [Record<string, string>, string] {
  const at = text.search(/\r?\n\r?\n/)
  const head = at < 0 ? text : text.slice(0, at)
  const rest = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return [headers, rest]
}

/**
 * The leaf parts of a raw mail as an SMTP server received it, multipart nesting walked, base64
 * and quoted-printable decoded. Enough of RFC 2045/2046 to read what nodemailer writes.
 */
export function mimeParts(raw: string): MimePart[] {
  const [headers, body] = splitHead(raw)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    return sections.filter((s) => !s.startsWith('--')).flatMap((s) => mimeParts(s.replace(/^\r?\n/, '')))
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          )
        : Buffer.from(body, 'latin1')
  return [{ headers, body: decoded }]
}

/** A header's text with its RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) decoded. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
}

/** A raw mail's subject as its reader sees it (unfolded, encoded words decoded). */
export function subjectOf(raw: string): string {
  return decodeWords(splitHead(raw)[0].subject ?? '')
}

/** The file name a part is attached under (Content-Disposition: attachment), or undefined. */
export function attachmentName(part: MimePart): string | undefined {
  const disposition = part.headers['content-disposition'] ?? ''
  if (!/^attachment/i.test(disposition)) return undefined
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]
}

type RecordedMail = { to: string[]; raw: string }

/**
 * A real SMTP server on loopback that keeps every mail it accepts: the envelope's recipients and
 * the raw message. `mail(matches)` resolves with the first kept mail that matches, now or when it
 * arrives (the test's time limit catches one that never does).
 */
export async function startRecordingSmtp() {
  const mails: RecordedMail[] = []
  const waiting: { matches: (m: RecordedMail) => boolean; resolve: (m: RecordedMail) => void }[] = []
  const keep = (m: RecordedMail) => {
    mails.push(m)
    for (const w of waiting.filter((w) => w.matches(m))) {
      waiting.splice(waiting.indexOf(w), 1)
      w.resolve(m)
    }
  }
  const mail = (matches: (m: RecordedMail) => boolean) =>
    new Promise<RecordedMail>((resolve) => {
      const kept = mails.find(matches)
      if (kept) resolve(kept)
      else waiting.push({ matches, resolve })
    })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The limit an ordinary mail server sets (25 MB): the outbox's 5 MB of files, encoded, fit.
    size: 25 * 1024 * 1024,
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        keep({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') })
        done()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as net.AddressInfo
  return { mails, mail, port, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}
