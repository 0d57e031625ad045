import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  // Public site: shared navigation, footer and chat launcher.
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('portfolio', 'routes/public/portfolio.tsx'),
    route('portfolio/:slug', 'routes/public/portfolio-case.tsx'),
    route('blog', 'routes/public/blog.tsx'),
    route('blog/:slug', 'routes/public/blog-post.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('faq', 'routes/public/faq.tsx'),
    route('pricing', 'routes/public/pricing.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('privacy', 'routes/public/privacy.tsx'),
    route('terms', 'routes/public/terms.tsx'),
    route('proposal', 'routes/tools/proposal.tsx'),
    route('book', 'routes/public/book.tsx'),
    route('book/manage/:token', 'routes/public/book-manage.tsx'),
    route('demo-builder', 'routes/tools/demo-builder.tsx'),
    route('chat', 'routes/public/chat.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  // A client's proposal (issue 38): outside the public frame (no navigation, chat or page-view
  // beacon: the address is the client's key and must reach no analytics).
  route('p/:token', 'routes/public/signed-proposal.tsx'),
  route('p/:token/proposal.pdf', 'routes/public/signed-proposal-pdf.ts'),
  route('p/:token/invoice.pdf', 'routes/public/signed-proposal-invoice.ts'),
  route('sitemap.xml', 'routes/feeds/sitemap.ts'),
  route('robots.txt', 'routes/feeds/robots.ts'),
  route('rss.xml', 'routes/feeds/rss.ts'),
  // A booked call's invitation, downloaded from its confirmation page (issue 35).
  route('book/manage/:token/invite.ics', 'routes/public/book-invite.ts'),

  // Back office. ADMIN_PATH is runtime configuration, so the first segment is a parameter that
  // the loaders compare with it (anything else is a 404).
  ...prefix(':adminPath', [
    route('login', 'routes/admin/login.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    route('settings/import-export/archive', 'routes/admin/import-export-archive.ts'),
    route('settings/activity/export', 'routes/admin/activity-export.ts'),
    route('passkey', 'routes/admin/passkey.ts'),
    route('invite/:token', 'routes/admin/invite.tsx'),
    route('forgot', 'routes/admin/forgot.tsx'),
    route('reset/:token', 'routes/admin/reset.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('proposals', 'routes/admin/proposals.tsx'),
      route('proposals/:id', 'routes/admin/proposal.tsx'),
      route('proposals/:id/document', 'routes/admin/proposal-document.tsx'),
      route('proposals/:id/document/preview', 'routes/admin/proposal-document-preview.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/:id', 'routes/admin/message.tsx'),
      route('blogs', 'routes/admin/blogs.tsx'),
      route('blogs/new', 'routes/admin/blog-new.tsx'),
      route('blogs/edit/:id', 'routes/admin/blog-edit.tsx'),
      route('portfolio', 'routes/admin/portfolio.tsx'),
      route('portfolio/new', 'routes/admin/portfolio-new.tsx'),
      route('portfolio/edit/:id', 'routes/admin/portfolio-edit.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('settings/security', 'routes/admin/security.tsx'),
      route('settings/booking', 'routes/admin/booking-settings.tsx'),
      route('settings/import-export', 'routes/admin/import-export.tsx'),
      route('settings/people', 'routes/admin/people.tsx'),
      route('settings/profile', 'routes/admin/profile.tsx'),
      route('settings/activity', 'routes/admin/activity.tsx'),
      route('settings/outbox', 'routes/admin/outbox.tsx'),
      route('calls', 'routes/admin/calls.tsx'),
    ]),
  ]),
] satisfies RouteConfig
