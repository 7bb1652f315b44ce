import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { QueryView } from './query-view.tsx'

/**
 * One record's screen (a care task, a risk case): once its query has answered (QueryView), the way back to its list,
 * its title, then `children` of the record.
 */
export function DetailPanel<T>(props: {
  query: UseQueryResult<T>
  back: { to: string; text: string }
  title: (data: T) => ReactNode
  children: (data: T) => ReactNode
}) {
  return (
    <QueryView query={props.query}>
      {(data) => (
        <section className="panel">
          <p>
            <Link to={props.back.to}>{props.back.text}</Link>
          </p>
          <h1 className="panel__title">{props.title(data)}</h1>
          {props.children(data)}
        </section>
      )}
    </QueryView>
  )
}
