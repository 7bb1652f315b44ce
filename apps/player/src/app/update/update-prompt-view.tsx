/**
 * Tells the player a new version of the app is ready (issue 21 §5): the service worker installed it beside the running
 * one; tapping reloads into it. Until then the page keeps working on the version it opened with.
 */
export function UpdatePromptView({ onUpdate }: { onUpdate: () => void }) {
  return (
    <div className="toast update-prompt" role="status">
      <p className="update-prompt__text">มี Sanam เวอร์ชันใหม่พร้อมใช้งาน</p>
      <button type="button" className="button button--primary button--small" onClick={onUpdate}>
        อัปเดตเลย
      </button>
    </div>
  )
}
