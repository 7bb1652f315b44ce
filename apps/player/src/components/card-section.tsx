import { useId, type ReactNode } from 'react'

/**
 * A card named by its heading (`aria-labelledby` on an id of its own): assistive technology, and the specs, find it as
 * a region by its title. `block` is its class block: the card is `card <block>`, the heading `<block>__title`.
 */
export function CardSection(props: { block: string; modifier?: string; title: ReactNode; testId?: string; children: ReactNode }) {
  const id = useId()
  const modifier = props.modifier ? ` ${props.block}--${props.modifier}` : ''
  return (
    <section className={`card ${props.block}${modifier}`} aria-labelledby={id} data-testid={props.testId}>
      <h2 id={id} className={`${props.block}__title`}>
        {props.title}
      </h2>
      {props.children}
    </section>
  )
}
