import { receipts } from '../../resources/finance/receipts';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  ignoreStatementParamsSchema, importStatementParamsSchema, postStatementParamsSchema, type IgnoreStatementReply,
  type ImportStatementReply, type PostStatementReply,
} from '../statement';

/**
 * The bank statement import (docs/finance.md "4. Bank statement import"; schemas in ../statement.ts). All three are the
 * `import` action of receipts: the lines a statement brings are the receipts' import.
 */

/** A statement's lines stored (a fingerprint seen before is a duplicate), each answered with its proposed customer. */
export const importStatement = endpoint<ImportStatementReply>()({
  method: 'POST', path: '/payments/statement/import/', params: importStatementParamsSchema, body: 'json',
  access: { resource: receipts, op: 'import' }, looksRight: hasArray('lines'),
});

/** Accepted lines posted: one receipt per line, made once however often the line is posted. */
export const postStatement = endpoint<PostStatementReply>()({
  method: 'POST', path: '/payments/statement/post/', params: postStatementParamsSchema,
  access: { resource: receipts, op: 'import' }, looksRight: hasArray('lines'),
});

/** New lines set aside: they make no receipt. */
export const ignoreStatement = endpoint<IgnoreStatementReply>()({
  method: 'POST', path: '/payments/statement/ignore/', params: ignoreStatementParamsSchema,
  access: { resource: receipts, op: 'import' }, looksRight: r => isRecord(r) && typeof r.ignored === 'number',
});
