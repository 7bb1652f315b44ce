import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useMutation } from '@tanstack/react-query'
import QRCode from 'qrcode'
import { apiRequest } from '../../../lib/api-client.ts'

export type TotpSetup = ResponseData<typeof backofficeOperatorsContract.totpStart>

/** `POST /backoffice/auth/totp/start`: a pending secret and its otpauth:// link; a code from the app confirms it. */
export function startTotpEnrolment(): Promise<TotpSetup> {
  return apiRequest('/backoffice/auth/totp/start', { method: 'POST' })
}

/** The secret and its QR code, drawn here (no image service sees the secret). */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: async () => {
      const setup = await startTotpEnrolment()
      return { secret: setup.secret, qr: await QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 220 }) }
    },
  })
}
