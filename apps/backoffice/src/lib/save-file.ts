/** Saves a downloaded blob under `filename` through a link the page clicks once (the CSV exports). */
export function saveFile(blob: Blob, filename: string): string {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled; the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url))
  return filename
}
