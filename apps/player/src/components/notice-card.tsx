import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A centred card with an icon, a heading, a short text and one way out: placeholder, maintenance and error pages. */
export function NoticeCard(props: {
  icon: ReactNode
  title: string
  children?: ReactNode
  action: { to: string; label: string } | { onClick: () => void; label: string }
}) {
  const { action } = props
  return (
    <section className="card notice">
      <div className="notice__icon icon-badge">{props.icon}</div>
      <h1 className="notice__title">{props.title}</h1>
      {props.children}
      {'to' in action ? (
        <Link className="button button--primary notice__action" to={action.to}>
          {action.label}
        </Link>
      ) : (
        <button type="button" className="button button--primary notice__action" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </section>
  )
}
