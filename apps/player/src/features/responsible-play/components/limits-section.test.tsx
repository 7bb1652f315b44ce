import type { PlayerLimit, PlayerLimits } from '@sanam/contract'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { LimitsSection } from './limits-section.tsx'

const none = (kind: PlayerLimit['kind']): PlayerLimit => ({
  kind,
  value: null,
  pending: null,
  used: kind === 'SESSION_REMINDER' ? null : 0,
  remaining: null,
  period_ends_at: null,
})
const limits = (...set: PlayerLimit[]): PlayerLimits => ({
  limits: (['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'SESSION_REMINDER'] as const).map(
    (kind) => set.find((l) => l.kind === kind) ?? none(kind),
  ),
  now: '2026-11-27T05:00:00.000Z',
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the limits on the responsible-play page (ADR 048)', () => {
  it('names each amount field once, after its own limit, as a screen reader reads it', async () => {
    stubApi({ 'GET /responsible-play/limits': ok(limits()) })
    renderRoutes({ url: '/responsible-play', routes: [page('/responsible-play', <LimitsSection />)] })
    const card = await screen.findByRole('region', { name: 'วงเงินฝากรายวัน' })
    await within(card).findByText('ยังไม่ได้ตั้ง')
    // Each field's accessible name, whole: the limit's name said once, then what to type.
    const fields = ['วงเงินฝากรายวันใหม่ (บาท)', 'วงเงินฝากรายสัปดาห์ใหม่ (บาท)', 'วงเงินฝากรายเดือนใหม่ (บาท)', 'วงเงินเสียรายวันใหม่ (บาท)']
    expect(fields.map((name) => screen.getByRole('textbox', { name }))).toEqual(screen.getAllByRole('textbox'))
    expect(within(card).getByText('วงเงินฝากรายวันใหม่ (บาท)').tagName).toBe('LABEL')
  })

  it('sends the amount typed in a card for that card’s limit, and says what the server answered', async () => {
    const api = stubApi({
      'GET /responsible-play/limits': ok(limits()),
      'POST /responsible-play/limits': (body) =>
        ok(limits({ ...none('DEPOSIT_WEEK'), value: (body as { value: number }).value, remaining: 1500 }), 'บันทึกวงเงินแล้ว มีผลทันที'),
    })
    renderRoutes({ url: '/responsible-play', routes: [page('/responsible-play', <LimitsSection />)] })
    const card = await screen.findByRole('region', { name: 'วงเงินฝากรายสัปดาห์' })
    fireEvent.change(await within(card).findByRole('textbox', { name: 'วงเงินฝากรายสัปดาห์ใหม่ (บาท)' }), { target: { value: '1,500' } })
    fireEvent.click(within(card).getByRole('button', { name: 'บันทึกวงเงิน' }))
    await screen.findByText('บันทึกวงเงินแล้ว มีผลทันที')
    const sent = api.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ kind: 'DEPOSIT_WEEK', value: 1500 })
    await within(card).findByText('1,500 บาท')
  })
})
