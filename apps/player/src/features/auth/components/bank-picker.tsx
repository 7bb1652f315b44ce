import { banks, findBank } from '@sanam/contract/banks'
import { useId, useState } from 'react'
import { BankBadge } from '../../../components/bank-badge.tsx'
import { CheckIcon, ChevronDownIcon } from '../../../components/icons.tsx'
import { Modal } from '../../../components/modal.tsx'
import { t } from '../../../lib/i18n/index.ts'

/**
 * Spec §2 Register: the bank picker, 23 Thai banks and the TrueMoney wallet, each with its badge. A button that
 * looks like a select opens a sheet with the list; choosing one closes it.
 */
export function BankPicker({ value, onChange, error }: { value: string; onChange: (code: string) => void; error?: string | undefined }) {
  const [open, setOpen] = useState(false)
  const labelId = useId()
  const valueId = useId()
  const errorId = useId()
  const selected = findBank(value)

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {t('field.bank')}
      </span>
      <button
        type="button"
        className="field__control bank-select"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen(true)}
      >
        {selected ? (
          <>
            <BankBadge code={selected.code} size={30} />
            <span className="bank-select__name" id={valueId}>
              {selected.th}
            </span>
          </>
        ) : (
          <span className="bank-select__placeholder" id={valueId}>
            {t('field.bankPlaceholder')}
          </span>
        )}
        <ChevronDownIcon />
      </button>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <Modal title={t('bankPicker.title')} variant="sheet" onClose={() => setOpen(false)}>
          <ul className="bank-list">
            {banks.map((bank) => (
              <li key={bank.code}>
                <button
                  type="button"
                  className="bank-list__item"
                  aria-pressed={bank.code === value}
                  onClick={() => {
                    onChange(bank.code)
                    setOpen(false)
                  }}
                >
                  <BankBadge code={bank.code} size={40} />
                  <span className="bank-list__name">{bank.th}</span>
                  {bank.code === value && <CheckIcon />}
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </div>
  )
}
