import { describe, expect, it } from 'vitest'
import { seamlessCall } from './seamless-calls.ts'
import { checkSignature, SIGNATURE_MAX_SKEW_MS, signatureHeaders, signBody } from './signing.ts'

const SECRET = 'provider-secret'
const NOW = new Date('2026-11-22T03:00:00Z')
const request = { method: 'POST', path: '/api/seamless/pgsoft/bet', body: '{"request_id":"r-1"}' }

describe('the signing rule (ADR 015)', () => {
  it('signs "METHOD\\npath\\ntimestamp\\nbody" with HMAC-SHA256, the timestamp in unix seconds (a fixed vector for providers)', () => {
    expect(signatureHeaders(SECRET, { ...request, now: NOW })).toEqual({
      'x-timestamp': '1795316400',
      'x-signature': 'sha256=69a78c867f89985aaebe85f389684c31ef0f96a4ffb55e32dcac867d1ee41eb8',
    })
  })

  it('accepts its own signature, refuses another secret, path or body, and calls one too far off the clock stale', () => {
    const headers = signatureHeaders(SECRET, { ...request, now: NOW })
    expect(checkSignature(SECRET, 'timestamped', { ...request, headers, now: NOW })).toBe('ok')
    expect(checkSignature('another-secret', 'timestamped', { ...request, headers, now: NOW })).toBe('bad')
    expect(checkSignature(SECRET, 'timestamped', { ...request, path: '/api/seamless/pgsoft/win', headers, now: NOW })).toBe('bad')
    expect(checkSignature(SECRET, 'timestamped', { ...request, body: '{"request_id":"r-2"}', headers, now: NOW })).toBe('bad')
    expect(checkSignature(SECRET, 'timestamped', { ...request, headers, now: new Date(NOW.getTime() + SIGNATURE_MAX_SKEW_MS) })).toBe('ok')
    expect(checkSignature(SECRET, 'timestamped', { ...request, headers, now: new Date(NOW.getTime() + SIGNATURE_MAX_SKEW_MS + 1000) })).toBe('stale')
    expect(checkSignature(SECRET, 'timestamped', { ...request, headers: { 'x-signature': headers['x-signature'] }, now: NOW })).toBe('bad')
  })

  it('the body scheme signs the body alone, and each scheme refuses the other', () => {
    const headers = signatureHeaders(SECRET, { ...request, now: NOW, scheme: 'body' })
    expect(headers).toEqual({ 'x-signature': signBody(SECRET, request.body) })
    expect(checkSignature(SECRET, 'body', { ...request, headers, now: NOW })).toBe('ok')
    expect(checkSignature(SECRET, 'timestamped', { ...request, headers, now: NOW })).toBe('bad')
    expect(checkSignature(SECRET, 'body', { ...request, headers: signatureHeaders(SECRET, { ...request, now: NOW }), now: NOW })).toBe('bad')
  })
})

describe('seamlessCall', () => {
  it('serialises the body once with a request_id and signs exactly those bytes for its path', () => {
    const call = seamlessCall('pgsoft', 'bet', { tx_id: 't-1' }, { secret: SECRET, now: NOW })
    expect(call.path).toBe('/api/seamless/pgsoft/bet')
    expect(JSON.parse(call.raw)).toMatchObject({ tx_id: 't-1', request_id: expect.any(String) })
    expect(call.headers['content-type']).toBe('application/json')
    expect(checkSignature(SECRET, 'timestamped', { method: 'POST', path: call.path, body: call.raw, headers: call.headers, now: NOW })).toBe('ok')
  })
})
