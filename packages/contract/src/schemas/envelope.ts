import { z } from 'zod'
import { errorCodes } from '../errors.ts'

/** `{ success: true, data, message? }` around a route's data schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() })
}

/** An answer with no data, only a Thai message. */
export const MessageOnly = okEnvelope(z.null())

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes as [string, ...string[]]),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
