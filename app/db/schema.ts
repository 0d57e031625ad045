import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** SQLite stores booleans as 0/1 and pg as true/false; models normalize with Boolean(). */
type Bool = ColumnType<number | boolean, number | boolean, number | boolean>
/** JSON arrays live in text columns; models parse and stringify at the boundary. */
type JsonText = string

export interface PortfolioItemTable {
  id: Generated<number>
  title: string
  description: string
  category: string
  image: string
  technologies: JsonText
  features: JsonText
  isLive: Bool
  liveUrl: string | null
  status: string
  createdAt: string
  updatedAt: string
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
  readTime: string
  date: string
  views: Generated<number>
  createdAt: string
  updatedAt: string
}

export interface ProposalTable {
  id: Generated<number>
  name: string
  email: string
  phone: string | null
  businessType: string
  budget: string
  requirements: string
  status: string
  date: string
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
}

export interface SessionTable {
  id: Generated<number>
  tokenHash: string
  userId: number
  createdAt: string
  expiresAt: string
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

export interface MailOutboxTable {
  id: Generated<number>
  toAddress: string
  subject: string
  body: string
  status: string
  attempts: number
  nextAttemptAt: string
  lastError: string | null
  createdAt: string
  sentAt: string | null
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
}

export interface Database {
  portfolioItems: PortfolioItemTable
  blogPosts: BlogPostTable
  proposals: ProposalTable
  settings: SettingTable
  adminUsers: AdminUserTable
  sessions: SessionTable
  rateLimits: RateLimitTable
  pageViews: PageViewTable
  mailOutbox: MailOutboxTable
  uploads: UploadTable
}

export type PortfolioItemRow = Selectable<PortfolioItemTable>
export type NewPortfolioItemRow = Insertable<PortfolioItemTable>
export type PortfolioItemUpdate = Updateable<PortfolioItemTable>
export type BlogPostRow = Selectable<BlogPostTable>
export type NewBlogPostRow = Insertable<BlogPostTable>
export type BlogPostUpdate = Updateable<BlogPostTable>
export type ProposalRow = Selectable<ProposalTable>
export type NewProposalRow = Insertable<ProposalTable>
export type AdminUserRow = Selectable<AdminUserTable>
export type SessionRow = Selectable<SessionTable>
export type MailOutboxRow = Selectable<MailOutboxTable>
export type UploadRow = Selectable<UploadTable>
export type NewUploadRow = Insertable<UploadTable>
