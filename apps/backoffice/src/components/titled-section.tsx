import { useId, type ReactNode } from 'react'

/**
 * A section named by its heading (`aria-labelledby` on an id of its own): assistive technology, and the e2e specs,
 * find it as a region by its title.
 */
export function TitledSection(props: { title: ReactNode; className?: string; titleClassName: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={props.className} aria-labelledby={id}>
      <h2 id={id} className={props.titleClassName}>
        {props.title}
      </h2>
      {props.children}
    </section>
  )
}
