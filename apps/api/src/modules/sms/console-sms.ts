import type { Clock } from '../../lib/clock.ts'
import type { SmsMessage, SmsSender } from './sms.ts'

export interface OutboxEntry {
  to: string
  text: string
  otp_ref: string | null
  otp: string | null
  created_at: string
}

const OUTBOX_LIMIT = 1000

/**
 * The development sender: logs the text and keeps it in memory so a person (or a test) can read the
 * code at GET /api/dev/sms. Only wired when SMS_PROVIDER=console.
 */
export function consoleSmsSender(deps: { clock: Clock; log: (line: string) => void }) {
  const outbox: OutboxEntry[] = []
  const sender: SmsSender & { outbox(mobile: string): OutboxEntry[] } = {
    name: 'console',
    async send(message: SmsMessage) {
      deps.log(`[sms to ${message.to}] ${message.text}`)
      outbox.push({
        to: message.to,
        text: message.text,
        otp_ref: message.otp?.ref ?? null,
        otp: message.otp?.code ?? null,
        created_at: deps.clock.now().toISOString(),
      })
      if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT)
    },
    outbox(mobile: string) {
      return outbox.filter((m) => m.to === mobile).reverse()
    },
  }
  return sender
}
export type ConsoleSmsSender = ReturnType<typeof consoleSmsSender>
