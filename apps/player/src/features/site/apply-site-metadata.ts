import type { SiteMetadata } from '@sanam/contract'
import { ON_PRIMARY_DARK, onPrimaryText } from '@sanam/contract/site-theme'

// A colour that is not plain hex would make the gradients invalid and leave the page without a background,
// so a bad value from the back-office keeps the default instead.
const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/** Puts the site's theme colours, title, description and favicon on the document. */
export function applySiteMetadata(metadata: SiteMetadata): void {
  const root = document.documentElement
  const { primary, background } = metadata.theme
  if (HEX_COLOUR.test(primary)) {
    root.style.setProperty('--primary', primary)
    // The stylesheet's dark text suits a light primary (the usual gold); a dark one needs white to stay readable. The
    // same rule the back-office checks contrast with (@sanam/contract/site-theme).
    const onPrimary = onPrimaryText(primary)
    if (onPrimary === ON_PRIMARY_DARK) root.style.removeProperty('--on-primary')
    else root.style.setProperty('--on-primary', onPrimary)
  }
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
