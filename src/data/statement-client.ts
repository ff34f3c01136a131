import type {
  IgnoreStatementReply, ImportStatementReply, PostStatementReply, StatementLineInput, StatementMapping,
} from '../domain/contract/statement';
import { ignoreStatement, importStatement, postStatement } from '../domain/contract/endpoints/statement';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/**
 * The bank statement import's calls (docs/finance.md "4. Bank statement import"), for /payments/upload-excel. The
 * lines, mappings and receipts themselves are read through their resource clients.
 */

/** `POST /payments/statement/import/`: the file's lines stored once, each answered with its proposal. */
function importLines(bankId: number, mapping: StatementMapping, lines: StatementLineInput[], o: CallOptions = {}): Promise<ImportStatementReply> {
  return callEndpoint(importStatement, { bank_id: bankId, mapping, lines }, { signal: o.signal });
}

/** `POST /payments/statement/post/`: one receipt per accepted line, with the customer chosen; `allocate`: oldest bills first. */
function post(lines: { id: number; customer_id: number | null }[], allocate = false, o: CallOptions = {}): Promise<PostStatementReply> {
  return callEndpoint(postStatement, { lines, ...(allocate ? { allocate: true } : {}) }, { signal: o.signal });
}

/** `POST /payments/statement/ignore/`: new lines set aside. */
function ignore(ids: number[], o: CallOptions = {}): Promise<IgnoreStatementReply> {
  return callEndpoint(ignoreStatement, { ids }, { signal: o.signal });
}

export const statementClient = { importLines, post, ignore };
