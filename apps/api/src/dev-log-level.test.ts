import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { loggerOptions } from './app.ts'
import { testConfig } from './config.ts'

// PUT /api/dev/log-level (demo mode only; production mode's 404 is in demo-mode.routes.test.ts): the bench changes the
// level of a running server to measure the request log's cost at the default level against none on one process
// (issue 40 §1, ADR 102). The server's own logger settings at the default level, writing to a captured stream.

const lines: Array<{ msg: string; req?: { url: string }; level: number; [field: string]: unknown }> = []
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as (typeof lines)[number])
    done()
  },
})
const t = useTestApp({ deps: { logger: { ...loggerOptions(testConfig()), level: 'info', stream: capture } } })

const setLevel = (level: unknown) => t.app.inject({ method: 'PUT', url: '/api/dev/log-level', payload: { level } })
const requestLinesFor = (url: string) => lines.filter((line) => line.msg === 'request completed' && line.req?.url === url)

describe('the log level of a running demo server', () => {
  it('stops and starts the request lines without a restart, saying what it was', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health?before' })
    expect(requestLinesFor('/api/health?before')).toHaveLength(1)

    const quieter = await setLevel('warn')
    expect(quieter.statusCode).toBe(200)
    expect(quieter.json().data).toEqual({ level: 'warn', was: 'info' })
    await t.app.inject({ method: 'GET', url: '/api/health?at-warn' })
    expect(requestLinesFor('/api/health?at-warn')).toHaveLength(0)
    expect(lines.filter((line) => line.msg === 'log level changed').at(-1)).toMatchObject({ level: 40, logLevel: 'warn', was: 'info' })

    const back = await setLevel('info')
    expect(back.json().data).toEqual({ level: 'info', was: 'warn' })
    await t.app.inject({ method: 'GET', url: '/api/health?after' })
    expect(requestLinesFor('/api/health?after')).toHaveLength(1)
  })

  it('refuses a level pino does not have, or no level, in Thai, and keeps the one it has', async () => {
    for (const payload of [{ level: 'verbose' }, { level: 30 }, {}, { level: 'info', extra: true }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/dev/log-level', payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message, JSON.stringify(payload)).toMatch(/[\u0E01-\u0E5B]/)
    }
    await t.app.inject({ method: 'GET', url: '/api/health?still-info' })
    expect(requestLinesFor('/api/health?still-info')).toHaveLength(1)
  })
})
