// A file of its own: vitest gives each file a fresh thread, so nothing else here has loaded WebAssembly before.
import { describe, expect, it } from 'vitest'
import { logoSvg, slideSvg, svgMedia } from './site-images.ts'

describe('drawing images with Thai text', () => {
  it("leaves the server's memory as it was: the fonts are cut in a thread that ends", async () => {
    const images = [
      { path: 'site/logo.svg', svg: logoSvg({ name: 'สนาม', tagline: 'เกมออนไลน์', primary: '#d4af37' }) },
      { path: 'site/slide-1.svg', svg: slideSvg({ title: 'ฝากง่าย', subtitle: 'ถอนไว', from: '#000000', to: '#111111', accent: '#ffffff' }) },
    ]
    const before = process.memoryUsage().external
    const rows = await svgMedia(images, new Date())
    expect(rows.map((row) => row.body.toString('utf8'))).toEqual([expect.stringContaining('@font-face'), expect.stringContaining('@font-face')])
    // harfbuzz and woff2 run as WebAssembly, whose memory never shrinks: in this thread, about 100 MB for good.
    expect(process.memoryUsage().external - before).toBeLessThan(30 * 1024 * 1024)
  })
})
