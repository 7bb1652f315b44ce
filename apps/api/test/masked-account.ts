// A fast-check arbitrary shared by the matcher's unit tests (deposits/account-match.test.ts) and the route tier's check
// of the masked-account index against the SQL that builds it (deposits/account-windows.routes.test.ts).
import fc from 'fast-check'

/** A registered account and a statement's mask of it: at least one digit hidden, at least 4 visible. */
export const maskedAccount = fc
  .stringMatching(/^[0-9]{10,15}$/)
  .chain((account) =>
    // The mask may also leave off leading positions, as "***1234" does.
    fc.integer({ min: 0, max: account.length - 5 }).chain((start) => {
      const positions = Array.from({ length: account.length - start }, (_, i) => start + i)
      const n = account.length
      return fc.record({
        account: fc.constant(account),
        start: fc.constant(start),
        visible: fc.shuffledSubarray(positions, { minLength: 4, maxLength: positions.length - 1 }),
        wildcards: fc.array(fc.constantFrom('x', 'X', '*', '•'), { minLength: n, maxLength: n }),
        separators: fc.array(fc.constantFrom('', '', '', '-', ' ', '.'), { minLength: n + 1, maxLength: n + 1 }),
      })
    }),
  )
  .map(({ account, start, visible, wildcards, separators }) => {
    const shown = new Set(visible)
    const chars = [...account].map((digit, i) => (shown.has(i) ? digit : (wildcards[i] ?? 'x')))
    const render = (cs: string[]) =>
      (separators[start] ?? '') +
      cs
        .slice(start)
        .map((c, i) => c + (separators[start + i + 1] ?? ''))
        .join('')
    return { account, chars, visible: [...shown], render }
  })
