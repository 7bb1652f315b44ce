import { MIN_OPERATOR_PASSWORD_LENGTH } from '@sanam/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { th } from '../../lib/i18n/th.ts'
import { AccountPage } from './account-page.tsx'

afterEach(cleanup)

// Issue 36 §8: an operator's password is 12 characters or more (issue 18), and every text and check says so.
describe('operator password rules', () => {
  it('the new-password field asks for at least the operators’ minimum, and its label says the same number', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AccountPage />
      </QueryClientProvider>,
    )
    const field = screen.getByLabelText<HTMLInputElement>(/^รหัสผ่านใหม่/)
    expect(MIN_OPERATOR_PASSWORD_LENGTH).toBe(12)
    expect(field.minLength).toBe(MIN_OPERATOR_PASSWORD_LENGTH)
    expect(field.closest('label')?.textContent).toContain(`${MIN_OPERATOR_PASSWORD_LENGTH} ตัวอักษร`)
  })

  it('no back-office text gives a password another length', () => {
    const lengths = Object.values(th)
      .filter((text) => text.includes('รหัสผ่าน'))
      .flatMap((text) => [...text.matchAll(/(\d+)\s*ตัวอักษร/g)].map((m) => Number(m[1])))
    expect(lengths.length).toBeGreaterThan(0)
    expect(new Set(lengths)).toEqual(new Set([MIN_OPERATOR_PASSWORD_LENGTH]))
  })
})
