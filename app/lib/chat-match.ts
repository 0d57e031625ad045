/**
 * Answers a typed question from the chat's topics (issue 35 section 4): the words of the question,
 * spelled loosely, against each topic's title, everyday words and answer, weighed by how rare each
 * word is among the topics. General rules only: no question's text is written here
 * (docs/decisions/065). The FAQ page's search (./faq-search.ts) is tried first: a phrase the site
 * says word for word is the best match there is.
 */

import { MAX_QUESTION_LENGTH } from './chat.ts'
import { searchFaqs } from './faq-search.ts'
import type { ChatTopic } from '~/content/chat-topics.ts'

/** Words that carry no topic: greetings, pronouns, the grammar of a question. */
const STOP = new Set(
  `a an the and or but if so to of in on at by for from with about as into than then this that these those it its
  i im ive id me my mine we us our you u your ur yours he she they them their he's it's
  is am are was were be been being do does did done doing have has had having can could would should will shall may might must
  what whats which who whom whose how hows when where why there here
  hi hello hey hiya thanks thank please pls plz ok okay yes no not dont just really also too very any some
  get got go going want wanted like would know tell need let make made much many more most
  site website websites web page pages`.split(/\s+/),
)

/** Everyday spellings of one idea, read as that idea (vocabulary, not questions). */
const SAME: readonly (readonly string[])[] = [
  [
    'price',
    'cost',
    'costs',
    'pricing',
    'prices',
    'priced',
    'fee',
    'fees',
    'charge',
    'charges',
    'rate',
    'rates',
    'quote',
    'expensive',
    'cheap',
    'cheapest',
    'afford',
    'affordable',
    'budget',
    'dollar',
    'dollars',
  ],
  [
    'store',
    'shop',
    'shops',
    'ecommerce',
    'commerce',
    'eshop',
    'webshop',
    'sell',
    'selling',
    'order',
    'orders',
    'cart',
    'checkout',
    'products',
    'product',
  ],
  ['time', 'long', 'days', 'day', 'weeks', 'week', 'turnaround', 'timeline', 'timeframe'],
  ['fast', 'faster', 'quick', 'quicker', 'quickly', 'sooner', 'soon', 'hurry', 'rush', 'urgent', 'urgently', 'express', 'asap', 'expedite'],
  ['host', 'hosting', 'hosted', 'server', 'servers'],
  ['talk', 'speak', 'call', 'chat', 'human', 'person', 'someone', 'somebody', 'representative', 'agent'],
  ['phone', 'telephone', 'number'],
  ['refund', 'refunds', 'guarantee', 'money'],
  ['happy', 'unhappy', 'satisfied', 'dissatisfied'],
  ['app', 'apps', 'application', 'applications', 'software', 'platform', 'portal', 'system'],
  ['examples', 'example', 'portfolio', 'samples', 'sample', 'previous', 'past', 'work'],
  ['ads', 'advertising', 'adverts', 'advertise', 'marketing', 'campaign', 'campaigns', 'promote', 'promotion'],
  ['hours', 'open', 'opening', 'closed', 'weekend', 'saturday', 'sunday', 'available', 'availability'],
  ['chatbot', 'bot', 'assistant', 'ai'],
  ['booking', 'book', 'appointment', 'appointments', 'reservation', 'reservations', 'reserve', 'schedule', 'scheduling'],
  ['pay', 'paying', 'payment', 'payments', 'upfront', 'deposit', 'installments', 'instalments', 'invoice'],
  ['update', 'edit', 'change', 'changes', 'modify', 'revisions', 'revision', 'tweak', 'tweaks'],
  ['secure', 'security', 'safe', 'ssl', 'https', 'hacked', 'hack'],
  ['down', 'broken', 'breaks', 'break', 'crash', 'crashes', 'offline', 'outage'],
  ['seo', 'google', 'ranking', 'rankings', 'rank', 'search'],
  ['located', 'location', 'based', 'where', 'office', 'offices', 'address'],
  ['start', 'started', 'begin', 'starting', 'hire'],
  [
    'restaurant',
    'restaurants',
    'cafe',
    'bakery',
    'shops',
    'clinic',
    'clinics',
    'salon',
    'gym',
    'gyms',
    'industry',
    'industries',
    'businesses',
  ],
]

/** A word's idea: the first spelling of its group in SAME, else the word itself. */
const IDEA = new Map<string, string>()
for (const group of SAME) for (const w of group) if (!IDEA.has(w)) IDEA.set(w, group[0])

/** Lower case, apostrophes dropped ("what's" -> "whats"), anything else not a letter or digit a space. */
function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’'`]/g, '')
      .replace(/e-commerce/g, 'ecommerce')
      // "How much" asks a price, though neither word names one.
      .replace(/\bhow much\b/g, 'how much price')
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  )
}

/** A crude stem: plural and verb endings off, so "updates", "updated" and "updating" meet. */
function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3)
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2)
  if (w.length > 4 && w.endsWith('es') && /(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1)
  return w
}

/** A word as the matcher compares it: its idea if it has one, else its stem. */
function term(w: string): string {
  return IDEA.get(w) ?? IDEA.get(stem(w)) ?? stem(w)
}

/** The terms of a text, stop words left out. */
function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w))
    .map(term)
}

/** Edits (insert, delete, change, swap two neighbours) from a to b, or more than `max` as max + 1. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
      rowMin = Math.min(rowMin, d[i][j])
    }
    if (rowMin > max) return max + 1
  }
  return d[a.length][b.length]
}

/** Field weights: a word of the title or the everyday words counts more than one of the answer. */
const WEIGHT = { title: 3, words: 3, answer: 1 } as const

type Indexed = { topic: ChatTopic; fields: { title: Set<string>; words: Set<string>; answer: Set<string> } }

export interface ChatIndex {
  topics: Indexed[]
  /** How rare each term is among the topics (log-scaled: found in one topic scores highest). */
  rarity: Map<string, number>
  /** Every word a topic or SAME knows, for reading a misspelt word. */
  known: string[]
}

export function indexTopics(topics: readonly ChatTopic[]): ChatIndex {
  const indexed = topics.map((topic) => ({
    topic,
    fields: { title: new Set(terms(topic.title)), words: new Set(terms(topic.words)), answer: new Set(terms(topic.answer)) },
  }))
  const df = new Map<string, number>()
  for (const t of indexed)
    for (const x of new Set([...t.fields.title, ...t.fields.words, ...t.fields.answer])) df.set(x, (df.get(x) ?? 0) + 1)
  const rarity = new Map([...df].map(([x, n]) => [x, Math.log(1 + topics.length / n)]))
  const known = new Set<string>(IDEA.keys())
  for (const t of topics) for (const w of words(`${t.title} ${t.words} ${t.answer}`)) if (w.length >= 4) known.add(w)
  return { topics: indexed, rarity, known: [...known] }
}

/** A typed word the topics do not know, read as the known word one slip away (two for long words). */
function spellCheck(w: string, index: ChatIndex): string {
  if (STOP.has(w) || w.length < 4 || index.rarity.has(term(w))) return w
  const max = w.length >= 7 ? 2 : 1
  let best = w
  let bestD = max + 1
  for (const k of index.known) {
    // A word cut short ("websit", "ecommer") is read as the word it starts.
    const d = w.length >= 5 && k.startsWith(w) ? 0.5 : distance(w, k, max)
    if (d < bestD) {
      bestD = d
      best = k
    }
  }
  return best
}

export interface ChatMatch {
  topic: ChatTopic
  score: number
}

/** A topic must score at least this to be an answer: one rare word in its title or everyday words. */
const MIN_SCORE = 3

/**
 * The topics that answer a typed question, best first (at most `limit`); empty when nothing does.
 * Runners-up are kept only when they score at least half the best.
 */
export function matchQuestion(index: ChatIndex, question: string, limit = 3): ChatMatch[] {
  const text = question.slice(0, MAX_QUESTION_LENGTH)
  const typed = words(text).map((w) => spellCheck(w, index))
  const asked = [...new Set(typed.filter((w) => !STOP.has(w)).map(term))]
  if (asked.length === 0) return []
  // A phrase of the site found word for word (the FAQ page's search) adds a little.
  const phrase = typed.join(' ')
  const literal = new Set(
    phrase.length >= 6
      ? searchFaqs(
          index.topics.map((t) => ({ question: t.topic.title, answer: t.topic.answer, category: t.topic.words, id: t.topic.id })),
          phrase,
        ).map((f) => f.id)
      : [],
  )
  const scored = index.topics.map(({ topic, fields }) => {
    let score = literal.has(topic.id) ? 2 : 0
    for (const x of asked) {
      const w = fields.title.has(x) || fields.words.has(x) ? WEIGHT.title : fields.answer.has(x) ? WEIGHT.answer : 0
      score += w * (index.rarity.get(x) ?? 0)
    }
    return { topic, score }
  })
  scored.sort((a, b) => b.score - a.score)
  const best = scored[0]
  if (!best || best.score < MIN_SCORE) return []
  return scored.filter((s) => s.score >= best.score / 2).slice(0, limit)
}
