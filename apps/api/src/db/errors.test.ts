import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './errors.ts'

/** An error as node-postgres raises it for a server message: a SQLSTATE in `code`. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'ERROR' })
/** Drizzle wraps driver errors: "Failed query: …" with the driver's error as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['terminated by an administrator', pgError('57P01', 'terminating connection due to administrator command')],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['too many connections', pgError('53300')],
    ['connection failure', pgError('08006')],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    ['pool wait exceeded', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
  ])("%s: 503, through Drizzle's wrapper too", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
  })

  it.each([
    ['a unique violation', pgError('23505')],
    ['a check violation', pgError('23514')],
    ['a syntax error (a bug)', pgError('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
  ])('%s is not (it stays a 500 or is handled where it happens)', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false)
  })
})
