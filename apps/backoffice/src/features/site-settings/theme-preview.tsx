import { onPrimaryText, PLAYER_TEXT, PLAYER_TEXT_MUTED, primaryAsText } from '@sanam/contract/site-theme'
import type { CSSProperties } from 'react'
import { t } from '../../lib/i18n/th.ts'

/**
 * A small mock of the player app in the chosen colours: its header with the logo, a slide, a balance card and the
 * two main buttons, drawn with the player app's own text colours and the same derived ones (@sanam/contract/site-theme),
 * so what reads badly here reads badly there.
 */
export function ThemePreview(props: { title: string; logo: string; theme: { primary: string; background: string }; slide: string | undefined }) {
  const { primary, background } = props.theme
  const style = {
    '--preview-primary': primary,
    '--preview-background': background,
    '--preview-on-primary': onPrimaryText(primary),
    '--preview-primary-text': primaryAsText(primary),
    '--preview-text': PLAYER_TEXT,
    '--preview-muted': PLAYER_TEXT_MUTED,
  } as CSSProperties
  return (
    <div className="site-preview" style={style} data-testid="theme-preview">
      <div className="site-preview__header">
        <img src={props.logo} alt="" className="site-preview__logo" />
        <span className="site-preview__title">{props.title}</span>
      </div>
      {props.slide && <img src={props.slide} alt="" className="site-preview__slide" />}
      <div className="site-preview__card">
        <span className="site-preview__muted">{t('site.previewBalance')}</span>
        <span className="site-preview__amount">฿1,250.00</span>
        <span className="site-preview__muted">{t('site.previewNote')}</span>
      </div>
      <div className="site-preview__buttons">
        <span className="site-preview__button">{t('site.previewDeposit')}</span>
        <span className="site-preview__button site-preview__button--ghost">{t('site.previewWithdraw')}</span>
      </div>
    </div>
  )
}
