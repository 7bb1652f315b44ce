import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ActivityIndicator, FullScreenOverlay } from './full-screen-overlay.tsx'

afterEach(cleanup)

describe('overlays', () => {
  it('the entering-game overlay is a modal named by its text', () => {
    render(<FullScreenOverlay text="กำลังเข้าสู่เกม..." />)
    const dialog = screen.getByRole('dialog', { name: 'กำลังเข้าสู่เกม...' })
    expect(dialog.getAttribute('aria-busy')).toBe('true')
    expect(dialog.parentElement).toBe(document.body)
  })

  it('the activity indicator is a status', () => {
    render(<ActivityIndicator text="กำลังตรวจสอบสลิป..." />)
    expect(screen.getByRole('status').textContent).toBe('กำลังตรวจสอบสลิป...')
  })
})
