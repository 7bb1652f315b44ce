import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from './modal.tsx'

afterEach(cleanup)

describe('Modal (spec §2 Overlays)', () => {
  it('is a labelled dialog that takes focus and closes by button, backdrop and Escape', () => {
    const onClose = vi.fn()
    render(
      <Modal title="เลือกธนาคาร" onClose={onClose}>
        <button type="button">ข้างใน</button>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'เลือกธนาคาร' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(dialog)

    fireEvent.click(screen.getByRole('button', { name: 'ข้างใน' }))
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'ปิด' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByTestId('modal-backdrop'))
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(3)
  })
})
