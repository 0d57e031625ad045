/**
 * The parsers of saved designs (app/lib/builder-config.ts) bound to the builder's choices. It
 * loads zod: the builder imports it lazily, only when there is a saved design to read.
 */
import { builderConfigParser } from '~/lib/builder-config.ts'
import { BUILDER } from './builder-model.ts'

export const CONFIG_PARSER = builderConfigParser(BUILDER)
export const { BuilderConfigSchema, parseBuilderConfig, parseStoredConfig } = CONFIG_PARSER
