import { describe, expect, it } from 'vitest'
import { MediaUrl } from './fields.ts'

describe('an image field', () => {
  it('takes a file Sanam serves under /media/', () => {
    expect(MediaUrl.safeParse('/media/uploads/0123abcd.png').success).toBe(true)
    expect(MediaUrl.safeParse('/media/site/logo.svg').success).toBe(true)
  })

  it('refuses another host, a way out of /media/ and anything that is not a plain path, in Thai', () => {
    for (const url of [
      'https://example.com/a.png',
      '//example.com/a.png',
      '/media/../api/x',
      '/media/',
      '/media/a b.png',
      '/media/A.PNG',
      'javascript:alert(1)',
    ]) {
      const result = MediaUrl.safeParse(url)
      expect(result.success, url).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/[\u0E00-\u0E7F]/)
    }
  })

  it('asks for an image not uploaded yet in words a person understands, not a path', () => {
    expect(MediaUrl.safeParse('').error?.issues[0]?.message).toBe('กรุณาอัปโหลดรูปภาพ')
    expect(MediaUrl.safeParse('https://example.com/a.png').error?.issues[0]?.message).not.toContain('/media/')
  })
})
