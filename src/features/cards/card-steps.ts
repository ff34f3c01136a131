import type { ListRow } from '../../resources/list/list-columns';

/** What happened to a card at one of its work nodes: the node started, finished, or was skipped. */
export type CardStepKind = 'started' | 'finished' | 'skipped';

export interface CardStepEvent {
  /** Unique among the card's events: the node and the kind. */
  key: string;
  kind: CardStepKind;
  /** When, as the server wrote it (ISO). */
  at: string;
  node: string;
  person: string;
  device: string;
  /** Good and bad quantities, on a finish only (a start has counted nothing yet). */
  good: number | null;
  bad: number | null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * The steps of a card's history (issue 30 item 13), from its card nodes (`cardnodes`): each node's start, and its
 * finish — or its skip — with who, on which machine and, when it finished, how many good and bad. A node waiting,
 * or whose time is unknown, has no step to show. Oldest first; a start comes before its node's finish at the same
 * instant.
 */
export function cardStepEvents(nodes: readonly ListRow[]): CardStepEvent[] {
  const out: CardStepEvent[] = [];
  for (const n of nodes) {
    const common = {
      node: text(n.worknode_id_name) || `#${text(n.worknode_id)}`, person: text(n.person_id_name), device: text(n.device_id_name),
    };
    const started = text(n.started_at);
    const finished = text(n.finished_at);
    if (started) out.push({ key: `${text(n.id)}:started`, kind: 'started', at: started, ...common, good: null, bad: null });
    if (finished && (n.status === 'done' || n.status === 'skipped')) {
      const kind: CardStepKind = n.status === 'skipped' ? 'skipped' : 'finished';
      out.push({ key: `${text(n.id)}:${kind}`, kind, at: finished, ...common, good: num(n.good_quantity), bad: num(n.bad_quantity) });
    }
  }
  const order: Record<CardStepKind, number> = { started: 0, finished: 1, skipped: 1 };
  return out
    .map((e, i) => ({ e, i, t: Date.parse(e.at) }))
    .sort((a, b) => (a.t - b.t) || (order[a.e.kind] - order[b.e.kind]) || (a.i - b.i))
    .map(x => x.e);
}
