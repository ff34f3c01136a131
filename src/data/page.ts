/**
 * The page the user is on (path and query), for `/login?redirect=…` and the `frompath` of list calls. Empty
 * outside a browser (tests in node, workers without a location).
 */
export function currentPath(): string {
  const loc = (globalThis as { location?: { pathname?: string; search?: string } }).location;
  return loc?.pathname ? `${loc.pathname}${loc.search ?? ''}` : '';
}

/** The full address of the page, for the error log. */
export function currentHref(): string {
  return (globalThis as { location?: { href?: string } }).location?.href ?? '';
}
