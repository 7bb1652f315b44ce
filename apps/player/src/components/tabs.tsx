import { useId, type ReactNode } from 'react'
import './lists.css'

export interface TabItem<T extends string> {
  id: T
  label: string
  disabled?: boolean
}

/**
 * A row of tabs with the selected tab's panel below (history and referral screens). Buttons with the ARIA tab
 * pattern: the selected one is announced, and the panel is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string
  tabs: TabItem<T>[]
  selected: T
  onSelect: (id: T) => void
  children: ReactNode
}) {
  const base = useId()
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-${tab.id}`}
            className="tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            disabled={tab.disabled}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${selected}`}>
        {children}
      </div>
    </div>
  )
}
