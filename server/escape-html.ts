/** Text for a hand-written HTML page (the maintenance and refusal pages that React does not draw). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
