/**
 * The demo site's images, drawn as SVG here so nothing is fetched from the internet. Shapes carry the look; text is
 * drawn in Kanit, embedded in the image itself when the image has Thai text (an image cannot use the page's fonts, and a
 * phone or PC without a Thai system font would draw boxes): only the characters the image uses, a few KB.
 */

import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** Generated SVGs as `media` rows, Kanit embedded for their Thai text: served at /media/<path> with a content ETag. */
export async function svgMedia(images: ReadonlyArray<{ path: string; svg: string }>, now: Date) {
  const svgs = await withEmbeddedKanit(images.map((image) => image.svg))
  return images.map(({ path }, at) => {
    const body = Buffer.from(svgs[at]!, 'utf8')
    return { path, contentType: 'image/svg+xml', body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`, updatedAt: now }
  })
}

const THAI = /[\u0E00-\u0E7F]/
/** The family the embedded faces go by, first in every text's font list. */
export const EMBEDDED_FAMILY = 'Sanam Kanit'
/** Kanit as @fontsource ships it: per weight, a file for Thai and one for Latin, each for its own characters. */
const KANIT_SUBSETS = [
  { name: 'thai', unicodeRange: 'U+0E00-0E7F', covers: (char: string) => THAI.test(char) },
  { name: 'latin', unicodeRange: 'U+0000-0DFF, U+0E80-FFFF', covers: (char: string) => !THAI.test(char) },
] as const
const requireFont = createRequire(import.meta.url)
const kanitFile = (subset: string, weight: string) => requireFont.resolve(`@fontsource/kanit/files/kanit-${subset}-${weight}-normal.woff2`)

/**
 * What the subsetting thread runs (CommonJS, `subset-font` by the absolute path the server resolved, so it loads
 * whatever the working directory): for each request, each job's font file cut down to the job's characters, as WOFF2,
 * in order; answered with the request's id.
 */
const SUBSET_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFileSync } = require('node:fs')
const subsetFont = require(workerData.subsetFont)
parentPort.on('message', async ({ id, jobs }) => {
  try {
    const fonts = []
    for (const job of jobs) fonts.push(await subsetFont(readFileSync(job.file), job.text, { targetFormat: 'woff2' }))
    parentPort.postMessage({ id, fonts })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) })
  }
})
`

/**
 * How long the subsetting thread waits for more work before it ends. A seed stores its drawn images in several calls
 * (the site's, then each promotion's, with a few database writes between them); a new thread loads harfbuzz and woff2
 * again, about 0.5 s of CPU each time.
 */
const SUBSET_THREAD_IDLE_MS = 2_000

type Answer = { id: number; fonts?: Uint8Array[]; error?: string }
let thread: { worker: Worker; pending: Map<number, { resolve: (fonts: Buffer[]) => void; reject: (error: Error) => void }>; idle?: NodeJS.Timeout } | undefined
let lastRequest = 0

/**
 * Subsets fonts in a worker thread, which ends once no request has come for SUBSET_THREAD_IDLE_MS. subset-font runs
 * harfbuzz and woff2 as WebAssembly, whose memory never shrinks: in the server's own thread the seed's images left
 * about 100 MB resident for good (the soak's RSS, issue 22 §3); a thread's memory goes with the thread. While it waits
 * idle the thread does not keep the process alive. One thread kept by hand rather than a pool library (piscina): a pool
 * loads its task from a module file of its own, and the server ships as one bundled file, so the task is the string
 * above, evaluated; one thread, one queue of ids and an idle timer is all it needs.
 */
function subsetFonts(jobs: ReadonlyArray<{ file: string; text: string }>): Promise<Buffer[]> {
  if (jobs.length === 0) return Promise.resolve([])
  const current = (thread ??= startSubsetThread())
  clearTimeout(current.idle)
  current.worker.ref()
  const id = ++lastRequest
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject })
    current.worker.postMessage({ id, jobs })
  })
}

function startSubsetThread(): NonNullable<typeof thread> {
  const worker = new Worker(SUBSET_WORKER, { eval: true, workerData: { subsetFont: requireFont.resolve('subset-font') } })
  const started: NonNullable<typeof thread> = { worker, pending: new Map() }
  const failAll = (error: Error) => {
    if (thread === started) thread = undefined
    for (const { reject } of started.pending.values()) reject(error)
    started.pending.clear()
  }
  worker.on('message', ({ id, fonts, error }: Answer) => {
    const request = started.pending.get(id)
    started.pending.delete(id)
    if (error !== undefined) request?.reject(new Error(`font subsetting failed: ${error}`))
    else request?.resolve(fonts!.map((font) => Buffer.from(font.buffer, font.byteOffset, font.byteLength)))
    if (started.pending.size > 0) return
    worker.unref()
    started.idle = setTimeout(() => {
      if (thread === started) thread = undefined
      void worker.terminate()
    }, SUBSET_THREAD_IDLE_MS).unref()
  })
  worker.once('error', failAll)
  worker.once('exit', (code) => failAll(new Error(`the font subsetting thread stopped (exit code ${code}) before it answered`)))
  return started
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/**
 * Each of `svgs` with @font-face rules for the characters its <text> elements draw, per weight, and the embedded family
 * first in their font lists; every subset of them all cut in one thread. An image without Thai text is left as it is:
 * its Latin letters have a system font everywhere.
 */
export async function withEmbeddedKanit(svgs: readonly string[]): Promise<string[]> {
  const jobs: Array<{ file: string; text: string }> = []
  const plans = svgs.map((svg) => {
    const texts = [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, content]) => ({
      weight: /font-weight="(\d+)"/.exec(attributes!)?.[1] ?? '400',
      text: unescapeXml(content!),
    }))
    if (!texts.some((t) => THAI.test(t.text))) return undefined
    const charsByWeight = new Map<string, Set<string>>()
    for (const { weight, text } of texts) charsByWeight.set(weight, new Set([...(charsByWeight.get(weight) ?? []), ...text]))
    const faces: Array<{ weight: string; unicodeRange: string; job: number }> = []
    for (const [weight, chars] of charsByWeight) {
      for (const subset of KANIT_SUBSETS) {
        const used = [...chars].filter(subset.covers).join('')
        if (!used) continue
        faces.push({ weight, unicodeRange: subset.unicodeRange, job: jobs.push({ file: kanitFile(subset.name, weight), text: used }) - 1 })
      }
    }
    return faces
  })
  const fonts = await subsetFonts(jobs)
  return svgs.map((svg, at) => {
    const faces = plans[at]
    if (!faces) return svg
    const rules = faces.map(
      ({ weight, unicodeRange, job }) =>
        `@font-face{font-family:'${EMBEDDED_FAMILY}';font-weight:${weight};unicode-range:${unicodeRange};src:url(data:font/woff2;base64,${fonts[job]!.toString('base64')}) format('woff2')}`,
    )
    return svg.replace(/<svg\b[^>]*>/, (open) => `${open}\n<style>${rules.join('')}</style>`).replace(/font-family="/g, `font-family="'${EMBEDDED_FAMILY}', `)
  })
}

const FONT = "Kanit, 'Noto Sans Thai', 'Sarabun', sans-serif"

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function logoSvg(options: { name: string; tagline: string; primary: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffe08a"/><stop offset="0.5" stop-color="${options.primary}"/><stop offset="1" stop-color="#b8860b"/>
    </linearGradient>
  </defs>
  <g transform="translate(40 30)">
    <circle cx="50" cy="50" r="48" fill="none" stroke="url(#g)" stroke-width="6"/>
    <path d="M50 14 L60 40 L88 40 L65 57 L74 84 L50 67 L26 84 L35 57 L12 40 L40 40 Z" fill="url(#g)"/>
  </g>
  <text x="150" y="88" font-family="${FONT}" font-size="64" font-weight="700" fill="url(#g)" letter-spacing="4">${escape(options.name)}</text>
  <text x="152" y="124" font-family="${FONT}" font-size="22" fill="#f5f5f5" opacity="0.85">${escape(options.tagline)}</text>
</svg>
`
}

export function faviconSvg(options: { letter: string; primary: string; background: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${options.background}"/>
  <circle cx="32" cy="32" r="26" fill="none" stroke="${options.primary}" stroke-width="4"/>
  <text x="32" y="43" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="${options.primary}">${escape(options.letter)}</text>
</svg>
`
}

export function slideSvg(options: { title: string; subtitle: string; from: string; to: string; accent: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" viewBox="0 0 960 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${options.from}"/><stop offset="1" stop-color="${options.to}"/>
    </linearGradient>
  </defs>
  <rect width="960" height="400" rx="28" fill="url(#bg)"/>
  <circle cx="820" cy="80" r="150" fill="${options.accent}" opacity="0.18"/>
  <circle cx="900" cy="340" r="110" fill="${options.accent}" opacity="0.12"/>
  <text x="64" y="180" font-family="${FONT}" font-size="72" font-weight="700" fill="#ffffff">${escape(options.title)}</text>
  <text x="66" y="250" font-family="${FONT}" font-size="36" fill="#ffffff" opacity="0.9">${escape(options.subtitle)}</text>
  <rect x="64" y="290" width="220" height="8" rx="4" fill="${options.accent}"/>
</svg>
`
}
