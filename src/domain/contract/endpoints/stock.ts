import { stockdocs } from '../../resources/warehouse/stockdocs';
import { endpoint, isRecord } from '../endpoint';
import { postStockDocParamsSchema, type PostStockDocReply } from '../stock';

/** The special calls of stock (docs/stock.md; schemas in ../stock.ts). */

/** Posts a draft stock document: its movements into the ledger and the balances, in one transaction. */
export const postStockDoc = endpoint<PostStockDocReply>()({
  method: 'POST', path: '/warehouses/stockdocs/post/', params: postStockDocParamsSchema,
  access: { resource: stockdocs, action: 'post' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && typeof r.movements === 'number',
});
