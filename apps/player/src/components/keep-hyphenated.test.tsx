import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { KeepHyphenated } from './keep-hyphenated.tsx'

describe('a hyphenated Thai compound', () => {
  it('stays on one line, and the text reads as it was', () => {
    const { container } = render(
      <a href="/history">
        <KeepHyphenated text="ดูประวัติการฝาก-ถอน" />
      </a>,
    )
    expect(container.textContent).toBe('ดูประวัติการฝาก-ถอน')
    expect(Array.from(container.querySelectorAll('.nowrap'), (span) => span.textContent)).toEqual(['ฝาก-ถอน'])
  })

  it('leaves text without a compound alone', () => {
    const { container } = render(<KeepHyphenated text="ติดต่อฝ่ายบริการลูกค้า" />)
    expect(container.textContent).toBe('ติดต่อฝ่ายบริการลูกค้า')
    expect(container.querySelector('.nowrap')).toBeNull()
  })
})
