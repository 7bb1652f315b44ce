import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The care tasks page (ADR 090, amended 2026-11-30) on stubbed calls: who sees "ตรวจสัญญาณตอนนี้", and what it says.

const state = vi.hoisted(() => ({
  role: 'owner' as string,
  answer: { data: { opened: 2 }, message: 'เปิดงานดูแลใหม่ 2 งาน' as string | undefined } as unknown,
  refusal: undefined as unknown,
  toasts: [] as Array<[string, string | undefined]>,
  checks: 0,
}))
vi.mock('../../lib/operator.ts', () => ({ useOperator: () => ({ data: { role: state.role } }) }))
vi.mock('../../components/toasts.tsx', () => ({ useToast: () => (text: string, kind?: string) => state.toasts.push([text, kind]) }))
vi.mock('../../components/paged-table.tsx', () => ({ PagedTable: ({ caption }: { caption: string }) => <table aria-label={caption} /> }))
vi.mock('./api/evaluate-care-markers.ts', () => ({
  useEvaluateCareMarkers: () => ({
    isPending: false,
    mutate: (_: unknown, on: { onSuccess: (answer: unknown) => void; onError: (error: unknown) => void }) => {
      state.checks++
      if (state.refusal) on.onError(state.refusal)
      else on.onSuccess(state.answer)
    },
  }),
}))
const { CareTasksPage } = await import('./care-tasks-page.tsx')
const { ApiError } = await import('@sanam/web-shared/api-client')

const renderPage = () => render(<CareTasksPage />)

beforeEach(() => {
  state.role = 'owner'
  state.answer = { data: { opened: 2 }, message: 'เปิดงานดูแลใหม่ 2 งาน' }
  state.refusal = undefined
  state.toasts = []
  state.checks = 0
})
afterEach(cleanup)

describe('the care tasks page', () => {
  it('offers "ตรวจสัญญาณตอนนี้" to an owner and shows what the check opened', () => {
    renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'ตรวจสัญญาณตอนนี้' }))
    expect(state.checks).toBe(1)
    expect(state.toasts).toEqual([['เปิดงานดูแลใหม่ 2 งาน', undefined]])
  })

  it("says none opened in the contract's words when the answer carries no message", () => {
    state.answer = { data: { opened: 0 }, message: undefined }
    renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'ตรวจสัญญาณตอนนี้' }))
    expect(state.toasts).toEqual([['ไม่มีงานดูแลใหม่', undefined]])
  })

  it('shows the refusal while the job runs as an error', () => {
    state.refusal = new ApiError('CONFLICT', 409, 'ระบบกำลังตรวจสัญญาณอยู่ กรุณาลองอีกครั้งในอีกสักครู่')
    renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'ตรวจสัญญาณตอนนี้' }))
    expect(state.toasts).toEqual([['ระบบกำลังตรวจสัญญาณอยู่ กรุณาลองอีกครั้งในอีกสักครู่', 'error']])
  })

  it.each(['finance', 'support', 'compliance'])("shows %s the tasks without the button (jobs.run is the owners')", (role) => {
    state.role = role
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'ดูแลผู้เล่น' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'ตรวจสัญญาณตอนนี้' })).toBeNull()
  })
})
