import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { t } from '../../../lib/i18n/index.ts'

/**
 * The PromptPay (Thai QR) payload the API gives, drawn here in the browser (no QR image service) as a PNG data URL
 * in a plain `<img>`, so a phone can press and hold it to save it, then scan it from a banking app.
 */
export function QrCodeImage({ payload, account }: { payload: string; account: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    setSrc(null)
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 480, color: { dark: '#000000', light: '#ffffff' } }).then(
      (url) => {
        if (active) setSrc(url)
      },
      (error: unknown) => console.warn('the QR code could not be drawn', error),
    )
    return () => {
      active = false
    }
  }, [payload])

  return (
    <figure className="qr">
      {src ? (
        <img className="qr__image" src={src} alt={t('deposit.qrAlt', { account })} width={220} height={220} />
      ) : (
        <span className="qr__image qr__image--pending" aria-hidden="true" />
      )}
      <figcaption className="qr__hint">{t('deposit.qrHint')}</figcaption>
    </figure>
  )
}
