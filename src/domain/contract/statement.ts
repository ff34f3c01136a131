import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { optionalDay, wireFlag, wireInt, wireJson } from './wire';

/**
 * The bank statement import (docs/finance.md "4. Bank statement import"): the column mapping of a bank's files, the
 * lines read from a file (in the spreadsheet worker, src/workers/statement-parse.ts), their import, their posting as
 * receipts and their ignoring. Shared by the server's routes, the worker and the screen.
 */
const ID = wireInt(1, 2_147_483_647);
/** One import carries at most this many lines (a year of a busy account's credit lines). */
export const MAX_STATEMENT_LINES = 5000;
/** One post or ignore names at most this many lines. */
export const MAX_POST_LINES = 500;
/** The header row is looked for in the first rows only (title and account rows above it). */
export const MAX_HEADER_ROW = 30;
/** The largest amount a line may carry (numeric(18, 4)). */
const MAX_AMOUNT = 99_999_999_999_999;

/** The columns a mapping names, by the header's text (not its position, so a reordered export still reads). */
export const MAPPING_COLUMNS = ['date_column', 'amount_column', 'credit_column', 'debit_column', 'name_column',
  'account_column', 'memo_column', 'reference_column', 'balance_column'] as const;
export type MappingColumn = typeof MAPPING_COLUMNS[number];

const header = z.preprocess(v => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ message: 'statement_mapping' }).trim().max(100, { message: 'statement_mapping' }).optional());

/**
 * A bank's mapping: the header row (1-based, as the sheet numbers it) and the header text of each column. A date column
 * is required, and an amount: one signed column (`amount_column`, credit > 0) or the credit and/or debit columns apart
 * (收入/支出, 贷方/借方). Else 400 `statement_mapping`.
 */
export const statementMappingSchema = z.object({
  header_row: wireInt(1, MAX_HEADER_ROW, 'statement_mapping'),
  date_column: header,
  date_format: z.enum(['auto'], { message: 'statement_mapping' }).default('auto'),
  amount_column: header,
  credit_column: header,
  debit_column: header,
  name_column: header,
  account_column: header,
  memo_column: header,
  reference_column: header,
  balance_column: header,
}, { message: 'statement_mapping' }).refine(m => m.date_column !== undefined
  && (m.amount_column !== undefined || m.credit_column !== undefined || m.debit_column !== undefined),
{ message: 'statement_mapping' });
export type StatementMapping = z.output<typeof statementMappingSchema>;

const text = (max: number) => z.preprocess(v => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ message: 'bad_request' }).trim().max(max, { message: 'too_long' }).optional());

/**
 * One line of a statement as the worker read it: its row in the sheet (for the row errors), the day, the signed amount
 * (credit > 0 money in, debit < 0 money out; at most 4 decimals, never 0) and the counterparty's texts.
 */
export const statementLineSchema = z.object({
  row: z.number({ message: 'bad_request' }).int().min(1).max(10_000_000),
  date: optionalDay.pipe(z.string({ message: 'statement_date' })),
  amount: z.number({ message: 'statement_amount' }).min(-MAX_AMOUNT, { message: 'statement_amount' })
    .max(MAX_AMOUNT, { message: 'statement_amount' })
    .refine(n => n !== 0 && /^-?\d{1,15}(\.\d{1,4})?$/.test(String(n)), { message: 'statement_amount' }),
  name: text(200),
  account: text(64),
  memo: text(200),
  reference: text(100),
  balance: z.number({ message: 'statement_amount' }).min(-MAX_AMOUNT).max(MAX_AMOUNT).nullable().optional(),
});
export type StatementLineInput = z.output<typeof statementLineSchema>;

/** `POST /payments/statement/import/`: the lines of one file of bank `bank_id`, and the mapping they were read with. */
export const importStatementParamsSchema = z.looseObject({
  bank_id: ID,
  mapping: wireJson(statementMappingSchema),
  lines: wireJson(z.array(statementLineSchema, { message: 'invalid_json' })
    .min(1, { message: 'statement_empty' }).max(MAX_STATEMENT_LINES, { message: 'too_many_lines' })),
});
export type ImportStatementParams = z.output<typeof importStatementParamsSchema>;

/** Why a customer is proposed for a line, strongest first (docs/finance.md "statementlines"). */
export const MATCH_REASONS = ['earlier', 'bank_account', 'name', 'contains'] as const;
export type MatchReason = typeof MATCH_REASONS[number];
export const STATEMENT_STATUSES = ['new', 'posted', 'ignored'] as const;
export type StatementStatus = typeof STATEMENT_STATUSES[number];

/** One line of the file as the import answers it: stored now (`is_new`) or found stored before, with its proposal. */
export interface ImportedLine {
  row: number;
  id: number;
  is_new: boolean;
  status: StatementStatus;
  date: string;
  /** Signed, at 4 decimals. */
  amount: number;
  name: string | null;
  account: string | null;
  memo: string | null;
  reference: string | null;
  receipt_id: number | null;
  customer_id: number | null;
  customer_name: string | null;
  /** Why `customer_id` is proposed (null: nobody matched, or the line was posted with its customer). */
  reason: MatchReason | null;
}

export interface ImportStatementReply extends Envelope {
  /** Lines stored by this import. */
  new: number;
  /** Lines of the file stored before (same fingerprint): not stored again. */
  duplicate: number;
  lines: ImportedLine[];
}

/** `POST /payments/statement/post/`: per line, the customer chosen (null: post unmatched); `allocate` asks for FIFO. */
export const postStatementParamsSchema = z.looseObject({
  lines: wireJson(z.array(z.object({ id: z.number({ message: 'bad_request' }).int().positive(),
    customer_id: z.number({ message: 'bad_request' }).int().positive().nullable() }), { message: 'invalid_json' })
    .min(1, { message: 'statement_nothing' }).max(MAX_POST_LINES, { message: 'too_many_lines' })),
  allocate: wireFlag.optional(),
});
export type PostStatementParams = z.output<typeof postStatementParamsSchema>;

export interface PostStatementReply extends Envelope {
  /** Receipts made by this call. */
  posted: number;
  /** Lines posted before (by another click, another tab): no second receipt. */
  already: number;
  /** Per line: its receipt, and what `allocate` applied of it to bills (at 4 decimals; 0 without). */
  lines: { id: number; receipt_id: number; receipt_show_id: string | null; allocated: number }[];
}

/** `POST /payments/statement/ignore/`: new lines set aside (they make no receipt). */
export const ignoreStatementParamsSchema = z.looseObject({
  ids: wireJson(z.array(z.number({ message: 'bad_request' }).int().positive(), { message: 'invalid_json' })
    .min(1, { message: 'statement_nothing' }).max(MAX_POST_LINES, { message: 'too_many_lines' })),
});
export type IgnoreStatementParams = z.output<typeof ignoreStatementParamsSchema>;
export interface IgnoreStatementReply extends Envelope { ignored: number }
