import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pager } from './pager.tsx'

afterEach(cleanup)

const buttons = () =>
  [screen.getByRole('button', { name: 'หน้าก่อนหน้า' }), screen.getByRole('button', { name: 'หน้าถัดไป' })].map((b) => (b as HTMLButtonElement).disabled)

describe('Pager (spec §2 History paging)', () => {
  it('shows the zero-based page from 1; previous off on the first page, next off on the last', () => {
    const onChange = vi.fn()
    const { rerender } = render(<Pager page={0} size={20} total={41} onChange={onChange} />)
    expect(screen.getByText('หน้า 1')).toBeTruthy()
    expect(buttons()).toEqual([true, false])
    fireEvent.click(screen.getByRole('button', { name: 'หน้าถัดไป' }))
    expect(onChange).toHaveBeenCalledWith(1)
    rerender(<Pager page={2} size={20} total={41} onChange={onChange} />)
    expect(screen.getByText('หน้า 3')).toBeTruthy()
    expect(buttons()).toEqual([false, true])
  })

  it('a single page shows page 1 with both ways shut; an empty list shows no pager', () => {
    const { rerender } = render(<Pager page={0} size={20} total={20} onChange={() => {}} />)
    expect(buttons()).toEqual([true, true])
    rerender(<Pager page={0} size={20} total={0} onChange={() => {}} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('is shut both ways while a page loads', () => {
    render(<Pager page={1} size={10} total={30} busy onChange={() => {}} />)
    expect(buttons()).toEqual([true, true])
  })
})
