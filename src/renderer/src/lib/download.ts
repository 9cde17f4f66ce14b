/**
 * Saves through the browser's download path: a temporary `<a download>`. The browser host answers
 * exports and "open file" with a same-origin download URL; text exports use a Blob URL. No data:
 * URLs (size limits, CSP) and nothing leaves the machine.
 */
export function downloadUrl(url: string, fileName: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
}

export function downloadText(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }))
  downloadUrl(url, fileName)
  // The download has started by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
