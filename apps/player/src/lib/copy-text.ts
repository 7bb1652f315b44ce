/**
 * Copies `text` for the player, from a tap: the one way every copy button of the app copies. The Clipboard API exists
 * only in a secure context (https, localhost); a phone on plain http (http://sanam.lan:8080 on the office Wi-Fi) has
 * no `navigator.clipboard`, so the text is put in a hidden field, selected and copied with `execCommand('copy')`,
 * which plain http still allows during a tap. Answers whether it was copied; when not, the caller says to copy the
 * text (which is on screen) by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  // `navigator.clipboard` is undefined outside a secure context.
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Refused (a permission, a browser's policy): the older way may still work while the tap lasts.
    }
  }
  return copyBySelection(text)
}

function copyBySelection(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const field = document.createElement('textarea')
  field.value = text
  // Read-only keeps a phone's keyboard down; off screen and out of the layout, so nothing moves.
  field.setAttribute('readonly', '')
  field.setAttribute('aria-hidden', 'true')
  field.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;pointer-events:none'
  document.body.append(field)
  try {
    field.focus({ preventScroll: true })
    field.select()
    // iOS Safari selects a read-only field only through a range.
    field.setSelectionRange(0, text.length)
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    field.remove()
    focused?.focus({ preventScroll: true })
  }
}
