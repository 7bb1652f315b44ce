import { ResponsiblePlayPage } from '../../features/responsible-play/responsible-play-page.tsx'

/** /responsible-play: the player's own limits and the session reminder (ADR 048). */
export default function ResponsiblePlayRoute() {
  return <ResponsiblePlayPage />
}
