import type { SiteMetadata } from '@sanam/contract'

// A colour that is not plain hex would make the gradients invalid and leave the page without a background,
// so a bad value from the back-office keeps the default instead.
const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/** Puts the site's theme colours, title, description and favicon on the document. */
export function applySiteMetadata(metadata: SiteMetadata): void {
  const root = document.documentElement
  const { primary, background, on_primary: onPrimary } = metadata.theme
  if (HEX_COLOUR.test(primary)) root.style.setProperty('--primary', primary)
  // The text on a primary fill comes with the metadata: dark on a light primary (the usual gold), white on a dark one,
  // the colour the server's contrast check passed (@sanam/contract/site-theme). Without it, the stylesheet's dark text.
  if (typeof onPrimary === 'string' && HEX_COLOUR.test(onPrimary)) root.style.setProperty('--on-primary', onPrimary)
  else root.style.removeProperty('--on-primary')
  if (HEX_COLOUR.test(background)) {
    root.style.setProperty('--background', background)
    headElement('meta', 'name', 'theme-color').content = background
  }
  document.title = metadata.title
  headElement('meta', 'name', 'description').content = metadata.description
  if (metadata.image.favicon) headElement('link', 'rel', 'icon').href = metadata.image.favicon
}

function headElement<K extends 'meta' | 'link'>(tag: K, attribute: string, value: string): HTMLElementTagNameMap[K] {
  const existing = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${attribute}="${value}"]`)
  if (existing) return existing
  const element = document.createElement(tag)
  element.setAttribute(attribute, value)
  document.head.append(element)
  return element
}
