/**
 * The site settings editor's sections (issue 20 §3): the theme colours with their contrast checks, the slides in their
 * order, and the links. The form holds the values; each section shows its part and hands changes back.
 */
import { MAX_SLIDES } from '@sanam/contract'
import { contrastRefusal, formatContrast, MIN_TEXT_CONTRAST, THEME_PAIR_LABEL, type themeContrasts } from '@sanam/contract/site-theme'
import { ImageField } from '../../components/image-field.tsx'
import { TextField } from '../../components/fields.tsx'
import { t } from '../../lib/i18n/th.ts'
import type { SiteSettingsBody } from './api/save-site-settings.ts'

export const HEX = /^#[0-9a-f]{6}$/i

type Contrast = ReturnType<typeof themeContrasts>[number]

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const valid = HEX.test(value)
  return (
    <fieldset className="site-colour">
      <legend className="field__label">{label}</legend>
      <input
        type="color"
        className="site-colour__swatch"
        aria-label={label}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(e) => onChange(e.target.value)}
      />
      <label className="field site-colour__hex">
        <span className="visually-hidden">
          {label} {t('site.hex')}
        </span>
        <input
          className="field__input"
          value={value}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={!valid}
        />
      </label>
      {!valid && <span className="form__error">{t('site.colourInvalid')}</span>}
    </fieldset>
  )
}

/** The two colours, every text/background pair's contrast, and why a failing pair refuses the save. */
export function ThemeSection(props: {
  theme: SiteSettingsBody['theme']
  onTheme: (change: Partial<SiteSettingsBody['theme']>) => void
  contrasts: Contrast[]
  failing: Contrast[]
}) {
  const { theme, contrasts, failing } = props
  return (
    <fieldset className="site-section">
      <legend className="site-section__title">{t('site.theme')}</legend>
      <div className="site-colours">
        <ColourField label={t('site.primary')} value={theme.primary} onChange={(primary) => props.onTheme({ primary })} />
        <ColourField label={t('site.background')} value={theme.background} onChange={(background) => props.onTheme({ background })} />
      </div>
      <h2 className="site-section__subtitle">{t('site.contrast')}</h2>
      <ul className="site-contrast">
        {contrasts.map((check) => (
          <li key={check.pair} className={check.ratio < MIN_TEXT_CONTRAST ? 'site-contrast__fail' : undefined}>
            <span>{THEME_PAIR_LABEL[check.pair]}</span>
            <span className="nowrap">
              {formatContrast(check.ratio)} · {t(check.ratio < MIN_TEXT_CONTRAST ? 'site.contrastFail' : 'site.contrastOk')}
            </span>
          </li>
        ))}
      </ul>
      {failing.length > 0 && (
        <div className="form__error" role="alert">
          {failing.map((check) => (
            <p key={check.pair}>{contrastRefusal(check)}</p>
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** The lobby's slides in order: move up or down, remove, and add an upload at the end. */
export function SlidesSection({ slides, onSlides }: { slides: string[]; onSlides: (slides: string[]) => void }) {
  const moveSlide = (from: number, to: number) => {
    const next = [...slides]
    const [moved] = next.splice(from, 1)
    if (moved === undefined) return
    next.splice(to, 0, moved)
    onSlides(next)
  }
  return (
    <fieldset className="site-section">
      <legend className="site-section__title">{t('site.slides')}</legend>
      <p className="muted">{t('site.slidesLead')}</p>
      {slides.length === 0 && <p className="muted">{t('site.noSlides')}</p>}
      <ol className="site-slides">
        {slides.map((url, index) => {
          const name = `${t('site.slide')} ${index + 1}`
          return (
            <li key={url} className="site-slide">
              <img src={url} alt={name} className="site-slide__image" />
              <span className="site-slide__name">{name}</span>
              <span className="row-actions">
                <button type="button" className="button button--ghost" disabled={index === 0} onClick={() => moveSlide(index, index - 1)}>
                  {t('site.slideUp')}
                  <span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="button button--ghost" disabled={index === slides.length - 1} onClick={() => moveSlide(index, index + 1)}>
                  {t('site.slideDown')}
                  <span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="button button--danger" onClick={() => onSlides(slides.filter((_, i) => i !== index))}>
                  {t('site.slideRemove')}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </span>
            </li>
          )
        })}
      </ol>
      {slides.length < MAX_SLIDES && (
        // An uploaded image joins the end of the list at once; the order buttons move it.
        <ImageField label={t('site.slideAdd')} value="" previewHeight={48} onChange={(url) => onSlides([...slides, url])} />
      )}
    </fieldset>
  )
}

/** Support chat, responsible-play help and terms: links, empty ones left out. */
export function LinksSection({ form, set }: { form: SiteSettingsBody; set: (change: Partial<SiteSettingsBody>) => void }) {
  return (
    <fieldset className="site-section">
      <legend className="site-section__title">{t('site.links')}</legend>
      <TextField label={t('site.contact')} type="url" value={form.contact.line} maxLength={300} onChange={(line) => set({ contact: { line: line.trim() } })} />
      <TextField
        label={t('site.responsiblePlay')}
        type="url"
        value={form.responsible_play.help_url ?? ''}
        maxLength={300}
        onChange={(url) => set({ responsible_play: { help_url: url.trim() || null } })}
      />
      <TextField label={t('site.terms')} type="url" value={form.terms_url ?? ''} maxLength={300} onChange={(url) => set({ terms_url: url.trim() || null })} />
    </fieldset>
  )
}
