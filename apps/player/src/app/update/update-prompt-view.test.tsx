import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UpdatePromptView } from './update-prompt-view.tsx'

afterEach(cleanup)

describe('the update prompt', () => {
  it('says a new version is ready and reloads into it only when the player taps', () => {
    const onUpdate = vi.fn()
    render(<UpdatePromptView onUpdate={onUpdate} />)
    expect(screen.getByRole('status').textContent).toContain('เวอร์ชันใหม่')
    expect(onUpdate).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'อัปเดตเลย' }))
    expect(onUpdate).toHaveBeenCalledOnce()
  })
})
