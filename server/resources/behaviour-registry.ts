import type { Behaviour } from './behaviour-types';

/**
 * The behaviours of the resources that have one (behaviours/types.ts), by resource name — installed by the
 * composition of the business areas (server/behaviours.ts) when it is imported, never imported from here: the
 * generic machinery (write.ts, list-params.ts, import-write.ts) is the core, and the core never imports an area
 * (eslint.config.js, server layers). A resource without one is plain data: the generic endpoints are all it needs.
 *
 * Asking before anything is installed throws: a write that silently skipped the rules of orders, cards or piece work
 * would store what the business forbids. Every entry point (app.ts, the seed, tests and benches that write without the
 * app) imports server/behaviours.ts first.
 */
let installed: Readonly<Record<string, Behaviour>> | null = null;

export function installBehaviours(behaviours: Readonly<Record<string, Behaviour>>): void {
  installed = behaviours;
}

export function behaviourOf(name: string): Behaviour | undefined {
  if (!installed) throw new Error('no behaviours installed: import server/behaviours.ts before writing');
  return installed[name];
}
