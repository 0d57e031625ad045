// Reads a V8 .cpuprofile (node --cpu-prof) and ranks functions by self time and total time (with
// what they call), and self time by package. Used by bench/profile.js.
import path from 'node:path'

/** Where a script URL belongs: an npm package, our server bundle, Node itself or V8. */
function owner(url) {
  if (!url) return '(V8 / native)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (/\/server\/(index\.js$|assets\/)/.test(url)) return 'our server bundle (app/, server/)'
  if (url.startsWith('node:')) return 'Node.js'
  return path.basename(url)
}

const short = (url) =>
  url
    ? url
        .replace(/^file:\/\//, '')
        .replace(/.*node_modules\//, '')
        .replace(/.*\/(server\/(index\.js|assets\/.*))$/, 'build/$1')
    : ''

/** Self and total time per function, and self time per package, from a .cpuprofile. */
export function summarise(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const key = (n) =>
    `${n.callFrame.functionName || '(anonymous)'}  ${short(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`
  const self = new Map()
  const total = new Map()
  const byOwner = new Map()
  let all = 0
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0
    all += dt
    const leaf = byId.get(id)
    self.set(key(leaf), (self.get(key(leaf)) ?? 0) + dt)
    const o = leaf.callFrame.url ? owner(leaf.callFrame.url) : leaf.callFrame.functionName || '(V8 / native)'
    byOwner.set(o, (byOwner.get(o) ?? 0) + dt)
    // Each function once per sample, however deep it recurses.
    const seen = new Set()
    for (let n = leaf; n; n = byId.get(parent.get(n.id))) {
      const k = key(n)
      if (seen.has(k)) continue
      seen.add(k)
      total.set(k, (total.get(k) ?? 0) + dt)
    }
  })
  const idle = self.get('(idle)  ') ?? 0
  const busy = all - idle
  const pct = (us) => `${((us / busy) * 100).toFixed(1)}%`
  const rank = (m) =>
    [...m]
      .filter(([k]) => !/^\((idle|root|program)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
  return {
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    self: rank(self).map(([k, us]) => [k, pct(us)]),
    total: rank(total).map(([k, us]) => [k, pct(us)]),
    // Our own code (the server bundle) by total time: where our part of a render goes.
    ours: rank(new Map([...total].filter(([k]) => k.includes('build/server/')))).map(([k, us]) => [k, pct(us)]),
    owners: [...byOwner]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, us]) => [k, pct(us)]),
  }
}

export function toMarkdown(s) {
  const table = (title, rows) =>
    [`| ${title} | share of busy CPU |`, '|---|---:|', ...rows.map(([k, v]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${v} |`)].join('\n')
  return [
    table('self time: function', s.self),
    table('total time (with what it calls): function', s.total),
    table('total time: our own functions (app/, server/)', s.ours),
    table('self time by package', s.owners),
  ].join('\n\n')
}
