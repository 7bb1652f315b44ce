import type { SlipCheck } from '@sanam/contract'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { submitSlip } from '../api/submit-slip.ts'
import { cameraAvailable, decodeQrFromFile, decodeQrFromVideo } from '../lib/decode-qr.ts'
import { CardSection } from '../../../components/card-section.tsx'

/** How often the camera's picture is looked at for a QR code. */
const SCAN_EVERY_MS = 300

type SlipState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'answered'; check: SlipCheck } | { kind: 'failed'; text: string }

/**
 * "Scan or upload the slip" (ADR 079): the camera (where the browser has one) or a picture file; the QR code is read
 * here, in the browser, and only its text is sent. The picture is never uploaded or kept. The server's answer is shown
 * in Thai: credited, refused with why, or still being checked (it asks the bank again by itself).
 */
export function SlipUpload({
  submit = submitSlip,
  decodeFile = decodeQrFromFile,
  canScan = cameraAvailable(),
}: {
  submit?: (payload: string) => Promise<SlipCheck>
  decodeFile?: (file: Blob) => Promise<string | null>
  canScan?: boolean
}) {
  const [state, setState] = useState<SlipState>({ kind: 'idle' })
  const [scanning, setScanning] = useState(false)

  async function send(text: string | null) {
    if (!text) {
      setState({ kind: 'failed', text: t('slip.noQr') })
      return
    }
    try {
      setState({ kind: 'answered', check: await submit(text) })
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error, 'error.generic') })
    }
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Cleared at once: the same picture chosen again is read again, and no reference to it is kept.
    event.target.value = ''
    if (!file || state.kind === 'busy') return
    setState({ kind: 'busy' })
    await send(await decodeFile(file).catch(() => null))
  }

  const tone = state.kind === 'answered' ? toneOf(state.check) : state.kind === 'failed' ? 'bad' : 'info'
  const text = state.kind === 'answered' ? state.check.message : state.kind === 'failed' ? state.text : state.kind === 'busy' ? t('slip.reading') : ''

  return (
    <CardSection block="slip" title={t('slip.title')}>
      <p className="slip__hint">{t('slip.hint')}</p>
      <div className="slip__actions">
        {canScan && (
          <button type="button" className="button button--ghost" disabled={state.kind === 'busy'} onClick={() => setScanning(true)}>
            {t('slip.scan')}
          </button>
        )}
        <label className="button button--ghost slip__file">
          {t('slip.upload')}
          <input className="visually-hidden" type="file" accept="image/*" disabled={state.kind === 'busy'} onChange={(event) => void handleFile(event)} />
        </label>
      </div>
      {scanning && (
        <SlipCamera
          onFound={(found) => {
            setScanning(false)
            setState({ kind: 'busy' })
            void send(found)
          }}
          onClose={() => setScanning(false)}
        />
      )}
      <p role="status" aria-live="polite" className={`slip__result slip__result--${tone}${tone === 'bad' ? ' danger-note' : ''}`} data-testid="slip-result">
        {text}
      </p>
    </CardSection>
  )
}

function toneOf(check: SlipCheck): 'good' | 'bad' | 'info' {
  if (check.status === 'CREDITED') return 'good'
  if (check.status === 'REFUSED') return 'bad'
  return 'info'
}

/** The camera's picture until a QR code is seen in it; the camera is turned off when it is, or when closed. */
function SlipCamera({ onFound, onClose }: { onFound: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)
  const found = useRef(onFound)
  found.current = onFound

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: number | undefined
    let stopped = false
    const canvas = document.createElement('canvas')
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened
        if (stopped || !video.current) return opened.getTracks().forEach((track) => track.stop())
        video.current.srcObject = opened
        await video.current.play()
        timer = window.setInterval(() => {
          if (!video.current) return
          void decodeQrFromVideo(video.current, canvas).then((text) => {
            if (text && !stopped) {
              stopped = true
              found.current(text)
            }
          })
        }, SCAN_EVERY_MS)
      })
      .catch(() => setFailed(true))
    return () => {
      stopped = true
      window.clearInterval(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  return (
    <div className="slip__camera">
      {failed ? (
        <p className="slip__result slip__result--bad danger-note">{t('slip.cameraFailed')}</p>
      ) : (
        <video ref={video} className="slip__video" muted playsInline aria-label={t('slip.cameraLabel')} />
      )}
      <button type="button" className="button button--ghost" onClick={onClose}>
        {t('slip.cameraClose')}
      </button>
    </div>
  )
}
