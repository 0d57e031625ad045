/** Title and robots rule for every back-office page (child meta replaces the layout's). */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin Panel` }, { name: 'robots', content: 'noindex, nofollow' }]
}
