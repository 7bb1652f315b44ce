// Loaded into a test server with NODE_OPTIONS=--import=<this file>: shifts the process's wall clock by
// E2E_CLOCK_OFFSET_MS, so a journey can play "yesterday" and the next server start (without it) can run the daily
// referral accrual for that day. Only Date moves; timers and performance.now() are untouched.
const RealDate = Date
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0)

function ShiftedDate(...args) {
  if (!new.target) return new RealDate(RealDate.now() + offset).toString()
  return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args)
}
ShiftedDate.prototype = RealDate.prototype
ShiftedDate.now = () => RealDate.now() + offset
ShiftedDate.parse = RealDate.parse
ShiftedDate.UTC = RealDate.UTC
globalThis.Date = ShiftedDate
