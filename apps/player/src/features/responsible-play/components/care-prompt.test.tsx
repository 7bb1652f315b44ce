import type { CarePrompt as CarePromptData } from '@sanam/contract'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { CarePrompt } from './care-prompt.tsx'

const due = (prompt: CarePromptData['prompt']): CarePromptData => ({ prompt })
const limitPrompt = due({ kind: 'DEPOSIT_LIMIT', period: '2026-11-27T05:00:00.000Z', from: '2026-11-27T05:00:00.000Z', figures: null, every_months: 6 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const posts = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url).replace(/^.*\/api/, ''), JSON.parse(String(init?.body))])

describe('the RTS 12 prompt (ADR 090)', () => {
  it('declining asks a second time; only the second answer is sent, with its confirmation', async () => {
    const api = stubApi({
      'GET /responsible-play/prompt': ok(limitPrompt),
      'POST /responsible-play/prompt/answer': () => ok(due(null), 'บันทึกแล้ว'),
    })
    renderRoutes({ url: '/', routes: [page('/', <CarePrompt />)] })
    const card = await screen.findByRole('region', { name: 'ตั้งวงเงินฝากก่อนเริ่มเล่น' })
    fireEvent.click(within(card).getByRole('button', { name: 'ไม่ตั้งวงเงินตอนนี้' }))
    await screen.findByRole('heading', { name: 'ยืนยันว่าไม่ตั้งวงเงินฝาก' })
    expect(posts(api)).toEqual([])
    // Back to the limit, then decline and confirm.
    fireEvent.click(screen.getByRole('button', { name: 'กลับไปตั้งวงเงิน' }))
    fireEvent.click(await screen.findByRole('button', { name: 'ไม่ตั้งวงเงินตอนนี้' }))
    fireEvent.click(await screen.findByRole('button', { name: 'ยืนยัน ไม่ตั้งวงเงินตอนนี้' }))
    await screen.findByText('บันทึกแล้ว')
    expect(posts(api)).toEqual([['/responsible-play/prompt/answer', { kind: 'DEPOSIT_LIMIT', answer: 'DECLINED', confirmed: true }]])
  })

  it('a limit set from the prompt goes through the limits flow first, then answers "limit set"', async () => {
    const api = stubApi({
      'GET /responsible-play/prompt': ok(limitPrompt),
      'POST /responsible-play/limits': () => ok({ limits: [], now: '2026-11-27T05:00:00.000Z' }, 'บันทึกวงเงินแล้ว'),
      'POST /responsible-play/prompt/answer': () => ok(due(null), 'บันทึกแล้ว ขอบคุณค่ะ'),
    })
    renderRoutes({ url: '/', routes: [page('/', <CarePrompt />)] })
    const card = await screen.findByRole('region', { name: 'ตั้งวงเงินฝากก่อนเริ่มเล่น' })
    fireEvent.click(within(card).getByRole('button', { name: 'ตั้งวงเงินฝาก' }))
    await within(card).findByText('กรุณากรอกวงเงินเป็นตัวเลขมากกว่า 0')
    fireEvent.click(within(card).getByLabelText('วงเงินฝากรายสัปดาห์'))
    fireEvent.change(within(card).getByRole('textbox', { name: 'ฝากได้สูงสุด (บาท)' }), { target: { value: '3,000' } })
    fireEvent.click(within(card).getByRole('button', { name: 'ตั้งวงเงินฝาก' }))
    await screen.findByText('บันทึกแล้ว ขอบคุณค่ะ')
    expect(posts(api)).toEqual([
      ['/responsible-play/limits', { kind: 'DEPOSIT_WEEK', value: 3000 }],
      ['/responsible-play/prompt/answer', { kind: 'DEPOSIT_LIMIT', answer: 'LIMIT_SET' }],
    ])
  })
})
