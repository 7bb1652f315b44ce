import { t } from '../lib/i18n/th.ts'

/**
 * A list page's title (`<screen>.title`) with its one button (add, propose) beside it and its lead (`<screen>.lead`)
 * under them: such pages open alike.
 */
export function PageHead(props: { screen: 'catalogue' | 'operators' | 'payin'; action?: { text: string; onClick: () => void } | false }) {
  const { action } = props
  return (
    <>
      <div className="panel__head">
        <h1 className="panel__title">{t(`${props.screen}.title`)}</h1>
        {action && (
          <button type="button" className="button" onClick={action.onClick}>
            {action.text}
          </button>
        )}
      </div>
      <p className="muted">{t(`${props.screen}.lead`)}</p>
    </>
  )
}
