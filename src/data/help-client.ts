import type { HelpArticle } from '../domain/rules/help';
import { faqs } from '../domain/resources/help/faqs';
import { readOfflineRows } from './offline/local-read';
import { outboxDb } from './outbox/device';
import { resourceClient } from './resource-client';

/**
 * The help articles (docs/sales-office.md §5, decision 284), React-free: read from the offline copy, so the header's
 * help button and `/faq/{key}` work on a tablet with no network. Before the copy's first pull of `faqs` (the first
 * pass waits a few seconds after start) the server's list is asked instead; the resource client itself answers from
 * the copy when the server is out of reach.
 */
export interface HelpRows {
  rows: HelpArticle[];
  /** Read from the copy or a list it answered: when that was pulled (ms since epoch); null when from the server. */
  asOf: number | null;
}

export async function loadHelpArticles(signal?: AbortSignal): Promise<HelpRows> {
  const copy = await readOfflineRows(outboxDb(), faqs.name).catch(() => ({ rows: [], asOf: null }));
  if (copy.asOf !== null) return { rows: copy.rows as unknown as HelpArticle[], asOf: copy.asOf };
  const reply = await resourceClient(faqs).list({ limit: -1 }, { signal });
  return { rows: reply.dt as unknown as HelpArticle[], asOf: reply.source === 'offline' ? reply.asOf ?? null : null };
}
