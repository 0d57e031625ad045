import type { z } from '~/lib/zod.ts'
import { fieldErrors } from './schemas.ts'

/** What a public form's script needs from its schema: every field at once, or one field alone. */
export type FormCheck<F extends string> = {
  /** The messages beside the fields, or null when every field is right. */
  all: (values: Partial<Record<F, string>>) => Record<string, string> | null
  /** Whether one field's value is right (a refused field's message goes as soon as it is). */
  field: (name: F, value: string) => boolean
}

/** A form's check from the server's own schema, so the browser and the action refuse alike. */
export function schemaCheck<F extends string>(schema: z.ZodObject<Record<F, z.ZodType>>): FormCheck<F> {
  return {
    all: (values) => {
      const checked = schema.safeParse(values)
      return checked.success ? null : fieldErrors(checked.error)
    },
    field: (name, value) => schema.shape[name].safeParse(value).success,
  }
}
