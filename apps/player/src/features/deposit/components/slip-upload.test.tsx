import type { SlipCheck } from '@sanam/contract'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SlipUpload } from './slip-upload.tsx'

afterEach(cleanup)

const check = (over: Partial<SlipCheck>): SlipCheck => ({ id: 1, status: 'CREDITED', reason: null, message: '', amount: 500, deposit_id: 9, ...over })
const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'slip.png', { type: 'image/png' })
const choose = (file: File) => fireEvent.change(screen.getByLabelText('อัปโหลดรูปสลิป'), { target: { files: [file] } })

describe('SlipUpload (ADR 079)', () => {
  it('sends only the text read from the picture, and says the credit in Thai', async () => {
    const decodeFile = vi.fn(async () => '0041000600000101030040220013071152533APM077365102TH91048134')
    const submit = vi.fn(async () => check({ message: 'ตรวจสลิปแล้ว เติมเครดิต 500 บาทเข้ากระเป๋าของคุณแล้ว' }))
    render(<SlipUpload decodeFile={decodeFile} submit={submit} canScan={false} />)
    const file = picture()
    choose(file)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('ตรวจสลิปแล้ว เติมเครดิต 500 บาทเข้ากระเป๋าของคุณแล้ว'))
    expect(decodeFile).toHaveBeenCalledWith(file)
    expect(submit).toHaveBeenCalledWith('0041000600000101030040220013071152533APM077365102TH91048134')
    expect(screen.getByRole('status').className).toContain('slip__result--good')
  })

  it('shows a refusal with its reason, and a slip still being checked', async () => {
    const answers = [
      check({ status: 'REFUSED', reason: 'AMOUNT_NOT_BILL', message: 'ยอดเงินในสลิปไม่ตรงกับยอดรายการฝากที่สร้างไว้' }),
      check({ status: 'CHECKING', message: 'กำลังตรวจสลิปกับธนาคาร' }),
    ]
    render(<SlipUpload decodeFile={async () => 'payload'} submit={async () => answers.shift()!} canScan={false} />)
    choose(picture())
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('ยอดเงินในสลิปไม่ตรงกับยอดรายการฝากที่สร้างไว้'))
    expect(screen.getByRole('status').className).toContain('slip__result--bad')
    choose(picture())
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('กำลังตรวจสลิปกับธนาคาร'))
  })

  it('says when a picture holds no QR code, sending nothing', async () => {
    const submit = vi.fn()
    render(<SlipUpload decodeFile={async () => null} submit={submit} canScan={false} />)
    choose(picture())
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/ไม่พบ QR code ในรูปนี้/))
    expect(submit).not.toHaveBeenCalled()
  })

  it('offers the camera only where the browser has one', () => {
    render(<SlipUpload canScan />)
    expect(screen.getByRole('button', { name: 'สแกนสลิปด้วยกล้อง' })).toBeTruthy()
    cleanup()
    render(<SlipUpload canScan={false} />)
    expect(screen.queryByRole('button', { name: 'สแกนสลิปด้วยกล้อง' })).toBeNull()
  })
})
