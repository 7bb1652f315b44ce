import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CheckboxField, SelectField, TextAreaField, TextField } from './fields.tsx'

afterEach(cleanup)

describe('the back-office field kit', () => {
  it('names each control by its label, and reads its hint and error out with it', () => {
    render(<TextField label="ยอดเงิน" name="amount" type="number" hint="ไม่เกินสองทศนิยม" error="กรุณากรอกยอดเงิน" required />)
    const input = screen.getByLabelText(/ยอดเงิน/) as HTMLInputElement
    expect(input.name).toBe('amount')
    expect(input.required).toBe(true)
    // Money: decimals, no negatives.
    expect(input.inputMode).toBe('decimal')
    expect(input.min).toBe('0')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(described).toEqual(['ไม่เกินสองทศนิยม', 'กรุณากรอกยอดเงิน'])
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกยอดเงิน')
  })

  it('a valid field is neither invalid nor described, and nothing is required unless asked', () => {
    render(<TextField label="ชื่อ" name="title" />)
    const input = screen.getByLabelText('ชื่อ')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
    expect((input as HTMLInputElement).required).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('held by the page: each kind hands back what was typed, picked or ticked', () => {
    const typed = vi.fn()
    const picked = vi.fn()
    const written = vi.fn()
    const ticked = vi.fn()
    render(
      <>
        <TextField label="เริ่ม" type="datetime-local" value="" onChange={typed} />
        <SelectField
          label="ประเภท"
          value="A"
          onChange={picked}
          options={[
            { value: 'A', text: 'แบบ A' },
            { value: 'B', text: 'แบบ B' },
          ]}
        />
        <TextAreaField label="คำอธิบาย" value="" onChange={written} />
        <CheckboxField label="เปิดใช้" checked={false} onChange={ticked} />
      </>,
    )
    fireEvent.change(screen.getByLabelText('เริ่ม'), { target: { value: '2026-11-29T10:00' } })
    fireEvent.change(screen.getByLabelText('ประเภท'), { target: { value: 'B' } })
    fireEvent.change(screen.getByLabelText('คำอธิบาย'), { target: { value: 'ข้อความ' } })
    fireEvent.click(screen.getByLabelText('เปิดใช้'))
    expect(typed).toHaveBeenCalledWith('2026-11-29T10:00')
    expect(picked).toHaveBeenCalledWith('B')
    expect(written).toHaveBeenCalledWith('ข้อความ')
    expect(ticked).toHaveBeenCalledWith(true)
    expect(screen.getByRole('option', { name: 'แบบ B' })).toBeTruthy()
  })
})
