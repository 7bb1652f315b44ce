import { Blob, Buffer as ShapingBuffer, Face, Font, shape } from 'harfbuzzjs'
import subsetFont from 'subset-font'
import { describe, expect, it } from 'vitest'
import { EMBEDDED_FAMILY, logoSvg, slideSvg, svgMedia, withEmbeddedKanit } from './site-images.ts'

// Issue 21 §7: Thai drawn inside a generated image showed as boxes on a machine without a Thai system font. The
// image now carries Kanit for exactly the characters it draws; each embedded face is read back with HarfBuzz (as a
// browser would shape it) and must have a real glyph, never .notdef (glyph 0, the box), for every character.

/** The embedded faces of an SVG: weight and woff2 bytes. */
function facesOf(svg: string) {
  return [...svg.matchAll(/font-weight:(\d+);unicode-range:[^;]+;src:url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\)/g)].map(([, weight, base64]) => ({
    weight: weight!,
    woff2: Buffer.from(base64!, 'base64'),
  }))
}

/**
 * The characters of `text` that none of `faces` has a glyph for. HarfBuzz reads plain fonts, not woff2: each face is
 * turned into one by subset-font (keeping every glyph of `text` it has), then shaped.
 */
async function missingGlyphs(faces: Array<{ woff2: Buffer }>, text: string): Promise<string[]> {
  const fonts: Font[] = []
  for (const { woff2 } of faces) {
    // subset-font fails on a face that has none of the characters: that face draws none of them.
    const plain = await subsetFont(woff2, text, { targetFormat: 'sfnt' }).catch(() => null)
    if (plain) fonts.push(new Font(new Face(new Blob(new Uint8Array(plain)))))
  }
  // Spaces draw nothing, so never a box (and a face of a space alone cannot be subset again to check it).
  return [...text.replace(/\s/g, '')].filter((char) =>
    fonts.every((font) => {
      const shaping = new ShapingBuffer()
      shaping.addText(char)
      shaping.guessSegmentProperties()
      shape(font, shaping)
      return shaping.getGlyphInfos().every((glyph) => glyph.codepoint === 0)
    }),
  )
}

describe('generated images with Thai text', () => {
  it('carry Kanit for every character they draw, per weight, first in their font lists', async () => {
    const slide = { title: 'ฝากง่าย เครดิตเข้าไว', subtitle: 'โอนจากบัญชีที่ลงทะเบียน 3-5 นาที', from: '#000000', to: '#111111', accent: '#ffffff' }
    const [svg = ''] = await withEmbeddedKanit([slideSvg(slide)])
    const faces = facesOf(svg)
    expect(new Set(faces.map((f) => f.weight))).toEqual(new Set(['700', '400']))
    const ofWeight = (weight: string) => faces.filter((f) => f.weight === weight)
    expect(await missingGlyphs(ofWeight('700'), slide.title)).toEqual([])
    expect(await missingGlyphs(ofWeight('400'), slide.subtitle)).toEqual([])
    // A character the image does not draw is not in it: only what is used travels.
    expect(await missingGlyphs(faces, 'ฮ')).toEqual(['ฮ'])
    for (const family of svg.match(/font-family="[^"]*"/g) ?? []) expect(family).toMatch(new RegExp(`^font-family="'${EMBEDDED_FAMILY}', `))
    expect(svg.length).toBeLessThan(40_000)
  })

  it('keeps escaped markup in the text as the characters it stands for', async () => {
    const [svg = ''] = await withEmbeddedKanit([logoSvg({ name: 'A&B', tagline: 'สนาม <ใหม่>', primary: '#d4af37' })])
    expect(await missingGlyphs(facesOf(svg), 'สนาม <ใหม่>A&B')).toEqual([])
  })

  it('leaves an image without Thai text as it is', async () => {
    const svg = logoSvg({ name: 'SANAM', tagline: 'online', primary: '#d4af37' })
    expect(await withEmbeddedKanit([svg])).toEqual([svg])
    const [row] = await svgMedia([{ path: 'site/logo.svg', svg }], new Date())
    expect(row?.body.toString('utf8')).toBe(svg)
  })

  it('cuts the fonts of many images in one go, each image keeping its own', async () => {
    const logo = logoSvg({ name: 'สนาม', tagline: 'เกมออนไลน์', primary: '#d4af37' })
    const plain = logoSvg({ name: 'SANAM', tagline: 'online', primary: '#d4af37' })
    const slide = { title: 'ฮอตฮิต', subtitle: 'ฝากถอนไว', from: '#000000', to: '#111111', accent: '#ffffff' }
    const [withLogo = '', asIs, withSlide = ''] = await withEmbeddedKanit([logo, plain, slideSvg(slide)])
    expect(asIs).toBe(plain)
    expect(await missingGlyphs(facesOf(withLogo), 'สนามเกมออนไลน์')).toEqual([])
    expect(await missingGlyphs(facesOf(withLogo), 'ฮ')).toEqual(['ฮ'])
    expect(await missingGlyphs(facesOf(withSlide), 'ฮอตฮิตฝากถอนไว')).toEqual([])
  })
})
