import { useId, useState, type ChangeEvent } from 'react'
import { MAX_UPLOAD_IMAGE_BYTES, UPLOAD_IMAGE_TYPES } from '@sanam/contract/media'
import { errorText } from '../lib/api-client.ts'
import { uploadImage } from '../lib/api/upload-image.ts'
import { t } from '../lib/i18n/th.ts'
import { FormError } from './fields.tsx'

export interface ImageFieldProps {
  label: string
  /** The image's URL under /media/, or '' for none yet. */
  value: string
  onChange: (url: string) => void
  /** How the preview is drawn: the field's real proportions (a slide is wide, a logo is not). */
  previewHeight?: number
  /** Marked as required, as a required text field is (the form says so when it is missing). */
  required?: boolean
}

/**
 * An image an operator picks for a field: the current one, a file picker that uploads at once, and the upload's
 * refusal in Thai. The field holds the URL Sanam serves the file under; the form saves that URL, never the file.
 * Type and size are checked here for a quick answer, and again by the server, which decides.
 */
export function ImageField({ label, value, onChange, previewHeight = 96, required = false }: ImageFieldProps) {
  const inputId = useId()
  const errorId = useId()
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setError(null)
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(t('image.typeRefused'))
    if (file.size > MAX_UPLOAD_IMAGE_BYTES) return setError(t('image.tooLarge'))
    setUploading(true)
    try {
      onChange((await uploadImage(file)).url)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className={required ? 'field image-field field--required' : 'field image-field'}>
      <span className="field__label">{label}</span>
      <div className="image-field__row">
        {value ? (
          <img className="image-field__preview" src={value} alt={label} style={{ height: previewHeight }} />
        ) : (
          <span className="image-field__empty" style={{ height: previewHeight }}>
            {t('image.none')}
          </span>
        )}
        <label className="button button--ghost image-field__pick" htmlFor={inputId} aria-busy={uploading}>
          {uploading ? t('image.uploading') : value ? t('image.replace') : t('image.choose')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          disabled={uploading}
          aria-label={`${label}: ${value ? t('image.replace') : t('image.choose')}`}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => void pick(event)}
        />
      </div>
      <FormError id={errorId} message={error} />
    </div>
  )
}
