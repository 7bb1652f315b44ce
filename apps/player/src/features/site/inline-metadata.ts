import type { SiteMetadata } from '@sanam/contract'

/** The JSON block the server puts in index.html (apps/api/src/web-index.ts). */
const ELEMENT_ID = 'site-metadata'

function isText(value: unknown): value is string {
  return typeof value === 'string'
}

/** Enough of a shape check that a damaged or foreign block is ignored rather than breaking the first render. */
function isSiteMetadata(value: unknown): value is SiteMetadata {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  const theme = record.theme as Record<string, unknown> | null | undefined
  const image = record.image as Record<string, unknown> | null | undefined
  const contact = record.contact as Record<string, unknown> | null | undefined
  const responsiblePlay = record.responsible_play as Record<string, unknown> | null | undefined
  return (
    isText(record.title) &&
    isText(record.description) &&
    typeof theme === 'object' &&
    theme !== null &&
    isText(theme.primary) &&
    isText(theme.background) &&
    typeof image === 'object' &&
    image !== null &&
    isText(image.logo) &&
    isText(image.favicon) &&
    typeof contact === 'object' &&
    contact !== null &&
    isText(contact.line) &&
    typeof responsiblePlay === 'object' &&
    responsiblePlay !== null &&
    (responsiblePlay.help_url === null || isText(responsiblePlay.help_url)) &&
    (record.terms_url === null || isText(record.terms_url)) &&
    Array.isArray(record.slides) &&
    record.slides.every(isText)
  )
}

/**
 * The site metadata the server sent inside the page, so the first screen needs no metadata call (ADR 012); null
 * when the page has none (the Vite dev server, or the server could not read it), and the app calls
 * `GET /api/site/metadata` instead.
 */
export function readInlineSiteMetadata(doc: Document = document): SiteMetadata | null {
  const text = doc.getElementById(ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    return isSiteMetadata(value) ? value : null
  } catch {
    return null
  }
}
