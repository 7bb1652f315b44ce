import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearQueryCache, fetchQuery, useQuery, type QueryDefinition } from './query.ts'

afterEach(() => {
  cleanup()
  clearQueryCache()
})

function Show({ query }: { query: QueryDefinition<string> }) {
  const state = useQuery(query)
  return <p data-testid="state">{`${state.status}:${state.data ?? ''}:${state.fetching}`}</p>
}

describe('query cache', () => {
  it('makes one call for components sharing a key and shows the answer', async () => {
    const fetch = vi.fn(() => Promise.resolve('ok'))
    const query = { key: ['k'], fetch }
    render(
      <>
        <Show query={query} />
        <Show query={query} />
      </>,
    )
    await act(async () => {})
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(screen.getAllByTestId('state').map((element) => element.textContent)).toEqual(['success:ok:false', 'success:ok:false'])
  })

  it('keeps data while a refetch fails and reports the error', async () => {
    let fail = false
    const query = { key: ['r'], fetch: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('v1')) }
    await fetchQuery(query)
    fail = true
    await expect(fetchQuery(query)).rejects.toThrow('down')
    render(<Show query={{ ...query, staleMs: 60_000 }} />)
    expect(screen.getByTestId('state').textContent).toBe('success:v1:false')
  })

  it('drops answers of calls made before the cache was cleared', async () => {
    let resolve: (value: string) => void = () => {}
    const query = { key: ['c'], fetch: () => new Promise<string>((done) => (resolve = done)) }
    render(<Show query={query} />)
    clearQueryCache()
    await act(async () => resolve('stale'))
    expect(screen.getByTestId('state').textContent).toBe('pending::false')
  })
})
