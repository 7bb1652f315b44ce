/** One text message. `otp` rides along so the dev outbox can show it; real gateways ignore it. */
export interface SmsMessage {
  to: string
  text: string
  otp?: { code: string; ref: string }
}

/** The port every SMS gateway implements. Throws when the message was not accepted. */
export interface SmsSender {
  readonly name: string
  send(message: SmsMessage): Promise<void>
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SmsSendError'
  }
}
