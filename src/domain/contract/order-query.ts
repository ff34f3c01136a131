import { z } from 'zod';
import './zod-config';
import type { OrderStatus } from '../rules/order-status';
import type { Envelope } from './replies';

/**
 * The public order query (`GET /orders/query/?show_id=&code=`, no login): a customer with the order number and the
 * check code printed on their documents sees the progress of each line, and nothing else — no customer, no prices, no
 * other order. A wrong code and an unknown order answer the same 404; too many failures from one address answer 429.
 */
export const orderQueryParamsSchema = z.looseObject({
  show_id: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(40, { message: 'bad_request' }),
  code: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(12, { message: 'bad_request' }),
});

export interface OrderQueryNode { worknode_id: number; name: string; waiting: number; running: number; done: number }

export interface OrderQueryLine {
  line_no: number;
  item_name: string;
  unit: string | null;
  quantity: number;
  finished_quantity: number;
  /** What shipped deliveries took of it (docs/delivery.md). */
  delivered_quantity: number;
  nodes: OrderQueryNode[];
}

export interface OrderQueryReply extends Envelope {
  dt: { show_id: string; order_date: string | null; due_date: string | null; status: OrderStatus; lines: OrderQueryLine[] };
}
