import { z } from 'zod';
import './zod-config';
import { PERIOD_PATTERN } from '../rules/piece-work';
import type { Envelope } from './replies';
import { wireFlag } from './wire';

/**
 * Closing or reopening a month (`YYYY-MM`; `closed` 1 closes, 0 reopens): one call shape for every kind of month that
 * closes — the pay months (`/persons/works/close_period/`) and the finance months (`/payments/close_period/`), both
 * on server/resources/closed-months.ts.
 */
export const closeMonthParamsSchema = z.looseObject({
  period: z.string({ message: 'invalid_period' }).trim().regex(PERIOD_PATTERN, { message: 'invalid_period' }),
  closed: wireFlag,
});
export type CloseMonthParams = z.infer<typeof closeMonthParamsSchema>;
export interface CloseMonthReply extends Envelope { period: string; closed: boolean }
