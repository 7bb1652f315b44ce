import type { SiteMetadata } from '@sanam/contract'

// A colour that is not plain hex would make the gradients invalid and leave the page without a background,
// so a bad value from the back-office keeps the default instead.
const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/** Below this luminance white text contrasts better than black (where the two WCAG ratios meet). */
const DARK_TEXT_LIMIT = 0.179

/** Puts the site's theme colours, title, description and favicon on the document. */
export function applySiteMetadata(metadata: SiteMetadata): void {
  const root = document.documentElement
  const { primary, background } = metadata.theme
  if (HEX_COLOUR.test(primary)) {
    root.style.setProperty('--primary', primary)
    // The stylesheet's dark text suits a light primary (the usual gold); a dark one needs white to stay readable.
    if (relativeLuminance(primary) < DARK_TEXT_LIMIT) root.style.setProperty('--on-primary', '#ffffff')
    else root.style.removeProperty('--on-primary')
  }
  if (HEX_COLOUR.test(background)) {
    root.style.setProperty('--background', background)
    headElement('meta', 'name', 'theme-color').content = background
  }
  document.title = metadata.title
  headElement('meta', 'name', 'description').content = metadata.description
  if (metadata.image.favicon) headElement('link', 'rel', 'icon').href = metadata.image.favicon
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

function headElement<K extends 'meta' | 'link'>(tag: K, attribute: string, value: string): HTMLElementTagNameMap[K] {
  const existing = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${attribute}="${value}"]`)
  if (existing) return existing
  const element = document.createElement(tag)
  element.setAttribute(attribute, value)
  document.head.append(element)
  return element
}
