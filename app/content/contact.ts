/**
 * Contact page introduction (the page has prepared metadata; the route may be added later).
 */

export type ContactIntro = {
  title: string
  body: string
}

export const CONTACT_INTRO: ContactIntro = {
  title: 'Contact Us',
  body: 'Have a question, an idea or a project in mind? Send us a message or give us a call. We answer every enquiry within one business day, and if you request a proposal you will have it within 24 hours.',
}
