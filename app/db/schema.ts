import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { ActivityEntry } from '~/lib/activity.ts'

/** SQLite stores booleans as 0/1 and pg as true/false; models normalize with Boolean(). */
type Bool = ColumnType<number | boolean, number | boolean, number | boolean>
/** JSON arrays live in text columns; models parse and stringify at the boundary. */
type JsonText = string
/**
 * A column an insert may leave out is Kysely's Generated<T> (the table's DEFAULT fills it); a
 * nullable one an insert may leave out (it is then NULL) is Nullable<T>.
 */
type Nullable<T> = Generated<T | null>

export interface PortfolioItemTable {
  id: Generated<number>
  title: string
  description: string
  category: string
  image: string
  /** The cover's alt text; '' marks it decorative. */
  imageAlt: Generated<string>
  technologies: JsonText
  features: JsonText
  isLive: Bool
  liveUrl: string | null
  status: string
  createdAt: string
  updatedAt: string
  /** The case page's address, /portfolio/{slug} (unique; old ones kept in portfolio_slugs). */
  slug: string
  /** The case (issue 35 §5): texts '' when not written; results a JSON list of { figure, label }. */
  problem: Generated<string>
  solution: Generated<string>
  results: Generated<JsonText>
  quote: Generated<string>
  quoteAuthor: Generated<string>
  quoteRole: Generated<string>
  beforeText: Generated<string>
  afterText: Generated<string>
}

/** Every slug a project has had, current and old (like blog_slugs): an old address answers 301. */
export interface PortfolioSlugTable {
  slug: string
  projectId: number
  createdAt: string
}

export interface BlogPostTable {
  id: Generated<number>
  title: string
  subheading: string
  excerpt: string
  content: string
  category: string
  author: string
  status: string
  image: string
  /** The cover's alt text; '' marks it decorative. */
  imageAlt: Generated<string>
  readTime: string
  date: string
  views: Generated<number>
  createdAt: string
  updatedAt: string
  /** The post's address, /blog/{slug}; unique (docs/decisions/021). */
  slug: string
  /** When a `scheduled` post goes public (ISO UTC). */
  publishAt: Nullable<string>
  /** Tags from an imported post, a JSON array of names ('[]' for the site's own posts). */
  tags: Generated<string>
  /** The person who wrote the post (admin_users.id); null for the sample and imported posts, which keep `author` as text. */
  authorId: Nullable<number>
}

/** Every slug a post has had: an old address answers 301 to the post's current one. */
export interface BlogSlugTable {
  slug: string
  postId: number
  createdAt: string
}

/** A saved copy of a post (kind 'save', the last 50 kept) or its autosave (kind 'autosave', one at most). */
export interface BlogRevisionTable {
  id: Generated<number>
  postId: number
  kind: string
  title: string
  /** JSON of the editor's fields at that moment. */
  data: string
  createdAt: string
}

/** The visit that produced a lead (issue 25): its source, campaign, landing page, tools used first (comma list). */
interface VisitColumns {
  visitSource: Nullable<string>
  visitCampaign: Nullable<string>
  landingPath: Nullable<string>
  firstTools: Nullable<string>
}

export interface ProposalTable extends VisitColumns {
  id: Generated<number>
  name: string
  email: string
  phone: string | null
  businessType: string
  budget: string
  requirements: string
  status: string
  date: string
  /** Where the request started: 'estimator', 'builder' or null (the plain form). */
  source: Nullable<string>
  /** JSON of the estimate's choices or the builder's configuration, checked when stored. */
  sourceData: Nullable<string>
  /** The person the lead is assigned to (admin_users.id), or null. */
  assignedTo: Nullable<number>
  /** 'proposal' (sent with the form) or 'call' (started by a booked call): the desk's kind (issue 36). */
  kind: Generated<string>
  /** The estimate the request came with, in cents (null: none). */
  valueCents: Nullable<number>
  /** What happens next, in staff's words (triage). */
  nextStep: Nullable<string>
  /** When a staff member first opened the lead (null: unread). */
  openedAt: Nullable<string>
  /** The contact message this lead was made from, to write its proposal (issue 38, docs/decisions/075); null otherwise. */
  fromMessageId: Nullable<number>
}

/** An entry of a lead's timeline on the desk, a proposal's or a contact message's. */
interface DeskEventColumns {
  /** The note's or the reply's text; for a status change, null. */
  body: string | null
  fromStatus: string | null
  toStatus: string | null
  /** A reply's subject and recipient. */
  subject: string | null
  toAddress: string | null
  author: string
  createdAt: string
}

/** The lead desk's timeline of a proposal: the admin's notes, status changes and replies sent. */
export interface ProposalEventTable extends DeskEventColumns {
  id: Generated<number>
  proposalId: number
  /** 'note' | 'status' | 'reply' | 'question' */
  kind: string
}

/** A proposal document written for a lead (issue 38, docs/decisions/068-signed-proposals.md). */
export interface ProposalDocumentTable {
  id: Generated<number>
  proposalId: number
  title: string
  /** The editor's fields as JSON (app/lib/proposal-document.ts DocumentDraft). */
  draft: JsonText
  totalCents: number
  /** The last day it may be accepted (YYYY-MM-DD, the agency's zone). */
  validUntil: string
  state: string
  version: Generated<number>
  tokenHash: string | null
  sentAt: string | null
  firstViewedAt: string | null
  viewCount: Generated<number>
  decidedAt: string | null
  signerName: string | null
  signerConsent: Bool | null
  signedHash: string | null
  signerIp: string | null
  signerUserAgent: string | null
  declineReason: string | null
  createdBy: string
  createdAt: string
  updatedAt: string
}

/** A frozen version: its canonical content and that content's SHA-256. */
export interface ProposalDocumentVersionTable {
  id: Generated<number>
  documentId: number
  version: number
  content: string
  sha256: string
  createdAt: string
}

/** A proposal editor's save or autosave (issue 38: "autosave and revisions as for posts"). */
export interface ProposalDocumentRevisionTable {
  id: Generated<number>
  /** The lead: work is autosaved before the first save makes the document. */
  proposalId: number
  /** 'save' | 'autosave' */
  kind: string
  /** Who made it (null for a save from before revisions were kept); an autosave is theirs alone. */
  personId: number | null
  personName: string
  totalCents: number | null
  /** The version a save made (0 while a draft). */
  version: number | null
  /** A save: the draft as JSON (DocumentDraft); an autosave: the editor's fields as typed. */
  data: JsonText
  createdAt: string
}

/** The last number given, per series ('invoice'). */
export interface InvoiceCounterTable {
  key: string
  last: number
}

/** An invoice (issue 38: the deposit asked for when a proposal is accepted). */
export interface InvoiceTable {
  id: Generated<number>
  number: number
  documentId: number
  /** 'deposit' */
  kind: string
  /** What it is for: the payment step's words ('50% to start'). */
  label: string
  amountCents: number
  createdAt: string
}

/** A contact message's history on the desk: replies, status changes and assignments (as proposal_events). */
export interface ContactMessageEventTable extends DeskEventColumns {
  id: Generated<number>
  messageId: number
  /** 'note' | 'status' | 'reply' */
  kind: string
}

export interface SettingTable {
  key: string
  value: string
}

export interface AdminUserTable {
  id: Generated<number>
  username: string
  passwordHash: string
  createdAt: string
  updatedAt: string
  /** Encrypted TOTP secret (docs/decisions/019); set while two-step sign-in is on. */
  totpSecret: Nullable<string>
  totpEnabledAt: Nullable<string>
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: Nullable<number>
  /** 'owner' | 'administrator' | 'editor' | 'author' | 'sales' (app/lib/permissions.ts). */
  role: Generated<string>
  /** The name shown on posts and signed replies; '' shows the username. */
  displayName: Generated<string>
  email: Nullable<string>
  /** A picture's site path ('' for none). */
  picture: Generated<string>
  /** 'active' | 'suspended' | 'removed': only an active person's sessions and tokens work. */
  status: Generated<string>
  /** A one-time password from `npm run admin:create`: the person must choose their own first. */
  mustChangePassword: Generated<number | boolean>
  /** The zone this person reads the back office in (an IANA name); null: the agency's (settings.timeZone). */
  timeZone: Nullable<string>
}

/** An invitation to join the back office: a single-use link, valid 7 days, revocable. */
export interface InvitationTable {
  id: Generated<number>
  /** SHA-256 of the link's token. */
  tokenHash: string
  email: string
  role: string
  displayName: Generated<string>
  invitedBy: number
  createdAt: string
  expiresAt: string
  usedAt: Nullable<string>
  revokedAt: Nullable<string>
}

/** A person's API token for scripts (`Authorization: Bearer ...`): only its SHA-256 is kept. */
export interface ApiTokenTable {
  id: Generated<number>
  userId: number
  name: string
  tokenHash: string
  createdAt: string
  lastUsedAt: Nullable<string>
  /** After this the token answers 401 (null only for a row the expiry migration could not date: treated as expired). */
  expiresAt: ColumnType<string | null, string, string>
}

export interface SessionTable {
  id: Generated<number>
  tokenHash: string
  userId: number
  createdAt: string
  expiresAt: string
  ip: Nullable<string>
  userAgent: Nullable<string>
  lastSeenAt: Nullable<string>
  /** When this session last confirmed the password (sudo mode, docs/decisions/027). */
  sudoAt: Nullable<string>
}

/** A registered WebAuthn credential (public key only). */
export interface PasskeyTable {
  id: Generated<number>
  userId: number
  /** base64url, as the browser reports it. */
  credentialId: string
  /** base64url COSE public key. */
  publicKey: string
  counter: Generated<number>
  /** JSON array of transports, as the browser reported them. */
  transports: string | null
  name: string
  createdAt: string
  lastUsedAt: Nullable<string>
}

/** A recovery code, SHA-256 hashed; used once. */
export interface RecoveryCodeTable {
  id: Generated<number>
  userId: number
  codeHash: string
  usedAt: Nullable<string>
  createdAt: string
}

/** Server-side state between two sign-in requests; the browser holds the token. */
export interface AuthChallengeTable {
  id: Generated<number>
  tokenHash: string
  kind: string
  userId: number | null
  /** JSON (a WebAuthn challenge, an encrypted secret being set up, the post-sign-in target). */
  data: string
  createdAt: string
  expiresAt: string
  /** Wrong answers so far (a waiting code step allows five). */
  attempts: Generated<number>
}

/** One counter per limited key (e.g. `login:ip:1.2.3.4`) and its current window. */
export interface RateLimitTable {
  key: string
  windowStart: string
  expiresAt: string
  count: number
}

export interface PageViewTable {
  day: string
  path: string
  count: number
}

/** A message sent with the /contact form, read in the admin's inbox. */
export interface ContactMessageTable extends VisitColumns {
  id: Generated<number>
  name: string
  email: string
  message: string
  isRead: Generated<number | boolean>
  createdAt: string
  /** The desk's triage (issue 36): status as a proposal's, assignee, next step; first opening (null: unread). */
  status: Generated<string>
  assignedTo: Nullable<number>
  nextStep: Nullable<string>
  openedAt: Nullable<string>
}

/**
 * waiting: not tried yet (or mail is not set up); delivered: the SMTP server accepted it;
 * failed: the last try was refused or could not reach the server (issue 36, docs/decisions/054).
 * Rows from before that migration may still read 'sent' until the next start settles them.
 */
export type MailState = 'waiting' | 'delivered' | 'failed'

export interface MailOutboxTable {
  id: Generated<number>
  toAddress: string
  subject: string
  body: string
  status: MailState
  attempts: number
  /** When the mailer tries next; NEVER_AUTOMATICALLY after a permanent refusal (only a Retry sends it). */
  nextAttemptAt: string
  lastError: string | null
  createdAt: string
  /** When the SMTP server accepted it (delivered). */
  sentAt: string | null
  /** The SMTP server's answer to the last try: its acceptance line, or the error. */
  serverAnswer: Nullable<string>
  /** When the last try happened. */
  triedAt: Nullable<string>
  /** A calendar invitation sent with the mail (text/calendar); NULL for plain mail. */
  ics: Nullable<string>
}

/**
 * A file sent with a mail of the outbox (a real MIME attachment), deleted with its mail; bytes in
 * a BLOB (SQLite) or bytea (pg) column, both drivers return a Buffer (docs/decisions/074).
 */
export interface MailOutboxAttachmentTable {
  id: Generated<number>
  mailId: number
  filename: string
  contentType: string
  bytes: Buffer
  size: number
}

/** A discovery call (issue 26). Times are UTC ISO strings. */
export interface BookingTable extends VisitColumns {
  id: Generated<number>
  startAt: string
  endAt: string
  name: string
  email: string
  phone: string | null
  note: string
  /** The visitor's zone when they booked, to show their times back to them. */
  timeZone: string
  /** 'booked' | 'cancelled' */
  status: string
  /** SHA-256 (hex) of the cancel/reschedule link's token; the token itself is only in the visitor's mail. */
  tokenHash: string
  /** The invitation's SEQUENCE: one more for each change the visitor is sent. */
  sequence: number
  proposalId: number | null
  createdAt: string
  updatedAt: string
  /** The office that takes the call (its id in the booking hours, issue 35); NULL for calls booked before. */
  officeId: Nullable<string>
}

/** A 5-minute cell held by a live booking; the key makes overlapping bookings impossible. */
export interface BookingCellTable {
  cellAt: string
  bookingId: number
}

/** Seat 1 or 2 of an email's future calls. */
export interface BookingSeatTable {
  emailKey: string
  seat: number
  bookingId: number
}

/** Uploaded images (WebP), bytes in a BLOB (SQLite) or bytea (pg) column; both drivers return a Buffer. */
export interface UploadTable {
  name: string
  contentType: string
  bytes: Buffer
  size: number
  /** Hex SHA-256 of the bytes, computed when stored: the strong ETag. */
  sha256: string
  createdAt: string
  /** Pixel size; NULL on an original stored before variants existed (not processed yet). */
  width: Nullable<number>
  height: Nullable<number>
  /** For a smaller width or another format of an upload: the original's name (docs/decisions/022). */
  variantOf: Nullable<string>
}

/** A public form's submission, kept SAME_SUBMISSION_MS so the same post twice stores one item (docs/decisions/045). */
export interface SubmissionKeyTable {
  /** SHA-256 of the form's kind and fields. */
  key: string
  kind: string
  itemId: number | null
  createdAt: string
}

/** The site import running now, if any (docs/decisions/051): one row, `name` 'site-import'. */
export interface ImportLockTable {
  name: string
  /** Random id of the import that holds it. */
  holder: string
  /** The file being imported, as messages name it. */
  label: string
  startedAt: string
  /** Moved every few seconds while the import lives; a lock not moved for IMPORT_LOCK_STALE_MS is taken over. */
  heartbeatAt: string
}

/** Images a running import has stored: removed if it fails or dies, forgotten when its posts commit. */
export interface ImportLockUploadTable {
  /** The original's name (its variants go with it). */
  name: string
  holder: string
}

/** Cookie-free visits (docs/decisions/042): today's salt, one row per visitor and day, daily rollups. */
export interface VisitSaltTable {
  day: string
  salt: string
}

export interface VisitTable {
  day: string
  /** Salted hash of address and user agent; the salt is thrown away the next day. */
  visitor: string
  source: string
  medium: Generated<string>
  campaign: Generated<string>
  referrer: Generated<string>
  landingPath: string
  device: string
  country: Generated<string>
  tools: Generated<string>
  /** Funnel steps reached, as bits (FUNNEL_STEPS). */
  funnel: Generated<number>
  views: Generated<number>
}

export interface VisitSourceDailyTable {
  day: string
  source: string
  campaign: string
  visits: Generated<number>
  leads: Generated<number>
  /** Visitors of the day who sent at least one lead (each counted once): conversion's numerator. */
  converted: Generated<number>
}

export interface VisitFacetDailyTable {
  day: string
  /** 'device' | 'country' */
  facet: string
  value: string
  visits: Generated<number>
}

export interface FunnelDailyTable {
  day: string
  step: number
  visitors: Generated<number>
}

/** One change made in the back office, by whom, from where (docs/decisions/044; the fields in app/lib/activity.ts). */
export interface ActivityLogTable extends Omit<ActivityEntry, 'id'> {
  id: Generated<number>
}

export interface Database {
  activityLog: ActivityLogTable
  portfolioItems: PortfolioItemTable
  portfolioSlugs: PortfolioSlugTable
  blogPosts: BlogPostTable
  blogSlugs: BlogSlugTable
  blogRevisions: BlogRevisionTable
  proposals: ProposalTable
  proposalEvents: ProposalEventTable
  proposalDocuments: ProposalDocumentTable
  proposalDocumentVersions: ProposalDocumentVersionTable
  proposalDocumentRevisions: ProposalDocumentRevisionTable
  invoiceCounters: InvoiceCounterTable
  invoices: InvoiceTable
  settings: SettingTable
  adminUsers: AdminUserTable
  invitations: InvitationTable
  apiTokens: ApiTokenTable
  sessions: SessionTable
  passkeys: PasskeyTable
  recoveryCodes: RecoveryCodeTable
  authChallenges: AuthChallengeTable
  rateLimits: RateLimitTable
  pageViews: PageViewTable
  mailOutbox: MailOutboxTable
  mailOutboxAttachments: MailOutboxAttachmentTable
  contactMessages: ContactMessageTable
  contactMessageEvents: ContactMessageEventTable
  submissionKeys: SubmissionKeyTable
  uploads: UploadTable
  importLock: ImportLockTable
  importLockUploads: ImportLockUploadTable
  bookings: BookingTable
  bookingCells: BookingCellTable
  bookingSeats: BookingSeatTable
  visitSalts: VisitSaltTable
  visits: VisitTable
  visitSourcesDaily: VisitSourceDailyTable
  visitFacetsDaily: VisitFacetDailyTable
  funnelDaily: FunnelDailyTable
}

export type ActivityLogRow = Selectable<ActivityLogTable>
export type PortfolioItemRow = Selectable<PortfolioItemTable>
export type NewPortfolioItemRow = Insertable<PortfolioItemTable>
export type PortfolioItemUpdate = Updateable<PortfolioItemTable>
export type BlogPostRow = Selectable<BlogPostTable>
export type NewBlogPostRow = Insertable<BlogPostTable>
export type BlogPostUpdate = Updateable<BlogPostTable>
export type ProposalRow = Selectable<ProposalTable>
export type NewProposalRow = Insertable<ProposalTable>
export type ProposalEventRow = Selectable<ProposalEventTable>
export type ProposalDocumentRow = Selectable<ProposalDocumentTable>
export type ProposalDocumentVersionRow = Selectable<ProposalDocumentVersionTable>
export type ProposalDocumentRevisionRow = Selectable<ProposalDocumentRevisionTable>
export type InvoiceRow = Selectable<InvoiceTable>
export type ContactMessageEventRow = Selectable<ContactMessageEventTable>
export type AdminUserRow = Selectable<AdminUserTable>
export type SessionRow = Selectable<SessionTable>
export type InvitationRow = Selectable<InvitationTable>
export type ApiTokenRow = Selectable<ApiTokenTable>
export type PasskeyRow = Selectable<PasskeyTable>
export type AuthChallengeRow = Selectable<AuthChallengeTable>
export type MailOutboxRow = Selectable<MailOutboxTable>
export type MailOutboxAttachmentRow = Selectable<MailOutboxAttachmentTable>
export type UploadRow = Selectable<UploadTable>
export type NewUploadRow = Insertable<UploadTable>
export type BookingRow = Selectable<BookingTable>
