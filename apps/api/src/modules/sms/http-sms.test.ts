import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { httpSmsSender, toMsisdn } from './http-sms.ts'
import { SmsSendError } from './sms.ts'

interface Received {
  headers: IncomingMessage['headers']
  body: unknown
}

/** A local fake gateway answering with the given status and body, or never (`hang`: a gateway that stopped answering). */
async function fakeGateway(answer: { status: number; body: string; hang?: boolean }) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) })
      if (!answer.hang) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () => {
    server.closeAllConnections()
    return new Promise<void>((r) => server.close(() => r()))
  }
  return { url: `http://127.0.0.1:${port}/send`, received, close }
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

describe('httpSmsSender', () => {
  it('posts the message with the key, sender and international number', async () => {
    const gateway = await fakeGateway({ status: 200, body: '{"success":true}' })
    close = gateway.close
    const sender = httpSmsSender({ url: gateway.url, apiKey: 'key-123', sender: 'SANAM', timeoutMs: 2000 })
    await sender.send({ to: '0812345678', text: 'รหัส OTP 123456', otp: { code: '123456', ref: 'ABCD' } })
    expect(gateway.received).toHaveLength(1)
    expect(gateway.received[0]?.headers.authorization).toBe('Bearer key-123')
    expect(gateway.received[0]?.body).toEqual({ sender: 'SANAM', msisdn: '66812345678', message: 'รหัส OTP 123456' })
  })

  it.each([
    ['a 500', { status: 500, body: '{}' }],
    ['a 401', { status: 401, body: 'no' }],
    ['a 200 that says it failed', { status: 200, body: '{"success":false,"error":"credit"}' }],
    ['a 200 with status error', { status: 200, body: '{"status":"error"}' }],
  ])('throws SmsSendError for %s', async (_name, answer) => {
    const gateway = await fakeGateway(answer)
    close = gateway.close
    const sender = httpSmsSender({ url: gateway.url, apiKey: 'k', sender: 'S', timeoutMs: 2000 })
    await expect(sender.send({ to: '0812345678', text: 'x' })).rejects.toBeInstanceOf(SmsSendError)
  })

  it('gives up after the timeout', async () => {
    const gateway = await fakeGateway({ status: 200, body: '{}', hang: true })
    close = gateway.close
    const sender = httpSmsSender({ url: gateway.url, apiKey: 'k', sender: 'S', timeoutMs: 100 })
    await expect(sender.send({ to: '0812345678', text: 'x' })).rejects.toBeInstanceOf(SmsSendError)
  })

  it('throws when nothing listens', async () => {
    const sender = httpSmsSender({ url: 'http://127.0.0.1:9/send', apiKey: 'k', sender: 'S', timeoutMs: 1000 })
    await expect(sender.send({ to: '0812345678', text: 'x' })).rejects.toBeInstanceOf(SmsSendError)
  })

  it('never carries the message (an OTP) in its errors, which may be logged', async () => {
    const gateway = await fakeGateway({ status: 500, body: '{"error":"down"}' })
    close = gateway.close
    const sender = httpSmsSender({ url: gateway.url, apiKey: 'k', sender: 'S', timeoutMs: 2000 })
    const failures = await Promise.all([
      sender.send({ to: '0812345678', text: 'รหัส OTP ของคุณคือ 987654', otp: { code: '987654', ref: 'WXYZ' } }).catch((e: unknown) => e),
      httpSmsSender({ url: 'http://127.0.0.1:9/send', apiKey: 'k', sender: 'S', timeoutMs: 1000 })
        .send({ to: '0812345678', text: 'รหัส OTP ของคุณคือ 987654', otp: { code: '987654', ref: 'WXYZ' } })
        .catch((e: unknown) => e),
    ])
    for (const error of failures) {
      expect(error).toBeInstanceOf(SmsSendError)
      const told = `${String(error)} ${JSON.stringify(error)} ${String((error as Error).cause)} ${(error as Error).stack}`
      expect(told).not.toContain('987654')
    }
  })

  it('writes Thai numbers in international form', () => {
    expect(toMsisdn('0912345678')).toBe('66912345678')
  })
})
