import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FormError, SubmitButton } from './form-actions.tsx'

afterEach(cleanup)

describe('form actions', () => {
  it('shows the form message as an alert, and nothing without one', () => {
    const { rerender } = render(<FormError message="กรุณากรอกข้อมูลให้ครบถ้วน" />)
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกข้อมูลให้ครบถ้วน')
    rerender(<FormError message={null} />)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('disables the submit button while busy, so a second tap sends nothing', () => {
    const { rerender } = render(<SubmitButton busy={false}>ยืนยัน</SubmitButton>)
    const button = screen.getByRole('button', { name: 'ยืนยัน' }) as HTMLButtonElement
    expect(button.type).toBe('submit')
    expect(button.disabled).toBe(false)
    rerender(<SubmitButton busy>ยืนยัน</SubmitButton>)
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
  })
})
