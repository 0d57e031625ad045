/** The features a visitor may switch on in the demo builder: a shape of its own, shared by the option catalogue (content/builder-options.ts) and the builder's logic (lib/builder.ts). */
export interface BuilderFeatures {
  chatbot: boolean
  analytics: boolean
  seo: boolean
  mobileApp: boolean
  ecommerce: boolean
  booking: boolean
  newsletter: boolean
  multiLanguage: boolean
  darkMode: boolean
  liveChat: boolean
  aiAssistant: boolean
  paymentGateway: boolean
  membershipPortal: boolean
  eventManagement: boolean
  inventoryManagement: boolean
  crm: boolean
}
