import { useId, type ReactNode } from 'react'

/** A titled block of the lobby (fishing, popular games, popular providers). */
export function LobbySection({ title, icon, aside, children }: { title: string; icon?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <section className="lobby-section" aria-labelledby={headingId}>
      <header className="lobby-section__header">
        <h2 id={headingId} className="lobby-section__title">
          {icon && <span className="lobby-section__icon">{icon}</span>}
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  )
}
