import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TOAST_MS, ToastProvider } from './toast-provider.tsx'
import { useToast } from './use-toast.ts'
import type { Toast } from './toast-context.ts'
import { useFakeClock } from '../../testing/fake-clock.ts'

function Trigger({ toast, label }: { toast: Toast; label: string }) {
  const { showToast } = useToast()
  return (
    <button type="button" onClick={() => showToast(toast)}>
      {label}
    </button>
  )
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger label="error" toast={{ kind: 'error', text: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง' }} />
      <Trigger label="logout" toast={{ kind: 'success', text: 'ออกจากระบบแล้ว' }} />
    </ToastProvider>,
  )
}

const shown = () => screen.queryAllByText(/เกิดข้อผิดพลาด|ออกจากระบบแล้ว/).map((element) => element.textContent)

const advance = useFakeClock()

describe('toasts (spec §9: 3 s each)', () => {
  it('stack: an error followed by "logged out" shows both, in order', async () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'error' }))
    fireEvent.click(screen.getByRole('button', { name: 'logout' }))
    expect(shown()).toEqual(['เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง', 'ออกจากระบบแล้ว'])
  })

  it('each leaves 3 s after it appeared', async () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'error' }))
    await advance(1000)
    fireEvent.click(screen.getByRole('button', { name: 'logout' }))
    await advance(TOAST_MS - 1000 - 1)
    expect(shown()).toHaveLength(2)
    await advance(1)
    expect(shown()).toEqual(['ออกจากระบบแล้ว'])
    await advance(1000)
    expect(shown()).toEqual([])
  })

  it('the close button removes only its own toast', async () => {
    renderToasts()
    fireEvent.click(screen.getByRole('button', { name: 'error' }))
    fireEvent.click(screen.getByRole('button', { name: 'logout' }))
    fireEvent.click(screen.getAllByRole('button', { name: 'ปิด' })[0]!)
    expect(shown()).toEqual(['ออกจากระบบแล้ว'])
  })
})
