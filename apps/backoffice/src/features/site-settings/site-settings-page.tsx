import { MAX_SLIDES, mayOperator } from '@sanam/contract'
import { contrastRefusal, formatContrast, MIN_TEXT_CONTRAST, THEME_PAIR_LABEL, themeContrasts } from '@sanam/contract/site-theme'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import { useState, type FormEvent } from 'react'
import { ImageField } from '../../components/image-field.tsx'
import { TextAreaField, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useSiteSettings, type SiteSettings } from './api/get-site-settings.ts'
import { useSaveSiteSettings, type SiteSettingsBody } from './api/save-site-settings.ts'
import { ContentHistory, PendingContent } from './site-content-review.tsx'
import { ThemePreview } from './theme-preview.tsx'
import './site-settings.css'

const HEX = /^#[0-9a-f]{6}$/i

/** The editor's body from the loaded settings (the same shape, less what the server derives, when and what waits). */
function bodyOf({ updated_at: _updatedAt, pending: _pending, history: _history, theme, ...settings }: SiteSettings): SiteSettingsBody {
  return { ...settings, theme: { primary: theme.primary, background: theme.background } }
}

/**
 * Site settings (issue 20 §3): texts, theme colours with a live preview, images, slides and links, edited by
 * 'site.manage'. A change of what players read waits for a second operator who decides money (ADR 068): the change
 * waiting, what it changes, approve or reject, and the latest decided ones are on this screen for every role.
 */
export function SiteSettingsPage() {
  const settings = useSiteSettings()
  const me = useOperator()
  const role = me.data?.role
  const mayEdit = mayOperator(role, 'site.manage')
  return (
    <section className="panel">
      <h1 className="panel__title">{t('site.title')}</h1>
      <p className="muted">{t('site.lead')}</p>
      {settings.data ? (
        <>
          <PendingContent
            settings={settings.data}
            operatorId={me.data?.operator_id}
            mayApprove={movesMoney(role)}
            mayReject={mayEdit || movesMoney(role)}
            mayEdit={mayEdit}
          />
          {mayEdit ? (
            // A save reloads the settings: the form starts again from what players are served (a proposal waits above).
            <SiteSettingsForm key={`${settings.data.updated_at}-${settings.data.pending?.id ?? ''}`} initial={settings.data} />
          ) : (
            <p className="muted site-read-only">{t('site.readOnly')}</p>
          )}
          <ContentHistory history={settings.data.history} />
        </>
      ) : settings.error ? (
        <p className="form__error" role="alert">
          {errorText(settings.error)}
        </p>
      ) : (
        <p>{t('common.loading')}</p>
      )}
    </section>
  )
}

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

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const toast = useToast()
  const save = useSaveSiteSettings()
  const [form, setForm] = useState<SiteSettingsBody>(() => bodyOf(initial))
  const set = (change: Partial<SiteSettingsBody>) => setForm((current) => ({ ...current, ...change }))
  const setTheme = (change: Partial<SiteSettingsBody['theme']>) => set({ theme: { ...form.theme, ...change } })

  const coloursValid = HEX.test(form.theme.primary) && HEX.test(form.theme.background)
  const contrasts = coloursValid ? themeContrasts(form.theme) : []
  const failing = contrasts.filter((check) => check.ratio < MIN_TEXT_CONTRAST).sort((a, b) => a.ratio - b.ratio)

  const slides = form.slides
  const moveSlide = (from: number, to: number) => {
    const next = [...slides]
    const [moved] = next.splice(from, 1)
    if (moved === undefined) return
    next.splice(to, 0, moved)
    set({ slides: next })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(form, { onSuccess: ({ message }) => message && toast(message) })
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <div className="site-form__main">
        <fieldset className="site-section">
          <legend className="site-section__title">{t('site.texts')}</legend>
          <TextField label={t('site.name')} value={form.title} maxLength={60} onChange={(title) => set({ title })} />
          <TextAreaField
            label={t('site.description')}
            name="description"
            rows={3}
            value={form.description}
            maxLength={300}
            onChange={(description) => set({ description })}
          />
        </fieldset>

        <fieldset className="site-section">
          <legend className="site-section__title">{t('site.theme')}</legend>
          <div className="site-colours">
            <ColourField label={t('site.primary')} value={form.theme.primary} onChange={(primary) => setTheme({ primary })} />
            <ColourField label={t('site.background')} value={form.theme.background} onChange={(background) => setTheme({ background })} />
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

        <fieldset className="site-section">
          <legend className="site-section__title">{t('site.images')}</legend>
          <div className="site-images">
            <ImageField label={t('site.logo')} value={form.image.logo} previewHeight={64} onChange={(logo) => set({ image: { ...form.image, logo } })} />
            <ImageField
              label={t('site.favicon')}
              value={form.image.favicon}
              previewHeight={64}
              onChange={(favicon) => set({ image: { ...form.image, favicon } })}
            />
          </div>
        </fieldset>

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
                    <button type="button" className="button button--danger" onClick={() => set({ slides: slides.filter((_, i) => i !== index) })}>
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
            <ImageField label={t('site.slideAdd')} value="" previewHeight={48} onChange={(url) => set({ slides: [...slides, url] })} />
          )}
        </fieldset>

        <fieldset className="site-section">
          <legend className="site-section__title">{t('site.links')}</legend>
          <TextField
            label={t('site.contact')}
            type="url"
            value={form.contact.line}
            maxLength={300}
            onChange={(line) => set({ contact: { line: line.trim() } })}
          />
          <TextField
            label={t('site.responsiblePlay')}
            type="url"
            value={form.responsible_play.help_url ?? ''}
            maxLength={300}
            onChange={(url) => set({ responsible_play: { help_url: url.trim() || null } })}
          />
          <TextField
            label={t('site.terms')}
            type="url"
            value={form.terms_url ?? ''}
            maxLength={300}
            onChange={(url) => set({ terms_url: url.trim() || null })}
          />
        </fieldset>

        {save.error && (
          <p className="form__error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <div className="site-form__actions">
          <button type="submit" className="button" disabled={save.isPending || !coloursValid || failing.length > 0}>
            {t('site.save')}
          </button>
          <span className="muted">
            {t('site.updatedAt')} {formatDateTimeSeconds(initial.updated_at)}
          </span>
        </div>
      </div>

      <aside className="site-form__preview" aria-label={t('site.preview')}>
        <h2 className="site-section__subtitle">{t('site.preview')}</h2>
        {coloursValid && <ThemePreview title={form.title} logo={form.image.logo} theme={form.theme} slide={slides[0]} />}
      </aside>
    </form>
  )
}
