import { t } from '../lib/i18n/index.ts'

/**
 * The responsible-play line (issue 21 §3): the age limit, that play carries risk, and the site's help link when the
 * operator set one (site settings); without one, the same words as plain text.
 */
export function ResponsiblePlayNote({ helpUrl }: { helpUrl: string | null | undefined }) {
  return (
    <p className="responsible-note">
      <span className="age-badge">{t('footer.ageLimit')}</span>
      <span>{t('footer.risk')}</span>
      {helpUrl ? (
        <a className="responsible-note__link" href={helpUrl} target="_blank" rel="noopener noreferrer">
          {t('footer.responsible')}
          <span className="visually-hidden">{t('state.opensNewWindow')}</span>
        </a>
      ) : (
        <span>{t('footer.responsible')}</span>
      )}
    </p>
  )
}
