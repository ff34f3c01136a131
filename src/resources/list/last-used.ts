/**
 * The row a user last opened in each list (spec §4 row state "last used"), highlighted when the list is shown
 * again. Kept per tab in sessionStorage: it is a trail of this working session, not a setting.
 */
const key = (resource: string) => `ipos-last-used:${resource}`;

export function lastUsedOf(resource: string): number | null {
  const v = Number(sessionStorage.getItem(key(resource)));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function rememberLastUsed(resource: string, id: number): void {
  sessionStorage.setItem(key(resource), String(id));
}
