import { NotFoundError } from '~/infra/errors.server.ts'

/**
 * A client's PDF from a proposal link (/p/<token>/…), answered as a download that no cache or
 * search engine keeps; an unknown or withdrawn link is a plain 404.
 */
export async function privatePdf(make: () => Promise<{ pdf: Buffer | Uint8Array; filename: string }>): Promise<Response> {
  try {
    const { pdf, filename } = await make()
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex, nofollow',
      },
    })
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new Response('Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
      })
    throw err
  }
}
