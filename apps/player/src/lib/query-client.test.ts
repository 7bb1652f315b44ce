import type { UserMe } from '@sanam/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { createQueryClient } from './query-client.ts'
import { endSession, startSession } from './session.ts'

const user = { uid: 1, mobile: '0812345678' } as UserMe

afterEach(() => endSession())

describe('the app’s query client', () => {
  it('drops every cached answer when the session ends, so the next player sees none of them', () => {
    startSession('tok-1', user)
    const client = createQueryClient()
    client.setQueryData(['wallet', 'histories', 0], { list: [1] })
    endSession()
    expect(client.getQueryData(['wallet', 'histories', 0])).toBeUndefined()
  })

  it('retries a read that got no answer once, and never a refusal', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean
    expect(retry(0, new ApiError('NETWORK', 0))).toBe(true)
    expect(retry(1, new ApiError('NETWORK', 0))).toBe(false)
    expect(retry(0, new ApiError('RULE_REFUSED', 422))).toBe(false)
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false)
  })
})
