/**
 * Sample content used to seed an empty database and as the public portfolio fallback.
 * Blog content is trusted HTML written by us; it still passes through the normal sanitizer on render.
 */
import { SAMPLE_CASES, type SampleCase } from './sample-cases.ts'

export type SamplePortfolioCategory = 'E-commerce' | 'Business' | 'Restaurant' | 'Education'

export type SamplePortfolioItem = SampleCase & {
  title: string
  description: string
  category: SamplePortfolioCategory
  image: string
  /** The cover's alt text ('' for a decorative one). */
  imageAlt: string
  features: string[]
  isLive: boolean
  /** A bare domain or a full http(s) URL; https:// is added on display when missing. */
  liveUrl: string | null
  status: 'active'
}

const SAMPLE_PROJECTS: Omit<SamplePortfolioItem, keyof SampleCase>[] = [
  {
    title: 'Harbor Bakehouse Online Shop',
    description:
      'An online store for a neighbourhood bakery, with next-morning pickup slots, custom cake orders and a weekly menu the owners update themselves.',
    category: 'E-commerce',
    image: '/images/portfolio/harbor-bakehouse.svg',
    imageAlt: 'Website mockup for Harbor Bakehouse online shop',
    features: [
      'Pickup time-slot booking',
      'Custom cake order form with photo upload',
      'Secure card and wallet checkout',
      'Daily order summary emails',
    ],
    isLive: true,
    liveUrl: 'harborbakehouse.example',
    status: 'active',
  },
  {
    title: 'Summit Dental Care',
    description:
      'A calm, trustworthy website for a family dental practice, with online appointment requests, treatment guides and insurance information.',
    category: 'Business',
    image: '/images/portfolio/summit-dental.svg',
    imageAlt: 'Website mockup for Summit Dental Care practice',
    features: [
      'Online appointment requests',
      'Treatment and pricing guides',
      'Accessible, high-contrast design',
      'Local SEO for three neighbourhoods',
    ],
    isLive: true,
    liveUrl: 'https://www.summitdentalcare.example',
    status: 'active',
  },
  {
    title: 'Saffron Table Restaurant',
    description:
      'A warm, photo-led site for an Indian restaurant, featuring a seasonal menu, table reservations and takeaway ordering during peak hours.',
    category: 'Restaurant',
    image: '/images/portfolio/saffron-table.svg',
    imageAlt: 'Website mockup for Saffron Table restaurant',
    features: [
      'Editable seasonal menu with dietary tags',
      'Table reservation system',
      'Takeaway ordering with pickup times',
      'Google Maps directions and opening hours',
    ],
    isLive: false,
    liveUrl: null,
    status: 'active',
  },
  {
    title: 'Brightpath Tutoring',
    description:
      'A friendly site for an after-school tutoring centre, with course listings, tutor profiles, class schedules and a simple enrolment form for parents.',
    category: 'Education',
    image: '/images/portfolio/brightpath-tutoring.svg',
    imageAlt: 'Website mockup for Brightpath Tutoring centre',
    features: [
      'Course catalogue by grade and subject',
      'Tutor profiles with availability',
      'Online enrolment and waitlist',
      'Parent newsletter sign-up',
    ],
    isLive: true,
    liveUrl: 'https://brightpath-tutoring.example',
    status: 'active',
  },
]

/** The sample projects with their cases (app/db/sample-cases.ts). */
export const SAMPLE_PORTFOLIO: SamplePortfolioItem[] = SAMPLE_PROJECTS.map((p) => ({ ...p, ...(SAMPLE_CASES[p.title] as SampleCase) }))

export type SamplePostCategory = 'Web Design' | 'AI Technology' | 'Performance' | 'Security' | 'Mobile Design' | 'SEO'

export type SamplePost = {
  title: string
  subheading: string
  excerpt: string
  /** HTML fragment. */
  content: string
  category: SamplePostCategory
  author: string
  status: 'published'
  image: string
  /** The cover's alt text ('' for a decorative one). */
  imageAlt: string
  readTime: string
  /** yyyy-mm-dd */
  date: string
}

export const SAMPLE_POSTS: SamplePost[] = [
  {
    title: 'Five Signs Your Small Business Website Needs a Redesign',
    subheading: 'How to tell when a quick refresh is no longer enough',
    excerpt:
      'An outdated website quietly sends customers to your competitors. Here are five warning signs that it is time for a redesign, and what to focus on when you do it.',
    content: `<p>Your website is often the first conversation a customer has with your business, and it happens without you in the room. A site that was perfectly fine a few years ago can slowly turn into a liability as phones, search engines and customer expectations move on. These five signs suggest it is time for more than a fresh coat of paint.</p>
<h2>1. It is hard to use on a phone</h2>
<p>More than half of visits to a typical small business site now come from mobile devices. If visitors have to pinch, zoom or scroll sideways to read your opening hours, many will simply give up. A modern layout adapts to every screen size automatically, with buttons large enough to tap comfortably.</p>
<h2>2. You cannot update it yourself</h2>
<p>If changing a price or adding a photo means emailing a developer and waiting a week, your site will always be slightly out of date. A simple admin panel lets you edit text, publish news and swap images in minutes, so the site keeps pace with your business.</p>
<h2>3. It loads slowly</h2>
<p>Visitors expect a page to appear in two or three seconds. Oversized images, old plugins and cheap shared hosting all add delay, and every extra second costs enquiries. Speed is also a ranking factor for Google, so a slow site is harder to find as well as harder to use.</p>
<h2>4. It no longer reflects what you sell</h2>
<p>Businesses evolve. Perhaps you added a service, changed your menu or moved to a new location, and the website still tells the old story. Mismatched information erodes trust faster than almost anything else.</p>
<h2>5. It does not bring in enquiries</h2>
<p>A good website should produce calls, bookings, orders or emails. If yours gets visitors but no action, the problem is usually a missing or buried call to action, unclear wording, or forms that ask for too much.</p>
<blockquote>A redesign is not about looking trendy. It is about making it effortless for the right customer to say yes.</blockquote>
<h2>What to focus on in a redesign</h2>
<ul>
<li><strong>One clear goal per page</strong>, such as booking a table or requesting a quote.</li>
<li><strong>Mobile-first layouts</strong> tested on real phones, not just a resized browser window.</li>
<li><strong>Fast, lightweight pages</strong> with compressed images and modern hosting.</li>
<li><strong>Content you can edit</strong> without calling anyone.</li>
<li><strong>Simple measurement</strong> so you can see which pages lead to enquiries.</li>
</ul>
<p>If two or more of these signs sound familiar, a redesign will likely pay for itself quickly. Start by listing the three things customers most often ask you on the phone; those answers belong on your new homepage.</p>`,
    category: 'Web Design',
    author: 'Maya Robinson',
    status: 'published',
    image: '/images/blog/website-redesign-signs.svg',
    imageAlt: 'Illustration of an outdated web page being redesigned into a clean modern layout',
    readTime: '3 min read',
    date: '2026-06-04',
  },
  {
    title: 'Should Your Website Have an AI Chat Assistant?',
    subheading: 'What chat assistants do well, where they fall short, and how to set one up sensibly',
    excerpt:
      'AI chat assistants can answer questions and capture leads while you sleep, but only if they are set up with care. Here is a practical guide for small business owners.',
    content: `<p>Chat assistants have moved from novelty to normal in a very short time. For a small business, the appeal is obvious: a helper on your website that answers common questions at any hour and passes serious enquiries on to you. But an assistant that gives wrong answers or traps people in loops can do more harm than good.</p>
<h2>What a chat assistant is good at</h2>
<p>The best use of an assistant is handling the repetitive questions that fill your inbox and phone line. Opening hours, prices, delivery areas, parking, how long a service takes: these have clear answers that rarely change.</p>
<ul>
<li><strong>Instant answers</strong> to frequently asked questions, day or night.</li>
<li><strong>Lead capture</strong>, collecting a name and email when someone is ready to talk.</li>
<li><strong>Guiding visitors</strong> to the right page, such as pricing or booking.</li>
<li><strong>Spotting patterns</strong> in what customers ask, which tells you what to add to your site.</li>
</ul>
<h2>Where it falls short</h2>
<p>An assistant should not make promises you have not approved. It should never invent a discount, guess at a medical or legal question, or pretend to be a human. Keep its knowledge limited to information you have written and checked, and give it a simple way to say "I do not know, but here is how to reach the team".</p>
<blockquote>A good assistant knows its limits and hands over to a real person gracefully.</blockquote>
<h2>How to set one up sensibly</h2>
<p>Start small. Write down the ten questions customers ask most often and the exact answers you would give. That list becomes the assistant's core knowledge. Then decide what should happen when a visitor is ready to buy or book: show a button to your booking page, collect contact details, or both.</p>
<p>Next, think about privacy. Tell visitors clearly that they are chatting with an automated assistant, avoid asking for sensitive information, and make sure conversations are stored securely and deleted when no longer needed.</p>
<h2>Measure whether it helps</h2>
<p>After a month, review the conversations. Which questions came up most? Did people click through to book or request a quote? Were there questions the assistant could not answer? Use what you learn to improve both the assistant and the pages on your site.</p>
<p>For many small businesses, a well-scoped assistant pays for itself by saving a few hours of repetitive replies each week and catching enquiries that would otherwise arrive after closing time. Our <strong>AI Chat Assistant add-on</strong> is built on exactly these principles: limited to your approved answers, honest about being automated, and always one click away from a real person.</p>`,
    category: 'AI Technology',
    author: 'Arjun Sharma',
    status: 'published',
    image: '/images/blog/ai-chat-assistant.svg',
    imageAlt: 'Illustration of a friendly chat assistant answering customer questions on a website',
    readTime: '3 min read',
    date: '2026-07-09',
  },
  {
    title: 'Why Page Speed Costs You Customers, and How to Fix It',
    subheading: 'Practical speed wins that do not require a developer degree',
    excerpt:
      'Every extra second of loading time chips away at your enquiries and sales. Learn how to measure your site speed and the simple fixes that make the biggest difference.',
    content: `<p>People are impatient online, especially on a phone with a patchy signal. When a page takes too long to appear, visitors hit the back button and try the next result. You never see them leave, so slow pages quietly drain your sales without any obvious warning.</p>
<h2>How to measure your speed</h2>
<p>Start with a free tool such as <a href="https://pagespeed.web.dev/">PageSpeed Insights</a>. Enter your homepage address and look at the mobile results first. Pay attention to three numbers that Google calls Core Web Vitals:</p>
<ul>
<li><strong>Largest Contentful Paint</strong>: how long the main content takes to appear. Aim for under 2.5 seconds.</li>
<li><strong>Interaction to Next Paint</strong>: how quickly the page responds to taps and clicks.</li>
<li><strong>Cumulative Layout Shift</strong>: how much the page jumps around while it loads.</li>
</ul>
<p>Test a few different pages, not just the homepage. A slow menu or product page can hurt just as much.</p>
<h2>The biggest culprits</h2>
<p>On most small business sites, the same few problems account for most of the delay. Photos straight from a camera or phone are often ten times larger than they need to be. Old themes load scripts and fonts for features you never use. Chat widgets, social feeds and tracking tags each add their own weight. And budget hosting can take a full second just to start responding.</p>
<blockquote>The fastest code is the code you never send. Before adding anything to your site, ask whether customers actually need it.</blockquote>
<h2>Quick fixes with a big impact</h2>
<ul>
<li><strong>Resize and compress images</strong> before uploading, and use modern formats such as WebP or AVIF.</li>
<li><strong>Lazy-load images</strong> further down the page so they load only when needed.</li>
<li><strong>Remove unused plugins and widgets</strong>, especially ones that load third-party scripts.</li>
<li><strong>Use a system font or a single web font</strong> instead of several families and weights.</li>
<li><strong>Choose hosting with caching and compression</strong> switched on.</li>
</ul>
<h2>Keep it fast over time</h2>
<p>Speed is not a one-off job. Each new photo, embed or plugin can undo your progress. Make a habit of re-testing after every significant change, and set a simple rule: no new feature goes live if it noticeably slows the page down.</p>
<p>Every site we build is tested against Core Web Vitals before launch and served from hosting with 99.9% uptime, compression and caching enabled. If you are not sure where your own site stands, run the test above; the results are often eye-opening.</p>`,
    category: 'Performance',
    author: 'Priya Verma',
    status: 'published',
    image: '/images/blog/page-speed.svg',
    imageAlt: 'Illustration of a speedometer gauge showing a fast-loading web page',
    readTime: '3 min read',
    date: '2026-07-28',
  },
  {
    title: 'A Plain-English Website Security Checklist for Small Businesses',
    subheading: 'Ten minutes of housekeeping that keeps attackers and embarrassment away',
    excerpt:
      'Small business websites are attacked every day, usually by automated tools looking for easy targets. This checklist covers the basics that stop most of them.',
    content: `<p>Many owners assume hackers are only interested in banks and big brands. In reality, most attacks are automated: bots scan thousands of websites an hour, looking for outdated software, weak passwords and forgotten admin pages. Small sites are attractive precisely because they are often left unattended.</p>
<h2>Why it matters</h2>
<p>A compromised site can redirect visitors to scams, send spam in your name, leak customer details or simply vanish from Google search results after being flagged as dangerous. Cleaning up afterwards costs far more than prevention.</p>
<h2>The essential checklist</h2>
<ul>
<li><strong>HTTPS everywhere.</strong> Your address bar should show a padlock on every page, not just checkout. Certificates are free and should renew automatically.</li>
<li><strong>Strong, unique passwords.</strong> Use a password manager, and never reuse your website password for email or banking.</li>
<li><strong>Two-factor authentication</strong> on your hosting account, domain registrar and website admin panel wherever it is offered.</li>
<li><strong>Timely updates.</strong> Outdated plugins and frameworks are the most common way in. Apply security updates within days, not months.</li>
<li><strong>Daily backups</strong> stored somewhere other than the web server, and a tested way to restore them.</li>
<li><strong>Fewer accounts.</strong> Remove logins for former staff and contractors, and give each person only the access they need.</li>
<li><strong>Protected forms.</strong> Contact and proposal forms should have spam protection and limits on how often they can be submitted.</li>
</ul>
<blockquote>Security is less about clever technology and more about boring habits done consistently.</blockquote>
<h2>Check whether you have been exposed</h2>
<p>Services such as <a href="https://haveibeenpwned.com/">Have I Been Pwned</a> let you check whether an email address appears in known data breaches. If your business email shows up, change that password and any others that were similar.</p>
<h2>Collect less data</h2>
<p>The safest customer data is data you never stored. Ask only for what you genuinely need to reply to an enquiry or fulfil an order, and delete old records on a regular schedule. Fewer third-party scripts on your pages also means fewer companies that could leak or misuse your visitors' information.</p>
<h2>Know who to call</h2>
<p>Finally, write down who looks after your site, your hosting login details and where the backups live. If something goes wrong on a Sunday night, you do not want to be hunting for passwords.</p>
<p>Our maintenance plans cover updates, backups and uptime monitoring around the clock for you, with people to help in office hours, so this checklist stays ticked without you having to think about it.</p>`,
    category: 'Security',
    author: 'Arjun Sharma',
    status: 'published',
    image: '/images/blog/security-checklist.svg',
    imageAlt: 'Illustration of a security shield with a checkmark beside a website checklist',
    readTime: '3 min read',
    date: '2026-08-19',
  },
  {
    title: 'Designing for Thumbs: Mobile-First Tips That Win Customers',
    subheading: 'Small-screen design choices that turn casual visitors into bookings',
    excerpt:
      'Most of your visitors arrive on a phone, often in a hurry. These mobile-first design tips help them find what they need and take action with a single thumb.',
    content: `<p>Picture your typical customer: standing in a queue, walking down the street or sitting on the sofa, phone in one hand. They want an answer quickly, whether that is your opening hours, a price or a way to book. Designing for that moment is what mobile-first really means.</p>
<h2>Put the most important action within reach</h2>
<p>On a phone, the easiest place to tap is the lower-middle part of the screen. Place your main call to action, such as "Call now", "Book a table" or "Get a quote", where a thumb naturally rests. A sticky button at the bottom of the screen works well for businesses where a phone call is the main goal.</p>
<h2>Make tapping easy</h2>
<ul>
<li><strong>Large touch targets</strong> of at least 44 by 44 pixels, with space between them.</li>
<li><strong>Tap-to-call and tap-to-map links</strong> for your phone number and address.</li>
<li><strong>Short forms</strong> that use the right keyboard for each field, such as the number pad for phone numbers.</li>
<li><strong>No hover-only menus</strong>, since there is no hover on a touch screen.</li>
</ul>
<h2>Write for small screens</h2>
<p>Long paragraphs feel even longer on a phone. Lead with the answer, keep sentences short and break content into clear sections with descriptive headings. Visitors skim first and read second, so your headings should make sense on their own.</p>
<blockquote>If a customer cannot find your phone number in five seconds on their phone, your website is not finished.</blockquote>
<h2>Keep text readable</h2>
<p>Use a base font size of at least 16 pixels and strong contrast between text and background. Light grey text on white might look elegant on a large monitor, but it becomes hard to read outdoors in sunlight. Avoid placing text over busy photos unless you add a solid or semi-transparent backdrop.</p>
<h2>Be careful with pop-ups</h2>
<p>A pop-up that covers the whole screen on a phone is frustrating, and hard-to-find close buttons make it worse. If you use one, show it once, delay it until the visitor has had time to look around, and make the close button large and obvious.</p>
<h2>Test on real devices</h2>
<p>Resizing a desktop browser is a useful start, but it is not the same as holding a phone. Test your site on at least one older, smaller phone as well as a recent one, on mobile data rather than office Wi-Fi. You will quickly spot slow images, cramped buttons and forms that are awkward to fill in.</p>
<p>Every site we build starts with the small-screen layout and grows outwards from there, which is why our clients' mobile visitors book and buy as easily as desktop ones.</p>`,
    category: 'Mobile Design',
    author: 'Sofia Martinez',
    status: 'published',
    image: '/images/blog/mobile-first-design.svg',
    imageAlt: 'Illustration of a smartphone showing a mobile-first layout with an easy-to-reach call button',
    readTime: '3 min read',
    date: '2026-09-10',
  },
  {
    title: 'Local SEO Basics: Get Found by Customers Near You',
    subheading: 'A step-by-step guide to showing up when nearby customers search',
    excerpt:
      'When someone searches for a business "near me", local SEO decides who appears. These basics help your business show up in maps and local results without a big budget.',
    content: `<p>For most small businesses, the customers that matter are nearby. When someone searches for "plumber near me" or "best tacos in the Mission", Google shows a map with a handful of businesses, followed by regular results. Appearing in that short list can transform your phone traffic, and the basics are well within reach of any owner.</p>
<h2>Claim and complete your Google Business Profile</h2>
<p>Your <a href="https://www.google.com/business/">Google Business Profile</a> is the single most important local SEO tool. Claim it, verify it and fill in every section: categories, services, opening hours, photos, website link and a clear description. Keep holiday hours up to date; nothing annoys a customer more than arriving to a locked door.</p>
<h2>Keep your details consistent</h2>
<p>Search engines cross-check your business name, address and phone number across the web. Make sure they match exactly on your website, your Google profile, social media pages and directories such as Yelp or industry listings. Small differences, like "Street" versus "St." or an old phone number, can weaken your visibility.</p>
<h2>Give each service and location a page</h2>
<p>A single page that lists everything you do is hard for search engines to understand. Create a dedicated page for each main service and, if you serve several towns or neighbourhoods, a genuinely useful page for each area. Explain what you offer there, include local details and answer common questions.</p>
<ul>
<li><strong>Use clear page titles</strong>, such as "Emergency Plumbing in Oakland".</li>
<li><strong>Write a helpful meta description</strong> that encourages the click.</li>
<li><strong>Add structured data</strong> for your business type, address and hours.</li>
<li><strong>Embed a map</strong> and include directions or parking tips.</li>
</ul>
<h2>Earn reviews, and reply to them</h2>
<p>Reviews influence both rankings and customer decisions. Ask happy customers for a review at the right moment, for example right after a job is finished, and make it easy with a direct link. Reply to every review, including the critical ones, politely and promptly.</p>
<blockquote>Local SEO is a marathon of small, consistent actions, not a one-off trick.</blockquote>
<h2>Do not forget the technical basics</h2>
<p>A fast, mobile-friendly site with a sitemap, secure HTTPS and clean page structure gives all of this work a solid foundation. Google's own <a href="https://developers.google.com/search/docs">Search Central documentation</a> is a trustworthy place to learn more.</p>
<p>Every site we deliver includes these technical foundations. Our Advanced SEO Package adds keyword research, profile optimisation and a content plan tailored to your neighbourhood.</p>`,
    category: 'SEO',
    author: 'Daniel Okafor',
    status: 'published',
    image: '/images/blog/local-seo-basics.svg',
    imageAlt: 'Illustration of a city map with a location pin and a local search bar',
    readTime: '3 min read',
    date: '2026-10-06',
  },
  {
    title: 'How to Prepare Content for Your New Website',
    subheading: 'Gather these before kickoff and your site can launch in a week',
    excerpt:
      'The biggest cause of website delays is not design or code, it is waiting for content. Use this checklist to gather text, photos and details before your project starts.',
    content: `<p>We can design and build a website in 7 days, but only when the words and pictures are ready. In our experience, the projects that launch on time are the ones where the owner spent an hour or two gathering content beforehand. Here is what to prepare and how to make it shine.</p>
<h2>Start with your customers' questions</h2>
<p>Before writing anything, list the questions customers ask you most often. What do you offer? How much does it cost? Where are you and when are you open? How do I book? These questions form the backbone of your site, and answering them clearly will reduce the calls you spend repeating yourself.</p>
<h2>The content checklist</h2>
<ul>
<li><strong>Logo</strong> in the best quality you have, ideally as a vector file (SVG, EPS or PDF).</li>
<li><strong>Contact details</strong>: phone, email, address, opening hours and social media links.</li>
<li><strong>A short description</strong> of your business in two or three sentences.</li>
<li><strong>Services or products</strong> with names, short descriptions and prices if you publish them.</li>
<li><strong>Photos</strong> of your team, premises and work. Real photos almost always beat stock images.</li>
<li><strong>Testimonials</strong> from happy customers, with their permission to publish.</li>
<li><strong>Examples of websites you like</strong>, and what specifically you like about them.</li>
</ul>
<h2>Writing tips that work</h2>
<p>Write the way you talk to customers in person. Use "you" and "we", keep sentences short and avoid industry jargon. Lead with the benefit to the customer rather than a list of features: "Fresh bread ready for pickup at 7 AM" beats "We use artisanal fermentation techniques".</p>
<blockquote>Good website copy answers a question before the visitor has to ask it.</blockquote>
<h2>Taking better photos</h2>
<p>You do not need a professional photographer to start. A recent phone, natural daylight and a tidy background go a long way. Take landscape shots for banners and square ones for galleries, and avoid heavy filters so colours look true to life.</p>
<h2>Do not let perfect be the enemy of done</h2>
<p>Your website is never finished; it grows with your business. It is better to launch with clear, accurate content and improve it over time than to wait months for the perfect wording. With an admin panel you can adjust pages whenever inspiration strikes.</p>
<p>Missing something from the list? That is fine. We can write starter copy, suggest suitable imagery and design a simple logo as part of your project. Just <a href="/proposal">request a free proposal</a> and we will tell you exactly what we need within 24 hours.</p>`,
    category: 'Web Design',
    author: 'Maya Robinson',
    status: 'published',
    image: '/images/blog/prepare-website-content.svg',
    imageAlt: 'Illustration of a clipboard checklist, a photo and a pen for preparing website content',
    readTime: '3 min read',
    date: '2026-11-03',
  },
]
