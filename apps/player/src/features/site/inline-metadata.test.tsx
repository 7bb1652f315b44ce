import type { SiteMetadata } from '@sanam/contract'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider } from '../../components/toast/toast-provider.tsx'
import { SiteLogo } from './components/site-logo.tsx'
import { SiteProvider } from './components/site-provider.tsx'
import { readInlineSiteMetadata } from './inline-metadata.ts'

const metadata: SiteMetadata = {
  title: 'สนามทดสอบ',
  description: 'คำอธิบาย',
  theme: { primary: '#f5c542', background: '#101020', on_primary: '#17130a' },
  image: { favicon: '/media/site/favicon.svg', logo: '/media/site/logo.svg' },
  contact: { line: 'https://line.me/R/ti/p/@x' },
  responsible_play: { help_url: null },
  terms_url: null,
  slides: ['/media/site/slide-1.svg'],
}

function putBlock(text: string) {
  const block = document.createElement('script')
  block.id = 'site-metadata'
  block.type = 'application/json'
  block.textContent = text
  document.head.append(block)
}

describe('site metadata sent inside the page', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    document.getElementById('site-metadata')?.remove()
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('is read when whole, and ignored when missing, damaged or of another shape', () => {
    expect(readInlineSiteMetadata()).toBeNull()
    putBlock(JSON.stringify(metadata))
    expect(readInlineSiteMetadata()).toEqual(metadata)
    document.getElementById('site-metadata')!.textContent = '{"title": "x"'
    expect(readInlineSiteMetadata()).toBeNull()
    document.getElementById('site-metadata')!.textContent = JSON.stringify({ ...metadata, slides: [1] })
    expect(readInlineSiteMetadata()).toBeNull()
  })

  it('gives the first render the logo, title and theme with no metadata call', () => {
    putBlock(JSON.stringify(metadata))
    render(
      <ToastProvider>
        <SiteProvider>
          <SiteLogo size="large" />
        </SiteProvider>
      </ToastProvider>,
    )
    const logo = screen.getByRole('img', { name: 'สนามทดสอบ' })
    expect(logo.getAttribute('src')).toBe('/media/site/logo.svg')
    // Sized before the file arrives, so nothing below it moves.
    expect(logo.getAttribute('width')).toBe('264')
    expect(logo.getAttribute('height')).toBe('88')
    expect(document.title).toBe('สนามทดสอบ')
    expect(document.documentElement.style.getPropertyValue('--background')).toBe('#101020')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('without it, calls GET /api/site/metadata', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: metadata }), { status: 200 }))
    render(
      <ToastProvider>
        <SiteProvider>
          <SiteLogo size="small" />
        </SiteProvider>
      </ToastProvider>,
    )
    expect(await screen.findByRole('img', { name: 'สนามทดสอบ' })).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/site/metadata')
  })
})
