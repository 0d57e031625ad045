/** The suffix of every page title; its own module so the root's titles do not load every page's metadata. */
export const TITLE_SUFFIX = ' | Launchpad Web Studio'
