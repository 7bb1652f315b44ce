// Reading a slip's QR code in the browser (ADR 079): the picture stays on the phone, only the decoded text is sent.
// jsQR (pinned, named in the ADR) is loaded with the first picture, so the deposit page's first load does not carry it.

/** A slip screenshot is large and its QR small: pictures are read at up to this many pixels a side. */
const MAX_SIDE = 2000

type Decoder = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'attemptBoth' | 'dontInvert' },
) => {
  data: string
} | null

let loaded: Promise<Decoder> | null = null
const decoder = () => (loaded ??= import('jsqr').then((module) => module.default as unknown as Decoder))

/** The QR text in what a canvas holds, or null. */
async function readCanvas(canvas: HTMLCanvasElement): Promise<string | null> {
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return null
  const image = context.getImageData(0, 0, canvas.width, canvas.height)
  return (await decoder())(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null
}

/** The text of the QR code in a picture file, or null when none is found. The file is read here and nowhere else. */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file)
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(bitmap.width * scale)
    canvas.height = Math.round(bitmap.height * scale)
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    return await readCanvas(canvas)
  } finally {
    bitmap.close()
  }
}

/** The text of a QR code in the video's current frame, or null. */
export async function decodeQrFromVideo(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  if (video.videoWidth === 0) return null
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0)
  return readCanvas(canvas)
}

/** Whether this browser can open a camera (a secure page with getUserMedia). */
export const cameraAvailable = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
