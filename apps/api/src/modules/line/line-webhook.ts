import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { sameBytes } from '../../lib/crypto.ts'

/**
 * Whether `x-line-signature` is LINE's: base64 of HMAC-SHA256 over the raw body, keyed with the channel secret,
 * compared in constant time (ADR 088). The body must be the bytes LINE sent, before any parsing.
 */
export function lineSignatureValid(channelSecret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false
  const expected = createHmac('sha256', channelSecret).update(rawBody, 'utf8').digest()
  return sameBytes(expected, Buffer.from(signature, 'base64'))
}

/** One webhook event, as far as Sanam reads it (LINE's other fields pass through unread). */
export const LineEvent = z.looseObject({
  type: z.string(),
  webhookEventId: z.string().min(1).max(100),
  replyToken: z.string().max(200).optional(),
  source: z.looseObject({ type: z.string(), userId: z.string().max(100).optional(), groupId: z.string().max(100).optional() }).optional(),
  link: z.looseObject({ result: z.string(), nonce: z.string().max(300).optional() }).optional(),
})
export type LineEvent = z.infer<typeof LineEvent>

/** The webhook's body: the bot's user id and up to LINE's batch of events (none when the console verifies the URL). */
export const LineWebhookBody = z.looseObject({
  destination: z.string().max(100),
  events: z.array(LineEvent).max(100),
})
