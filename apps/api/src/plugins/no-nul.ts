import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.ts'

/**
 * True when a parsed request value holds a NUL character (U+0000) in any string or key, at any depth. Walked with an
 * explicit stack, not recursion: a 64 KiB body of `[[[[…` is 30,000 levels deep.
 */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (Array.isArray(item)) {
      stack.push(...item)
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(inner)
      }
    }
  }
  return false
}

/**
 * Refuses any request whose body, query or path parameters carry a NUL character, before validation. PostgreSQL text
 * cannot hold one: a NUL reaching a query (a login name, a bank reference, a seamless id) failed the statement and
 * answered 500. No field of the contract has a use for it, so it is refused once here rather than in every schema.
 */
export function refuseNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw new AppError('VALIDATION_FAILED')
  })
}
