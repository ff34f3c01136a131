import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalInt, wireInt } from './wire';

/**
 * The special calls of stock (docs/stock.md). Shared by the server's route and the client.
 */
const ID = wireInt(1, 2_147_483_647);

/** `POST /warehouses/stockdocs/post/`: a draft stock document at its version, posted. */
export const postStockDocParamsSchema = z.looseObject({ id: ID, version: ID });
export type PostStockDocParams = z.infer<typeof postStockDocParamsSchema>;

export interface PostStockDocReply extends Envelope {
  id: number;
  version: number;
  /** The movements the posting wrote. */
  movements: number;
}

/**
 * `GET /warehouses/stockdocs/issue_proposal/`: what goods out to production should issue against one process card
 * (`card_id`) or one order line (`detail_id`) — exactly one of them — by the line's formula (docs/stock.md
 * "Issue to production").
 */
export const issueProposalParamsSchema = z.looseObject({
  card_id: optionalInt(1, 2_147_483_647),
  detail_id: optionalInt(1, 2_147_483_647),
}).refine(p => (p.card_id === undefined) !== (p.detail_id === undefined), { message: 'stock_issue_card_or_line' });
export type IssueProposalParams = z.infer<typeof issueProposalParamsSchema>;

/** One material of the proposal: what the formula needs, what posted goods out have issued already, what is left. */
export interface IssueProposalRow {
  item_id: number;
  code: string | null;
  name: string;
  unit: string | null;
  required: number;
  issued: number;
  /** `required − issued`, never below zero: the line the screen proposes. */
  quantity: number;
}

export interface IssueProposalReply extends Envelope {
  dt: IssueProposalRow[];
  /** The order line the demand comes from, its quantity (the card's for a card) and the formula used (null: none). */
  detail_id: number;
  demand: number;
  formula_id: number | null;
}
