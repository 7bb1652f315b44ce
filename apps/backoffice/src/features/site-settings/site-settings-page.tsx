import { mayOperator } from '@sanam/contract'
import { MIN_TEXT_CONTRAST, themeContrasts } from '@sanam/contract/site-theme'
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
import { HEX, LinksSection, SlidesSection, ThemeSection } from './site-settings-sections.tsx'
import { ThemePreview } from './theme-preview.tsx'
import './site-settings.css'

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
          <PendingContent settings={settings.data} mayApprove={movesMoney(role)} mayReject={mayEdit || movesMoney(role)} mayEdit={mayEdit} />
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

        <ThemeSection theme={form.theme} onTheme={setTheme} contrasts={contrasts} failing={failing} />

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

        <SlidesSection slides={slides} onSlides={(next) => set({ slides: next })} />

        <LinksSection form={form} set={set} />

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
