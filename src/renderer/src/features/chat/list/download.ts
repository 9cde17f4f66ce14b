/**
 * Saves text as a file through the browser's download path: a Blob URL on a temporary
 * `<a download>`. No data: URL (size limits, CSP) and nothing leaves the machine.
 */
export function downloadText(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
  // The download has started by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
