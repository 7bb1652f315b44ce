import { useRegisterSW } from 'virtual:pwa-register/react'
import { UpdatePromptView } from './update-prompt-view.tsx'

/**
 * Registers the service worker of the built app (vite-plugin-pwa, ADR 050) and shows the update prompt when a newer
 * one is waiting. Where service workers do not exist (a plain-http address other than localhost) it does nothing.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW()
  return needRefresh ? <UpdatePromptView onUpdate={() => void updateServiceWorker(true)} /> : null
}
