import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PasswordField, TextField } from './text-field.tsx'

afterEach(cleanup)

describe('TextField', () => {
  it('labels the input and ties the error to it', () => {
    render(<TextField label="เลขบัญชี" error="เลขบัญชีนี้ถูกใช้งานแล้ว" defaultValue="1" />)
    const input = screen.getByLabelText('เลขบัญชี')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const note = document.getElementById(input.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toBe('เลขบัญชีนี้ถูกใช้งานแล้ว')
    expect(note?.getAttribute('role')).toBe('alert')
  })

  it('shows the hint when there is no error', () => {
    render(<TextField label="รหัสแนะนำ" hint="กรอกให้อัตโนมัติจากลิงก์แนะนำ" readOnly value="ABC" />)
    const input = screen.getByLabelText('รหัสแนะนำ')
    expect(input.hasAttribute('readonly')).toBe(true)
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByText('กรอกให้อัตโนมัติจากลิงก์แนะนำ').getAttribute('role')).toBeNull()
  })
})

describe('PasswordField', () => {
  it('shows and hides the password with a labelled toggle', () => {
    render(<PasswordField label="รหัสผ่าน" defaultValue="secret" />)
    const input = screen.getByLabelText('รหัสผ่าน') as HTMLInputElement
    expect(input.type).toBe('password')
    const toggle = screen.getByRole('button', { name: 'แสดงรหัสผ่าน' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    expect(input.type).toBe('text')
    fireEvent.click(screen.getByRole('button', { name: 'ซ่อนรหัสผ่าน' }))
    expect(input.type).toBe('password')
  })
})
