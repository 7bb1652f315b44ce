import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import './qr-code-image.css'

/**
 * A QR code drawn here in the browser (no QR image service) as a PNG data URL in a plain `<img>`, so a phone can press
 * and hold it to save it: the PromptPay (Thai QR) payload the API gives for a deposit, the LINE Official Account's
 * add-friend link.
 */
export function QrCodeImage({ payload, alt, hint }: { payload: string; alt: string; hint: string }) {
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
      {src ? <img className="qr__image" src={src} alt={alt} width={220} height={220} /> : <span className="qr__image qr__image--pending" aria-hidden="true" />}
      <figcaption className="qr__hint">{hint}</figcaption>
    </figure>
  )
}
