/**
 * The registration screen's parts (spec §2 Register): the steps header, the first step's form (mobile, password, name,
 * bank account, referral, the two confirmations) and the finished step. The page holds the values and the steps.
 */
import type { RegisterBody } from '@sanam/contract'
import type { FormEvent, ReactNode, RefObject } from 'react'
import { FormError, SubmitButton } from '../../../components/form/form-actions.tsx'
import { PasswordField, TextField } from '../../../components/form/text-field.tsx'
import { BankIcon, CheckIcon, TicketIcon, UserIcon } from '../../../components/icons.tsx'
import { Spinner } from '../../../components/spinner.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { isPasswordShort } from '../validation.ts'
import { DigitsField } from './digits-field.tsx'
import { BankPicker } from './bank-picker.tsx'
import { MobileField } from './mobile-field.tsx'
import { UplineField } from './upline-field.tsx'

export interface RegisterValues {
  mobile: string
  password: string
  firstname: string
  surname: string
  bankCode: string
  bankAccount: string
  inviteCode: string
  /** The player says they are 20 or older (issue 21 §3). */
  adult: boolean
  /** The player accepts the site's terms and conditions. */
  acceptTerms: boolean
}

export type RegisterFieldName =
  'mobile' | 'password' | 'firstname' | 'surname' | 'bank_code' | 'bank_account' | 'invite_code' | 'upid' | 'adult' | 'accept_terms'

/** What the API is sent; `upline` is the `u` of the link. */
export function registerBody(values: RegisterValues, upline: string | null): RegisterBody {
  // validateRegister refuses the form until both boxes are ticked; the contract takes nothing but `true` for them.
  if (!values.adult || !values.acceptTerms) throw new Error('the registration was sent without both confirmations')
  return {
    mobile: values.mobile,
    password: values.password,
    firstname: values.firstname.trim(),
    surname: values.surname.trim(),
    bank_account: values.bankAccount,
    bank_code: values.bankCode,
    invite_code: values.inviteCode.trim() || undefined,
    upid: upline ?? undefined,
    adult: true,
    accept_terms: true,
  }
}

/** The title and the two steps, the current one marked. */
export function RegisterSteps({ stepNumber, title }: { stepNumber: 1 | 2; title: string }) {
  return (
    <header className="auth__header">
      <h1 id="register-title" className="auth__title">
        {title}
      </h1>
      <p className="auth__subtitle">{t('register.step', { n: stepNumber })}</p>
      <ol className="steps">
        <li className={`steps__item${stepNumber === 1 ? ' steps__item--current' : ' steps__item--done'}`} aria-current={stepNumber === 1 ? 'step' : undefined}>
          <span className="steps__dot">{stepNumber > 1 ? <CheckIcon /> : '1'}</span>
          {t('register.stepInfo')}
        </li>
        <li className={`steps__item${stepNumber === 2 ? ' steps__item--current' : ''}`} aria-current={stepNumber === 2 ? 'step' : undefined}>
          <span className="steps__dot">2</span>
          {t('register.stepOtp')}
        </li>
      </ol>
    </header>
  )
}

type Change = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K], field: RegisterFieldName) => void

/** The name fields, side by side: each is autocompleted and named as browsers know it (given-name, family-name). */
const NAME_FIELDS: Array<{ key: 'firstname' | 'surname'; autoComplete: string; icon?: ReactNode }> = [
  { key: 'firstname', autoComplete: 'given-name', icon: <UserIcon /> },
  { key: 'surname', autoComplete: 'family-name' },
]

/** Step 1: the form. An invite code or upline from the link is shown locked. */
export function RegisterForm(props: {
  values: RegisterValues
  fieldErrors: Partial<Record<RegisterFieldName, string>>
  formError: string | null
  busy: boolean
  upline: string | null
  linkedInvite: string | null
  termsUrl: string | undefined
  passwordInput: RefObject<HTMLInputElement | null>
  change: Change
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}) {
  const { values, fieldErrors, change } = props
  const passwordShort = isPasswordShort(values.password)
  return (
    <form className="auth__form" method="post" action="/register" noValidate onSubmit={props.onSubmit}>
      <MobileField value={values.mobile} error={fieldErrors.mobile} onMobile={(typed) => change('mobile', typed, 'mobile')} />
      <PasswordField
        ref={props.passwordInput}
        label={t('field.password')}
        name="new-password"
        autoComplete="new-password"
        placeholder={t('register.passwordHint')}
        maxLength={72}
        value={values.password}
        error={passwordShort ? t('register.passwordShort') : fieldErrors.password}
        onChange={(event) => change('password', event.target.value, 'password')}
      />
      <div className="field-row">
        {NAME_FIELDS.map(({ key, autoComplete, icon }) => (
          <TextField
            key={key}
            label={t(`field.${key}`)}
            icon={icon}
            name={autoComplete}
            autoComplete={autoComplete}
            maxLength={100}
            value={values[key]}
            error={fieldErrors[key]}
            onChange={(event) => change(key, event.target.value, key)}
          />
        ))}
      </div>

      <fieldset className="form-section">
        <legend className="form-section__title">{t('register.bankSection')}</legend>
        <BankPicker value={values.bankCode} error={fieldErrors.bank_code} onChange={(code) => change('bankCode', code, 'bank_code')} />
        <DigitsField
          label={t('field.bankAccount')}
          icon={<BankIcon />}
          name="bank-account"
          autoComplete="off"
          placeholder={t('field.bankAccountPlaceholder')}
          digits={15}
          value={values.bankAccount}
          error={fieldErrors.bank_account}
          hint={t('register.bankHint')}
          onDigits={(digits) => change('bankAccount', digits, 'bank_account')}
        />
      </fieldset>

      <ReferralField values={values} fieldErrors={fieldErrors} upline={props.upline} linkedInvite={props.linkedInvite} change={change} />
      <Consents values={values} termsUrl={props.termsUrl} change={change} />

      <FormError message={props.formError ?? fieldErrors.adult ?? fieldErrors.accept_terms ?? null} />

      <SubmitButton busy={props.busy}>{t('action.register')}</SubmitButton>
    </form>
  )
}

/** With `u` the upline, locked, in place of the referral code (locked too when the link gave one). */
function ReferralField(props: {
  values: RegisterValues
  fieldErrors: Partial<Record<RegisterFieldName, string>>
  upline: string | null
  linkedInvite: string | null
  change: Change
}) {
  const { values, fieldErrors, upline, linkedInvite, change } = props
  return upline ? (
    <UplineField upline={upline} error={fieldErrors.upid} />
  ) : (
    <TextField
      label={t('field.inviteCode')}
      icon={<TicketIcon />}
      name="invite-code"
      autoComplete="off"
      autoCapitalize="characters"
      maxLength={32}
      value={values.inviteCode}
      readOnly={linkedInvite !== null}
      hint={linkedInvite !== null ? t('register.lockedHint') : undefined}
      error={fieldErrors.invite_code}
      onChange={(event) => change('inviteCode', event.target.value, 'invite_code')}
    />
  )
}

/** The two confirmations the form is not sent without: 20 or older, and the site's terms (linked when set). */
function Consents({ values, termsUrl, change }: { values: RegisterValues; termsUrl: string | undefined; change: Change }) {
  return (
    <fieldset className="form-section">
      <legend className="visually-hidden">{t('register.consents')}</legend>
      <label className="checkbox">
        <input type="checkbox" name="adult" checked={values.adult} onChange={(event) => change('adult', event.target.checked, 'adult')} />
        <span className="checkbox__box" aria-hidden="true" />
        <span>{t('register.adult')}</span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="accept-terms"
          checked={values.acceptTerms}
          onChange={(event) => change('acceptTerms', event.target.checked, 'accept_terms')}
        />
        <span className="checkbox__box" aria-hidden="true" />
        <span>
          {t('register.acceptTerms')}{' '}
          {termsUrl ? (
            <a className="responsible-note__link" href={termsUrl} target="_blank" rel="noopener noreferrer">
              {t('register.terms')}
              <span className="visually-hidden">{t('state.opensNewWindow')}</span>
            </a>
          ) : (
            t('register.terms')
          )}
        </span>
      </label>
    </fieldset>
  )
}

/** The finished step: what happened, and a spinner until the app moves on. */
export function RegisterDone({ lines }: { lines: string[] }) {
  return (
    <div className="auth__done" role="status">
      <span className="auth__done-icon icon-badge">
        <CheckIcon />
      </span>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <Spinner size={28} />
    </div>
  )
}
