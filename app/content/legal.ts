/**
 * Privacy policy and terms of service, rendered as headed sections of plain paragraphs. Contact
 * details are placeholders ({address}, {email}, ...): their one source is the settings.
 */

import { MONEY_BACK_DAYS, QUOTED, QUOTED_DELIVERY } from './pricing.ts'

export type LegalSection = {
  heading: string
  paragraphs: string[]
}

/** Contact details a legal text names, filled in from the saved settings when the page renders. */
export type LegalContact = { legalName: string; address: string; email: string; phone: string }

/** Replaces {legalName}, {address}, {email} and {phone} in a paragraph. */
export function fillContact(text: string, c: LegalContact): string {
  return text.replace(/\{(legalName|address|email|phone)\}/g, (_, key: keyof LegalContact) => c[key])
}

export type LegalDocument = {
  title: string
  /** ISO date (yyyy-mm-dd) of the last revision. */
  updated: string
  sections: LegalSection[]
}

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'This website is operated by {legalName}, {address}. If you have any question about this policy or your data, write to {email}.',
      ],
    },
    {
      heading: 'What we collect when you request a proposal',
      paragraphs: [
        'When you submit the proposal form we store the details you enter: your name, email address, optional phone number, business type, budget range and project requirements, together with the date of the request.',
        'We use this information only to prepare and send your proposal and to follow up on it. We do not sell it, rent it or add you to marketing lists without your separate consent.',
      ],
    },
    {
      heading: 'Page-view counts without cookies',
      paragraphs: [
        'To understand which pages are useful, our own server keeps a daily count of views per page. These counts contain no IP addresses, no cookies and no identifiers, so they cannot be linked to you.',
        "To count unique visitors without cookies, our server combines your IP address and browser name with a random value that is made new every day and thrown away the next, and keeps only a one-way hash of them (as Plausible Analytics does). The hash cannot be turned back into your address, and after midnight (UTC) it cannot be linked to you or to your visits on other days. With it we keep, for that day, only where your visit came from: the referring website's domain (not the full address), the campaign tags in the link you followed (utm_source, utm_medium, utm_campaign or ref), the first page you saw, whether you used a phone, tablet or computer, your country when our server is set up to look it up, and which of our tools you used.",
        'If you then send us a proposal request, a message or book a call, that request is stored with the same summary of your visit (where it came from, the campaign, the first page and the tools you used first), so that we know which of our efforts bring enquiries. Nothing else about you is recorded.',
        'If your browser sends a Do Not Track or Global Privacy Control signal, we do not count your visits at all, and nothing about your visit is stored with a request you send.',
      ],
    },
    {
      heading: 'Cookies and third parties',
      paragraphs: [
        'Public pages set no cookies at all, and we do not use third-party analytics, advertising pixels or social media trackers. A single strictly necessary cookie is used only to keep our administrator signed in.',
        "The About page shows an embedded map of our offices. The map is provided by Google and is subject to Google's own privacy policy when it loads.",
      ],
    },
    {
      heading: 'How long we keep data',
      paragraphs: [
        'Proposal requests are kept for as long as needed to handle your enquiry and any resulting project, and for no more than three years after our last contact, unless the law requires us to keep them longer. Aggregated page counts may be kept indefinitely.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can ask us to show you, correct or delete the personal data we hold about you, or to stop using it. Email {email} and we will respond within 30 days. Residents of California and other regions with privacy laws have these rights under local law as well.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'All traffic to this site is encrypted with HTTPS, access to stored requests is limited to our staff, and our servers are patched and backed up regularly. No system is perfect, but we work hard to protect your information.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change how we handle personal data, we will update this page and the date at the top. Significant changes will be highlighted on our home page for at least 30 days.',
      ],
    },
  ],
}

export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  updated: '2026-11-01',
  sections: [
    {
      heading: 'About these terms',
      paragraphs: [
        'These terms apply to your use of this website and to website projects you order from Launchpad Web Studio LLC ("we", "us"). Your signed proposal may add project-specific details; where it differs from these terms, the proposal wins.',
      ],
    },
    {
      heading: 'Using this website',
      paragraphs: [
        'You may browse this site, try the demo builder and estimator, and request proposals for your own business. Please do not attempt to disrupt the site, access areas that are not meant for you, or submit content that is unlawful or belongs to someone else.',
        'Estimates shown by the cost estimator and demo builder are for guidance only. The price that applies to your project is the fixed price stated in your written proposal.',
      ],
    },
    {
      heading: 'Proposals, payment and delivery',
      paragraphs: [
        `Proposals are free and without obligation. A project starts once you accept a proposal and pay the deposit it states. Websites on our plans are usually delivered within ${QUOTED.websiteDelivery} and online stores within ${QUOTED.storeDelivery}; a custom web app's date is ${QUOTED_DELIVERY}. All of this assumes we receive the content and feedback we ask for on time.`,
      ],
    },
    {
      heading: 'Hosting, domains and support',
      paragraphs: [
        `Hosting and a domain name are included free for the first year. After that, hosting costs ${QUOTED.hostingPerMonth} per month and domain renewal ${QUOTED.domainPerYear} per year, unless you choose to move the site. Domains are registered in your name.`,
        `Free support is included for the period stated in your plan: ${QUOTED.supportByPlan}. Ongoing maintenance plans start at ${QUOTED.maintenanceFrom} per month and can be cancelled at the end of any month.`,
      ],
    },
    {
      heading: 'Money-back guarantee',
      paragraphs: [
        `If the delivered website does not match what we agreed in your proposal and we are unable to correct it, you may request a full refund of the project fee within ${MONEY_BACK_DAYS} days of launch. Hosting, domain and third-party costs already incurred on your behalf are not refundable.`,
      ],
    },
    {
      heading: 'Ownership of your website',
      paragraphs: [
        'Once the project is paid in full, you own the design, text and images created for your site. You are responsible for making sure that material you supply, such as logos and photos, may legally be used. We may show the finished site in our portfolio unless you ask us not to.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We aim for 99.9% hosting uptime but cannot promise uninterrupted service. To the extent the law allows, our total liability for any claim is limited to the amount you paid us for the project in question, and we are not liable for indirect losses such as lost profits.',
      ],
    },
    {
      heading: 'Governing law and contact',
      paragraphs: [
        'These terms are governed by the laws of the State of California. Questions about them can be sent to {email} or by phone to {phone}.',
      ],
    },
  ],
}
