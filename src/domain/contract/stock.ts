import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { wireInt } from './wire';

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
