/**
 * An image of the site by its /media address, with a preview. Stands where the shared image upload field
 * (components/image-field.tsx) goes once it lands; the server refuses any address outside /media.
 */
export function ImageUrlField({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  return (
    <label className="field site-image">
      <span className="field__label">{label}</span>
      {value && <img src={value} alt="" className="site-image__preview" />}
      <input
        className="field__input"
        value={value}
        maxLength={210}
        spellCheck={false}
        placeholder="/media/..."
        onChange={(e) => onChange(e.target.value.trim())}
      />
    </label>
  )
}
