/** Link targets the blog accepts: web pages, mail, and paths on this site (what the sanitizer keeps as links). */
export function isAllowedHref(url: string): boolean {
  const href = url.trim()
  if (href.startsWith('//')) return false
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return /^(https?:\/\/\S+|mailto:\S+)$/i.test(href)
  return /^[/#]\S*$/.test(href)
}

/** "example.com/page" is meant as a web address; anything else is taken as typed. */
export function normalizeHref(input: string): string {
  const href = input.trim()
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]\S*)?$/i.test(href)) return `https://${href}`
  return href
}
