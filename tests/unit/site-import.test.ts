import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cleanImportedHtml } from '~/services/site-import/clean-html.server.ts'
import { ImportFileError, MAX_IMPORT_BYTES, parseExport } from '~/services/site-import/parse.server.ts'

const wxr = fs.readFileSync('tests/fixtures/wordpress/export.xml', 'utf8')
const ghost = fs.readFileSync('tests/fixtures/ghost/export.json', 'utf8')
/** The elements the blog editor (app/components/admin/editor/extensions.ts) keeps. */
const EDITOR_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
  'a',
  'strong',
  'em',
  'u',
  's',
  'code',
  'pre',
  'hr',
  'br',
])
/** Elements of `html` the editor would not keep. */
const foreignTags = (html: string) => [...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]!).filter((t) => !EDITOR_TAGS.has(t))

describe('the WordPress export (WXR by a real WordPress 6.1)', () => {
  const site = parseExport(wxr)

  it('reads published, draft and scheduled posts with their dates, category, tags, excerpt and author', () => {
    expect(site.source).toBe('wordpress')
    expect(site.posts.map((p) => [p.title, p.status, p.date])).toEqual([
      ['Hello world!', 'published', '2026-11-25'],
      ['We moved to the harbour', 'published', '2026-10-02'],
      ['Ten years of websites', 'published', '2026-09-15'],
      ['Unfinished thoughts on colour', 'draft', '2026-10-05'],
      ['Our winter opening hours', 'scheduled', '2030-12-01'],
    ])
    const moved = site.posts[1]!
    expect(moved).toMatchObject({
      slug: 'we-moved-to-the-harbour',
      category: 'Design',
      tags: ['harbour', 'studio'],
      excerpt: 'Our studio has a new home by the water.',
      author: 'Jane Writer',
    })
    expect(moved.coverUrl).toBe('http://old.example/wp-content/uploads/2026/10/harbour.jpg')
    expect(moved.coverAlt).toBe('A blue harbour at dawn')
    expect(moved.oldPaths).toEqual(['/?p=6', '/we-moved-to-the-harbour', '/2026/10/02/we-moved-to-the-harbour'])
    expect(site.posts[4]!.publishAt).toBe('2030-12-01T08:00:00.000Z')
  })

  it('turns Gutenberg blocks into the HTML the editor keeps: no comments, classes or figures', () => {
    const html = site.posts[1]!.html
    expect(html).not.toContain('wp:')
    expect(html).not.toContain('class=')
    expect(foreignTags(html)).toEqual([])
    expect(html).toContain('<h2>What changed</h2><ul><li>More light</li><li>A bigger table</li></ul>')
    expect(html).toContain('<img src="http://old.example/wp-content/uploads/2026/10/workshop.jpg" alt="Our workshop table"')
    expect(html).toContain('<p><em>The new workshop</em></p>')
    expect(html).toContain('<blockquote><p>Good work needs good light.</p><p>— A client</p></blockquote>')
    expect(html).toContain('<ol><li>Paint the walls</li><li>Open the doors</li></ol>')
    // A link to the old site's own post becomes its old path, which redirects.
    expect(site.posts[2]!.html).toContain('href="/2026/10/02/we-moved-to-the-harbour/"')
  })

  it('reports pages and comments as skipped, with the reason', () => {
    expect(site.skipped.map((s) => [s.kind, s.title])).toEqual([
      ['comments', 'Hello world!'],
      ['page', 'Sample Page'],
      ['page', 'Privacy Policy'],
    ])
    expect(site.skipped[1]!.reason).toContain('pages are not imported')
  })
})

describe('the Ghost export (version 5)', () => {
  const site = parseExport(ghost)

  it('reads posts with html, tags, author, cover and status; skips pages', () => {
    expect(site.source).toBe('ghost')
    expect(site.posts.map((p) => [p.title, p.status, p.date, p.category, p.author])).toEqual([
      ['Designing for the sea', 'published', '2026-10-10', 'Design', 'Sam Harbour'],
      ['A note we have not finished', 'draft', '2026-10-12', '', 'Sam Harbour'],
    ])
    const sea = site.posts[0]!
    expect(sea).toMatchObject({
      tags: ['Coast'],
      coverUrl: '/content/images/2026/10/sea.jpg',
      coverAlt: 'Waves on a grey sea',
      oldPaths: ['/designing-for-the-sea'],
      excerpt: 'How the coast colours our work.',
    })
    expect(sea.html).toContain('<img src="/content/images/2026/10/desk.jpg" alt="A drawing desk"')
    expect(sea.html).toContain('<p><em>Where the palette is drawn</em></p>')
    expect(foreignTags(sea.html)).toEqual([])
    expect(site.skipped).toEqual([expect.objectContaining({ kind: 'page', title: 'About us' })])
  })
})

describe('a bad file', () => {
  const refused = (content: string | Buffer) => {
    try {
      parseExport(content)
    } catch (err) {
      expect(err).toBeInstanceOf(ImportFileError)
      return (err as Error).message
    }
    throw new Error('accepted')
  }

  it('names what is wrong', () => {
    expect(refused('just some text')).toContain('neither XML (a WordPress export) nor JSON')
    expect(refused('<rss><channel><item>')).toContain('not valid XML')
    expect(refused('<?xml version="1.0"?><html><body>hi</body></html>')).toContain('not a WordPress export (WXR)')
    expect(refused('{"posts": []}')).toContain('not a Ghost export')
    expect(refused(Buffer.alloc(MAX_IMPORT_BYTES + 1, 32))).toMatch(/is 50 MB: exports up to 50 MB/)
    const untitled = wxr.replace('<title><![CDATA[Ten years of websites]]></title>', '<title></title>')
    expect(refused(untitled)).toBe('Post #7 in the file has no title: give it one in WordPress and export again.')
  })

  it('refuses a file that declares entities before reading them, wherever its DOCTYPE is (issue 33)', () => {
    const withDoctype = (doctype: string) =>
      wxr.replace('?>', `?>${doctype}`).replace('<title>Old Agency Blog</title>', '<title>&xxe;</title>')
    const files = [
      // An external entity naming a file (XXE): the parser threw a plain Error, a 500.
      withDoctype('<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
      // An internal one was expanded.
      withDoctype('<!DOCTYPE rss [<!ENTITY xxe "expanded">]>'),
      withDoctype('<!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY xxe "&lol;&lol;&lol;&lol;">]>'),
      withDoctype(
        '<!DOCTYPE rss PUBLIC "-//x//EN" "http://old.example/x.dtd" [<!ENTITY % remote SYSTEM "http://old.example/x.ent"> %remote;]>',
      ),
      withDoctype('<!DOCTYPE rss [<!-- ]> --><!ATTLIST rss x CDATA "a]>"><!ENTITY xxe SYSTEM "file:///etc/hostname">]>'),
      // A DOCTYPE inside the document is read by the parser too.
      wxr.replace('<channel>', '<channel><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
    ]
    for (const file of files)
      expect(refused(file)).toBe(
        'This file declares entities, which are not read. A WordPress export declares none: export the site again from WordPress (Tools > Export).',
      )
  })

  it('reads a DOCTYPE without entities, and a post that quotes one in its text', () => {
    expect(parseExport(wxr.replace('?>', '?><!DOCTYPE rss SYSTEM "http://old.example/rss.dtd">')).posts).toHaveLength(5)
    const quoting = wxr.replace(
      '<![CDATA[<!-- wp:paragraph -->',
      '<![CDATA[<p>Write <code>&lt;!DOCTYPE</code> like this: <!DOCTYPE x [<!ENTITY y SYSTEM "file:///etc/passwd">]></p><!-- wp:paragraph -->',
    )
    expect(quoting).not.toBe(wxr)
    expect(parseExport(quoting).posts).toHaveLength(5)
  })
})

describe('cleanImportedHtml', () => {
  it("keeps classic posts' paragraphs and drops wrappers, styles and scripts", () => {
    expect(cleanImportedHtml('First line\n\nSecond <b>bold</b>')).toBe('<p>First line</p><p>Second <strong>bold</strong></p>')
    expect(cleanImportedHtml('<div class="x"><p style="color:red">Hi<script>alert(1)</script></p></div>')).toBe('<p>Hi</p>')
  })
})
