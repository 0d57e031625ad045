/** The builder's steps (app/lib/builder.ts) bound once to the studio's choices (app/content/builder-options.ts). */
import { BUILDER_OPTIONS } from '~/content/builder-options.ts'
import { builderFor } from '~/lib/builder.ts'

export const BUILDER = builderFor(BUILDER_OPTIONS)
export const { toggleService, previewServices, templatesFor, setIndustry, chooseTemplate, clampSlider, summarizeConfig } = BUILDER
