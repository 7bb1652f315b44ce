import { useId } from 'react'
import { createPortal } from 'react-dom'
import { Spinner } from './spinner.tsx'

/**
 * A full-screen layer that blocks the page while something the player started is on its way (spec §2 Overlays:
 * 'entering game'). Rendered as a modal dialog named by its text, so screen readers announce it.
 */
export function FullScreenOverlay({ text }: { text: string }) {
  const textId = useId()
  return createPortal(
    <div className="overlay" role="dialog" aria-modal="true" aria-busy="true" aria-labelledby={textId}>
      <div className="overlay__panel">
        <Spinner size={44} />
        <p id={textId} className="overlay__text">
          {text}
        </p>
      </div>
    </div>,
    document.body,
  )
}

/** A small pill that says a background check is running (spec §2 Overlays: 'checking slip'). */
export function ActivityIndicator({ text }: { text: string }) {
  return (
    <div className="activity-indicator" role="status">
      <Spinner size={16} />
      <span>{text}</span>
    </div>
  )
}
