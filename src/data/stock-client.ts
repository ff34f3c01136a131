import { postStockDoc, stockIssueProposal } from '../domain/contract/endpoints/stock';
import type { IssueProposalParams, IssueProposalReply, PostStockDocReply } from '../domain/contract/stock';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The special calls of stock documents (docs/stock.md), for every screen that writes them — the document entry
 * screens and the stocktake alike: posting a draft, and the proposal of an issue to production. Documents and lines
 * themselves go through their resource clients.
 */

/** `POST /warehouses/stockdocs/post/`: the draft at the version the user saw, posted; its movements in the reply. */
function post(id: number, version: number, o: CallOptions = {}): Promise<PostStockDocReply> {
  return callEndpoint(postStockDoc, { id, version }, { signal: o.signal });
}

/** `GET /warehouses/stockdocs/issue_proposal/`: what a card's or an order line's formula still needs issued. */
function issueProposal(by: IssueProposalParams, o: CallOptions = {}): Promise<IssueProposalReply> {
  return callEndpoint(stockIssueProposal, by, { signal: o.signal });
}

export const stockClient = { post, issueProposal };
