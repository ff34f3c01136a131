/** One entry of servers.json (spec §7). */
export interface ServerEntry { name: string; server: string; test?: boolean }

export interface ServerOption { value: string; label: string }

/**
 * The choices of the login page's server select. Rules: this server ('' = the origin the app came from) first;
 * entries without an address dropped; one option per address (the first entry naming it wins: a select cannot hold
 * two equal values, and servers.json is edited by hand); test servers marked; the stored address kept as an option
 * even when servers.json no longer lists it, so the select shows where the app is pointed.
 */
export function serverOptions(
  servers: readonly ServerEntry[], current: string, labels: { local: string; test: (name: string) => string },
): ServerOption[] {
  const out: ServerOption[] = [{ value: '', label: labels.local }];
  const seen = new Set(['']);
  for (const s of servers) {
    if (typeof s.server !== 'string' || !s.server || seen.has(s.server)) continue;
    seen.add(s.server);
    const name = s.name || s.server;
    out.push({ value: s.server, label: s.test ? labels.test(name) : name });
  }
  if (!seen.has(current)) out.push({ value: current, label: current });
  return out;
}
