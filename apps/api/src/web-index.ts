import type { SiteMetadata } from '@sanam/contract'

/** The id of the JSON block the player app reads its site metadata from at start (apps/player features/site). */
export const SITE_METADATA_ELEMENT_ID = 'site-metadata'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/**
 * JSON safe inside a `<script type="application/json">` block: a `<` could close the block ("</script>") or open a
 * comment, so every one is written as its escape, which JSON.parse reads back as the same character.
 */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * The player app's index.html with the site metadata already in it (ADR 012), so the first paint has the right
 * title, description, favicon and theme colour, and the browser starts fetching the logo (the login page's largest
 * image) while the scripts load instead of after a metadata call: it took about 1.4 s of the login page's largest
 * contentful paint on a throttled phone.
 *
 * The metadata goes in as a JSON block the app reads instead of calling `GET /api/site/metadata`; without
 * metadata (the database did not answer) the template is returned as it is and the app makes that call itself.
 */
export function renderPlayerIndex(template: string, metadata: SiteMetadata | null): string {
  if (!metadata) return template
  const head: string[] = []
  if (metadata.image.logo) head.push(`<link rel="preload" as="image" href="${escapeHtml(metadata.image.logo)}" fetchpriority="high" />`)
  head.push(`<script id="${SITE_METADATA_ELEMENT_ID}" type="application/json">${jsonForHtml(metadata)}</script>`)

  // Every replacement is a function, never a string: a replacement string reads `$&`, `$1`, `$'`… as patterns, so a
  // title like "Win $& more" would come out mangled (or pull other parts of the page into it).
  const put = (text: string) => () => text
  let html = template
    .replace(/<title>[^<]*<\/title>/, put(`<title>${escapeHtml(metadata.title)}</title>`))
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, put(`<meta name="description" content="${escapeHtml(metadata.description)}" />`))
  if (metadata.image.favicon)
    html = html.replace(/<link rel="icon" href="[^"]*"\s*\/?>/, put(`<link rel="icon" href="${escapeHtml(metadata.image.favicon)}" />`))
  if (/^#[0-9a-f]{6}$/i.test(metadata.theme.background)) {
    html = html.replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, put(`<meta name="theme-color" content="${metadata.theme.background}" />`))
  }
  return html.replace('</head>', put(`${head.join('\n    ')}\n  </head>`))
}
