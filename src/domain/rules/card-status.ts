/**
 * Status of a process card and of its nodes. A card's status is derived from its nodes, never set by hand:
 * - `waiting` while no node has started;
 * - `done` once every node is done or skipped (the last node's good quantity is the card's finished quantity);
 * - `running` otherwise.
 * The card's current work node is the first node (by `seq`) that is neither done nor skipped; none once it is done.
 */
export const CARD_STATUSES = ['waiting', 'running', 'done'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CARD_NODE_STATUSES = ['waiting', 'running', 'done', 'skipped'] as const;
export type CardNodeStatus = (typeof CARD_NODE_STATUSES)[number];

export interface NodeState {
  seq: number;
  worknode_id: number;
  status: CardNodeStatus;
  good_quantity?: number | null;
  bad_quantity?: number | null;
}

export interface DerivedCard {
  status: CardStatus;
  worknode_id: number | null;
  finished_quantity: number;
  bad_quantity: number;
}

const closed = (s: CardNodeStatus) => s === 'done' || s === 'skipped';

export function deriveCard(nodes: readonly NodeState[]): DerivedCard {
  const ordered = [...nodes].sort((a, b) => a.seq - b.seq);
  const current = ordered.find(n => !closed(n.status));
  const started = ordered.some(n => n.status !== 'waiting');
  const bad = ordered.reduce((s, n) => s + Number(n.bad_quantity ?? 0), 0);
  const lastDone = [...ordered].reverse().find(n => n.status === 'done');
  const status: CardStatus = ordered.length > 0 && !current ? 'done' : started ? 'running' : 'waiting';
  return {
    status,
    worknode_id: current?.worknode_id ?? null,
    finished_quantity: status === 'done' ? Number(lastDone?.good_quantity ?? 0) : 0,
    bad_quantity: Math.round(bad * 10_000) / 10_000,
  };
}
