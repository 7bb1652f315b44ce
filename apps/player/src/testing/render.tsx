/**
 * Test helpers for the player app's component tests: a memory router with the app's providers around the
 * element, and a fetch stand-in that answers /api calls from a table.
 */
import type { SiteMetadata, UserMe } from '@sanam/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { ToastProvider } from '../components/toast/toast-provider.tsx'
import { SiteContext, type SiteState } from '../features/site/site-context.ts'

export const demoMetadata: SiteMetadata = {
  title: 'Sanam',
  description: 'สนามเกมออนไลน์',
  theme: { primary: '#d4af37', background: '#0b0b14', on_primary: '#17130a' },
  image: { favicon: '/media/site/favicon.svg', logo: '/media/site/logo.svg' },
  contact: { line: 'https://line.me/R/ti/p/@sanam-demo' },
  responsible_play: { help_url: 'https://www.example.org/help' },
  terms_url: 'https://www.example.org/terms',
  slides: ['/media/site/slide-1.svg', '/media/site/slide-2.svg'],
}

export const demoUser: UserMe = {
  uid: 1,
  mobile: '0812345678',
  firstname: 'สมชาย',
  surname: 'ใจดี',
  invite_code: 'DEMO2345',
  bank: { code: '004', name: 'ธนาคารกสิกรไทย', account: '1234567890' },
  promotion: { enabled: false },
  created_at: '2026-11-22T03:00:00.000Z',
  restriction: null,
}

/** A query client for one test: nothing retried, nothing shared with the next test. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } })
}

/**
 * Renders `routes` in a memory router starting at `url` (a path, or a location with router state), with a fresh
 * query client, toasts and site state.
 */
export function renderRoutes(options: { url: string | { pathname: string; hash?: string; state?: unknown }; routes: RouteObject[]; site?: SiteState }) {
  const router = createMemoryRouter(options.routes, { initialEntries: [options.url] })
  const queryClient = testQueryClient()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SiteContext value={options.site ?? { status: 'ready', metadata: demoMetadata }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SiteContext>
    </QueryClientProvider>,
  )
  return { router, queryClient, ...view }
}

/** A route that shows where the router ended up. */
export function landing(path: string): RouteObject {
  return { path, element: <p data-testid="landed">{path}</p> }
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element }
}

type Handler = (body: unknown, init: RequestInit | undefined, url: URL) => { status: number; body: unknown }

/** Stubs fetch: `routes['POST /auth/login']` answers that call; anything else is a 404 envelope. Returns the mock. */
export function stubApi(routes: Record<string, Handler | { status: number; body: unknown }>) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`
    const route = routes[key]
    const requestBody: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const answer =
      typeof route === 'function' ? route(requestBody, init, url) : (route ?? { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'ไม่พบ' } })
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }))
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

export const ok = (data: unknown, message?: string) => ({ status: 200, body: { success: true, data, ...(message ? { message } : {}) } })
export const fail = (status: number, code: string, message: string, errors?: unknown[]) => ({
  status,
  body: { success: false, code, message, ...(errors ? { errors } : {}) },
})
