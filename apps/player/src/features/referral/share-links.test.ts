import { describe, expect, it } from 'vitest'
import { inviteLink, shareUrl } from './share-links.ts'

describe('invite and share links', () => {
  it('the invite link is this origin’s register page with the code', () => {
    expect(inviteLink('https://sanam.example', 'AB12 CD')).toBe('https://sanam.example/register?invite_code=AB12%20CD')
  })

  it('each network gets the link encoded in its share page', () => {
    const link = 'https://sanam.example/register?invite_code=DEMO2345'
    const encoded = encodeURIComponent(link)
    expect(shareUrl('LINE', link, 'มาเล่น')).toBe(`https://social-plugins.line.me/lineit/share?url=${encoded}&text=${encodeURIComponent('มาเล่น')}`)
    expect(shareUrl('Telegram', link, 'มาเล่น')).toBe(`https://t.me/share/url?url=${encoded}&text=${encodeURIComponent('มาเล่น')}`)
    expect(shareUrl('Facebook', link, 'มาเล่น')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`)
  })
})
