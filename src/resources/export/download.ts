/**
 * Saves a file the browser's way: a temporary `<a download>` clicked once. An object URL is revoked a minute later
 * (not at once: some browsers read it after the click returns).
 */
export function saveBytes(data: ArrayBuffer | Blob, name: string, mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type: mime });
  const url = URL.createObjectURL(blob);
  clickLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a URL the server made (an export's `/files/?action=download&id=…`, an attachment). */
export function saveUrl(url: string, name: string): void {
  clickLink(url, name);
}

function clickLink(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
