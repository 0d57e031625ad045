import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { SAMPLE_POSTS } from '../../app/db/seed-data.ts'
import { sanitizeBlogHtml } from '../../app/infra/sanitize.server.ts'
import { ADMIN, apiWrite, expectNoAxeViolations, login, uid } from './admin-helpers.ts'

/**
 * How two versions of a post are compared: sanitized (as every page shows it), without the
 * whitespace between tags, each tag's attributes in one order.
 */
const normalize = (html: string) =>
  sanitizeBlogHtml(html)
    .replace(/>\s+</g, '><')
    .replace(
      /<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")+)(\s*\/?)>/g,
      (_, tag: string, attrs: string, end: string) =>
        `<${tag} ${attrs
          .trim()
          .split(/\s+(?=[a-z-]+=")/)
          .sort()
          .join(' ')}${end}>`,
    )
    .trim()

const content = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true })
const hiddenContent = (page: Page) => page.locator('input[type="hidden"][name="content"]')
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' })
const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true })

async function postId(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`/api/blogs?q=${encodeURIComponent(title)}`)
  const posts = (await res.json()) as { id: number; title: string }[]
  const post = posts.find((p) => p.title === title)
  expect(post, `post "${title}"`).toBeTruthy()
  return post!.id
}

/** Opens a post in the admin editor and waits for the visual editor to run. */
async function openEditor(page: Page, id: number) {
  await page.goto(`${ADMIN}/blogs/edit/${id}`)
  await expect(content(page)).toBeVisible({ timeout: 15_000 })
}

async function newPost(page: Page, html = '') {
  await page.goto(`${ADMIN}/blogs/new`)
  await expect(content(page)).toBeVisible({ timeout: 15_000 })
  if (html) {
    await tool(page, 'HTML source').click()
    await page.getByLabel('HTML source').fill(html)
    await tool(page, 'HTML source').click()
    await expect(content(page)).toBeVisible()
  }
}

/** A PNG made on the fly. */
const png = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer()

/** Dispatches a paste or a drop of one picture file on the editor, as the browser does. */
async function sendFile(target: Locator, kind: 'paste' | 'drop', bytes: Buffer) {
  await target.evaluate(
    (el, { kind, data }) => {
      const file = new File([new Uint8Array(data)], 'photo.png', { type: 'image/png' })
      const transfer = new DataTransfer()
      transfer.items.add(file)
      const box = el.getBoundingClientRect()
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
          : new DragEvent('drop', {
              dataTransfer: transfer,
              bubbles: true,
              cancelable: true,
              clientX: box.left + 20,
              clientY: box.top + 20,
            })
      el.dispatchEvent(event)
    },
    { kind, data: [...bytes] },
  )
}

test.beforeEach(async ({ page }) => {
  // Long walks through a heavy admin page, with axe scans, on a shared slow machine.
  test.setTimeout(120_000)
  await login(page)
})

test('every sample post opens in the editor and comes out with all its markup', async ({ page }) => {
  test.setTimeout(240_000)
  for (const post of SAMPLE_POSTS) {
    await openEditor(page, await postId(page, post.title))
    // What the editor shows: the post's headings, quotes, lists and links.
    const box = content(page)
    for (const tag of ['h2', 'blockquote', 'ul', 'a', 'strong']) {
      const expected = (post.content.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length
      await expect(box.locator(tag), `${post.title}: <${tag}>`).toHaveCount(expected)
    }
    // An edit makes the form carry the editor's own HTML: type a marker at the end, take it out again.
    await box.click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.type('QQEND')
    await expect(hiddenContent(page)).toHaveValue(/QQEND/)
    const written = (await hiddenContent(page).inputValue()).replace('<p>QQEND</p>', '').replace('QQEND', '')
    expect(normalize(written), post.title).toBe(normalize(post.content))
  }
})

test('a post saved from the editor keeps its markup on the server', async ({ page }) => {
  const sample = SAMPLE_POSTS.find((p) => p.content.includes('<a ') && p.content.includes('<blockquote>'))!
  const title = `Round trip ${uid()}`
  const { id } = (await apiWrite(page, 'POST', '/api/blogs', { ...sample, title, status: 'draft' })) as { id: number }
  await openEditor(page, id)
  await content(page).click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type(' QQSAVED')
  await expect(hiddenContent(page)).toHaveValue(/QQSAVED/)
  await page
    .getByRole('button', { name: /^(Update|Save)/ })
    .first()
    .click()
  await expect
    .poll(async () => ((await (await page.request.get(`/api/blogs/${id}`)).json()) as { content: string }).content, { timeout: 15_000 })
    .toContain('QQSAVED')
  const saved = ((await (await page.request.get(`/api/blogs/${id}`)).json()) as { content: string }).content
  expect(normalize(saved.replace(' QQSAVED', ''))).toBe(normalize(sample.content))
  await apiWrite(page, 'DELETE', `/api/blogs/${id}`)
})

test('the toolbar: one tab stop, arrow keys, pressed states, and controls that exist in both views', async ({ page }) => {
  await newPost(page)
  const bar = toolbar(page)
  // One tab stop: Tab from the excerpt lands on the first tool, the next Tab in the text.
  await page.getByLabel('Excerpt').focus()
  await page.keyboard.press('Tab')
  await expect(tool(page, 'Heading 2')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tool(page, 'Heading 3')).toBeFocused()
  await page.keyboard.press('End')
  await expect(tool(page, 'HTML source')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tool(page, 'Heading 2')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tool(page, 'HTML source')).toBeFocused()
  await page.keyboard.press('Home')
  await expect(tool(page, 'Heading 2')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(bar.locator('button[tabindex="0"]')).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(content(page)).toBeFocused()
  // Back with Shift+Tab: the tool used last keeps the tab stop.
  await page.keyboard.press('Shift+Tab')
  await expect(tool(page, 'Heading 3')).toBeFocused()

  // The content box: labelled, required, and its aria-controls target exists.
  const box = content(page)
  await expect(box).toHaveAttribute('aria-required', 'true')
  const controls = await bar.getAttribute('aria-controls')
  await expect(page.locator(`#${controls}`)).toBeVisible()
  await expect(page.locator(`#${controls}`)).toHaveAttribute('role', 'textbox')

  // aria-pressed follows the text under the caret.
  await box.click()
  await page.keyboard.type('A title')
  await page.keyboard.press('ControlOrMeta+Alt+2')
  await expect(box.locator('h2')).toHaveText('A title')
  await expect(tool(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'true')
  await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Enter')
  await expect(tool(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.type('strong')
  await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'true')
  await tool(page, 'Bold').click()
  await page.keyboard.type(' plain')
  await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'false')
  await tool(page, 'Italic').click()
  await page.keyboard.type(' slanted')
  await expect(tool(page, 'Italic')).toHaveAttribute('aria-pressed', 'true')
  await tool(page, 'Italic').click()
  await page.keyboard.press('Enter')
  await tool(page, 'Bulleted list').click()
  await page.keyboard.type('one')
  await expect(tool(page, 'Bulleted list')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await tool(page, 'Quote').click()
  await page.keyboard.type('Said well')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await tool(page, 'Code block').click()
  await page.keyboard.type('npm test')
  await expect(hiddenContent(page)).toHaveValue(
    '<h2>A title</h2><p><strong>strong</strong> plain<em> slanted</em></p><ul><li>one</li></ul><blockquote>Said well</blockquote><pre><code>npm test</code></pre>',
  )
  // What the editor writes passes the sanitizer unchanged.
  const html = await hiddenContent(page).inputValue()
  expect(normalize(html)).toBe(html)
  await expectNoAxeViolations(page)

  // HTML source: the toolbar now controls the textarea, which exists and is required too.
  await tool(page, 'HTML source').click()
  await expect(tool(page, 'HTML source')).toHaveAttribute('aria-pressed', 'true')
  await expect(tool(page, 'Bold')).toHaveAttribute('aria-disabled', 'true')
  const source = page.getByLabel('HTML source')
  await expect(source).toHaveValue(html)
  await expect(page.locator(`#${await bar.getAttribute('aria-controls')}`)).toHaveJSProperty('tagName', 'TEXTAREA')
  await expect(source).toHaveAttribute('aria-required', 'true')
  await expectNoAxeViolations(page)
  await source.fill('<p>Edited <em>here</em></p>')
  await tool(page, 'HTML source').click()
  await expect(box.locator('em')).toHaveText('here')
  await expect(hiddenContent(page)).toHaveValue('<p>Edited <em>here</em></p>')
  // What the old execCommand editor wrote (<div> blocks) comes back as paragraphs.
  await tool(page, 'HTML source').click()
  await page.getByLabel('HTML source').fill('<div>Old one</div><div><b>Old</b> two</div>')
  await tool(page, 'HTML source').click()
  await expect(hiddenContent(page)).toHaveValue('<p>Old one</p><p><strong>Old</strong> two</p>')
})

test('a failed save marks the content box invalid and points it at its message', async ({ page }) => {
  await newPost(page)
  await page.getByLabel(/^Title/).fill(`Empty ${uid()}`)
  await page.getByRole('button', { name: /^Save/ }).first().click()
  const box = content(page)
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  const described = await box.getAttribute('aria-describedby')
  expect(described).toBeTruthy()
  await expect(page.locator(`[id="${described!.split(' ').pop()}"]`)).toBeVisible()
})

test('links are made in a small form, not a prompt', async ({ page }) => {
  // No window.prompt any more.
  const prompts: string[] = []
  page.on('dialog', (d) => {
    prompts.push(d.type())
    void d.dismiss()
  })
  await newPost(page)
  const box = content(page)
  await box.click()
  await page.keyboard.type('Read our pricing')
  await page.keyboard.press('Shift+ArrowLeft')
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft')
  await tool(page, 'Link').click()
  const form = page.getByRole('dialog', { name: 'Link' })
  const address = form.getByLabel('Link address')
  await expect(address).toBeFocused()
  await expect(tool(page, 'Link')).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)
  // A script address is refused beside the field.
  await address.fill('javascript:alert(1)')
  await address.press('Enter')
  await expect(form.getByText('Use an address starting with https://, mailto: or / (a page of this site).')).toBeVisible()
  await expect(address).toHaveAttribute('aria-invalid', 'true')
  await address.fill('/pricing')
  await address.press('Enter')
  await expect(form).toBeHidden()
  await expect(box.getByRole('link', { name: 'pricing' })).toHaveAttribute('href', '/pricing')
  await expect(hiddenContent(page)).toHaveValue('<p>Read our <a href="/pricing">pricing</a></p>')
  await expect(box).toBeFocused()

  // With the caret in the link (Ctrl+K): its address, Open and Remove; a bare domain becomes https.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ControlOrMeta+k')
  await expect(address).toHaveValue('/pricing')
  await expect(form.getByRole('link', { name: 'Open link (opens in a new tab)' })).toHaveAttribute('href', '/pricing')
  await address.fill('example.com/prices')
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(box.getByRole('link', { name: 'pricing' })).toHaveAttribute('href', 'https://example.com/prices')
  await expect(box).toBeFocused()
  await page.keyboard.press('ControlOrMeta+k')
  await expect(address).toBeFocused()
  // Escape closes without a change and gives the focus back.
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(box).toBeFocused()
  await page.keyboard.press('ControlOrMeta+k')
  await form.getByRole('button', { name: 'Remove link' }).click()
  await expect(box.getByRole('link')).toHaveCount(0)
  await expect(hiddenContent(page)).toHaveValue('<p>Read our pricing</p>')
  expect(prompts).toEqual([])
})

test('a picture goes in only with alt text or marked decorative: toolbar, paste and drop', async ({ page }) => {
  await newPost(page)
  const box = content(page)
  await box.click()
  await page.keyboard.type('Before the picture')

  // Toolbar: a file picker in a dialog; nothing is inserted until both questions are answered.
  await tool(page, 'Insert image').click()
  const dialog = page.getByRole('dialog', { name: 'Insert image' })
  await expect(dialog.getByLabel('Image file')).toBeFocused()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Insert image' }).click()
  await expect(dialog.getByText('Choose an image file.')).toBeVisible()
  await expect(dialog.getByLabel('Image file')).toBeFocused()
  await dialog.getByLabel('Image file').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await png('#1d4ed8') })
  await dialog.getByRole('button', { name: 'Insert image' }).click()
  await expect(dialog.getByText('Describe the image, or mark it as decorative.')).toBeVisible()
  await expect(dialog.getByLabel('Alt text')).toBeFocused()
  await expect(box.locator('img')).toHaveCount(0)
  await dialog.getByLabel('Alt text').fill('The shop front at night')
  await dialog.getByRole('button', { name: 'Insert image' }).click()
  await expect(dialog).toBeHidden({ timeout: 20_000 })
  const first = box.getByRole('img', { name: 'The shop front at night' })
  await expect(first).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/)
  await expect(hiddenContent(page)).toHaveValue(/<img src="\/uploads\/[a-f0-9]{32}\.webp" alt="The shop front at night">/)

  // Paste a picture: the same dialog, with the file already chosen; decorative gives alt="".
  await page.keyboard.press('ControlOrMeta+End')
  await sendFile(box, 'paste', await png('#047857'))
  const pasted = page.getByRole('dialog', { name: 'Insert image' })
  await expect(pasted.getByText('Chosen: photo.png.')).toBeVisible()
  await expect(pasted.getByLabel('Alt text')).toBeFocused()
  await pasted.getByLabel(/^Decorative/).check()
  await expect(pasted.getByLabel('Alt text')).toBeDisabled()
  await pasted.getByRole('button', { name: 'Insert image' }).click()
  await expect(pasted).toBeHidden({ timeout: 20_000 })
  await expect(box.locator('img[alt=""]')).toHaveCount(1)
  // The caret is after the new picture: typing goes on below it.
  await page.keyboard.type('After')
  await expect(hiddenContent(page)).toHaveValue(/<img src="\/uploads\/[a-f0-9]{32}\.webp" alt=""><p>After<\/p>$/)

  // Drop a picture, then cancel: nothing goes in.
  await sendFile(box, 'drop', await png('#b91c1c'))
  await expect(page.getByRole('dialog', { name: 'Insert image' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(box.locator('img')).toHaveCount(2)

  // Pasted HTML: a picture that says what it shows comes along, one without alt is left out.
  await box.evaluate((el) => {
    const transfer = new DataTransfer()
    transfer.setData(
      'text/html',
      '<p>From elsewhere</p><img src="/images/blog/mobile-first-design.svg" alt="A speed gauge"><img src="/images/blog/mobile-first-design.svg">',
    )
    transfer.setData('text/plain', 'From elsewhere')
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
  })
  await expect(box.getByText('From elsewhere')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Pictures without alt text were left out' })).toBeAttached()
  await expect(box.locator('img')).toHaveCount(3)
  await expect(box.getByRole('img', { name: 'A speed gauge' })).toBeVisible()

  // A picture in the text can be described again: select it, the tool becomes Describe image.
  await first.click()
  await tool(page, 'Describe image').click()
  const describe = page.getByRole('dialog', { name: 'Describe image' })
  await expect(describe.getByLabel('Alt text')).toHaveValue('The shop front at night')
  await expect(describe.getByLabel('Alt text')).toBeFocused()
  await describe.getByLabel('Alt text').fill('Our shop front, lit up at night')
  await describe.getByRole('button', { name: 'Save description' }).click()
  await expect(box.getByRole('img', { name: 'Our shop front, lit up at night' })).toBeVisible()
  const html = await hiddenContent(page).inputValue()
  expect(sanitizeBlogHtml(html)).toContain('alt="Our shop front, lit up at night"')
  expect(sanitizeBlogHtml(html)).toContain('alt=""')
})

test('HTML the visual editor cannot show is never dropped silently', async ({ page }) => {
  const table = '<p>Prices</p><table><tbody><tr><td>Basic</td><td>$500</td></tr></tbody></table>'
  // Typed in the source view: switching back is refused until the admin says so.
  await newPost(page)
  await tool(page, 'HTML source').click()
  await page.getByLabel('HTML source').fill(table)
  await tool(page, 'HTML source').click()
  const warning = page.getByRole('alert').filter({ hasText: 'visual editor' })
  await expect(warning).toContainText('The visual editor cannot show <table>')
  await expect(page.getByLabel('HTML source')).toHaveValue(table)
  await expect(hiddenContent(page)).toHaveValue(table)

  // A saved post with a table opens in the source view.
  const { id } = (await apiWrite(page, 'POST', '/api/blogs', {
    title: `Table ${uid()}`,
    subheading: 's',
    excerpt: 'e',
    content: table,
    category: 'SEO',
  })) as { id: number }
  await page.goto(`${ADMIN}/blogs/edit/${id}`)
  await expect(warning).toContainText('This post opens in HTML source')
  await expect(page.getByLabel('HTML source')).toHaveValue(table)
  await expect(tool(page, 'HTML source')).toHaveAttribute('aria-pressed', 'true')
  await expectNoAxeViolations(page)
  // Going on anyway keeps the words.
  await page.getByRole('button', { name: 'Switch to the visual editor anyway' }).click()
  await expect(content(page)).toContainText('Basic')
  await expect(hiddenContent(page)).not.toHaveValue(/<table>/)
  await apiWrite(page, 'DELETE', `/api/blogs/${id}`)
})

test('public pages load none of the editor', async ({ page, request }) => {
  /** The JavaScript a page's HTML asks for (module preloads and scripts), fetched and joined. */
  async function scriptsOf(path: string, get = request.get.bind(request)): Promise<string> {
    const html = await (await get(path)).text()
    // Module preloads, script sources and the inline module's imports alike.
    const all = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]!))]
    expect(all.length, `${path} loads scripts`).toBeGreaterThan(0)
    return (await Promise.all(all.map(async (u) => (await get(u)).text()))).join('\n')
  }
  const blog = SAMPLE_POSTS[0]!
  const id = await postId(page, blog.title)
  for (const path of ['/', '/blog', `/blog/${id}`]) {
    const js = await scriptsOf(path)
    expect(js, path).not.toMatch(/prosemirror|tiptap/i)
  }
  // The check would see it: the admin's editor page does load it.
  expect(await scriptsOf(`${ADMIN}/blogs/edit/${id}`, page.request.get.bind(page.request))).toMatch(/prosemirror/i)
})
