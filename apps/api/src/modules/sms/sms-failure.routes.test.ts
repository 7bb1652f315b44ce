import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { registerBody } from '../../../test/factories.ts'
import { SmsSendError } from './sms.ts'

// A gateway that is down: registration must say so and leave nothing waiting for a code.
let failing = true
const t = useTestApp({
  deps: {
    sms: {
      name: 'flaky',
      async send() {
        if (failing) throw new SmsSendError('down')
      },
    },
  },
})

describe('registration when the SMS gateway fails', () => {
  it('answers 503 in Thai and lets the player retry at once', async () => {
    const body = registerBody()
    const res = await t.post('/api/auth/register', body)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ code: 'SMS_FAILED', message: 'ส่ง SMS ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' })
    failing = false
    const retry = await t.post('/api/auth/register', body)
    expect(retry.statusCode).toBe(200)
    expect(retry.json().data.sms).toBe(true)
  })
})
