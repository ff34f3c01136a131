import { endpoint, hasArray } from '../endpoint';
import { printDoParamsSchema, sheetParamsSchema, type PrintDoReply } from '../prints';

/**
 * Printing (docs/production.md "Printing"; schemas in ../prints.ts). `/prints/do/` needs `view` on the printed
 * category's resource, which only the request names: its route checks that before validation, beside the session.
 */
export const printDo = endpoint<PrintDoReply>()({
  method: 'POST', path: '/prints/do/', params: printDoParamsSchema, access: 'session', looksRight: hasArray('ds'),
});

/** A print sheet's HTML by a signed link (the link is the permission: no login). */
export const printSheet = endpoint<never>()({
  method: 'GET', path: '/prints/sheet/', params: sheetParamsSchema, access: 'public', reply: 'html',
});
