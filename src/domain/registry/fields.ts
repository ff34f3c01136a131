/**
 * Field builders of the resource registry. A field is plain data: the server turns it into a column and a
 * validator, the client into a form control and a grid column. Nothing here may import the DOM or Node.
 */

export type FieldType =
  | 'text'
  | 'int'
  | 'number'
  | 'money'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'refs'
  | 'json'
  | 'texts'
  | 'password';

export interface FieldBase {
  type: FieldType;
  /** A value must be given on create (and may not be cleared on update). */
  required?: boolean;
  /** Unique among the rows of the resource (a unique index). */
  unique?: boolean;
  /** Overrides the label key; by default `resources.<resource>.fields.<field>`. */
  label?: string;
  /** Never sent to clients (password hashes). */
  writeOnly?: boolean;
  /** Set by the server only; clients may not send it. */
  readOnly?: boolean;
  /**
   * Personal or confidential (a badge number, a phone, a wage rate): sent only to roles that may edit the resource
   * (DESIGN §5). Everyone else gets rows without it — in lists, details, pulls, exports and history — and may not
   * filter, sort or search by it, so its value cannot be guessed through a filter either.
   */
  sensitive?: boolean;
}

/**
 * Text. `format: 'image'` marks a text holding the URL of an uploaded image (the form offers an upload and a
 * preview); `format: 'file'` the URL of any uploaded file (a contract's scan, decision 264). Both are kept for good
 * while a row names them (server/resources/row-files.ts); each is still a plain text column.
 */
export interface TextField extends FieldBase { type: 'text'; max: number; default?: string; multiline?: boolean; format?: 'image' | 'file' }
/**
 * `sum: true` marks a field whose column total means something (quantities, weights, amounts): lists total it, over
 * the rows shown or, on the server, over the whole filtered list. Prices, rates, orders and ids do not sum.
 */
export interface Summable { sum?: boolean }
export interface IntField extends FieldBase, Summable { type: 'int'; min?: number; max?: number; default?: number }
/** A decimal quantity, stored as numeric; `unit` names the unit shown beside it. */
/** A quantity or measure; a writable one declares its `min` (or `signed`: a difference), like money. */
export interface NumberField extends FieldBase, Summable { type: 'number'; scale: number; default?: number; unit?: string; min?: number; max?: number; signed?: boolean }
/** Money: numeric with 4 decimals so sums keep precision until the final rounding to 2 (DESIGN §8). */
/**
 * Money. `min` is its smallest value (a price, cost or rate: 0); a writable money field declares one, or `signed`
 * when a negative amount means something (an opening balance overdrawn) — held by the registry's unit test.
 */
export interface MoneyField extends FieldBase, Summable { type: 'money'; default?: number; min?: number; max?: number; signed?: boolean }
export interface BoolField extends FieldBase { type: 'bool'; default?: boolean }
export interface DateField extends FieldBase { type: 'date' }
export interface DateTimeField extends FieldBase { type: 'datetime' }
export interface EnumField extends FieldBase { type: 'enum'; values: readonly string[]; default?: string }
/** A reference to one row of another resource (a foreign key). */
export interface RefField extends FieldBase { type: 'ref'; to: string }
/** An ordered list of references (stored as integer[]), e.g. a workflow's worknodes in order. */
export interface RefsField extends FieldBase { type: 'refs'; to: string; max?: number }
/**
 * Free structured data, e.g. the dynamic property columns of an item. `format: 'grants'` marks a role's permissions
 * (resource → actions and row scope, src/domain/contract/permissions.ts), validated as such and edited as a matrix;
 * `format: 'formfields'` a form template's fields (src/domain/contract/forms.ts), validated as such and edited as a
 * list of fields.
 */
export interface JsonField extends FieldBase { type: 'json'; maxBytes?: number; format?: 'grants' | 'formfields' }
/**
 * A list of short strings, e.g. the menu paths a role grants. `format: 'files'` marks a list of uploaded files' URLs
 * (the photos and signatures of a form), kept for good while a row names them (server/resources/row-files.ts).
 */
export interface TextsField extends FieldBase { type: 'texts'; maxItems?: number; maxLength?: number; format?: 'files' }
/** A password: accepted in clear on save, stored as a scrypt hash, never returned. */
export interface PasswordField extends FieldBase { type: 'password' }

export type Field =
  | TextField | IntField | NumberField | MoneyField | BoolField | DateField | DateTimeField
  | EnumField | RefField | RefsField | JsonField | TextsField | PasswordField;

/** Money is stored with 4 decimals and shown with 2 (DESIGN §8). */
export const MONEY_SCALE = 4;

/** The decimals a number or money field is stored with (as numeric(18, scale)); undefined for other types. */
export function decimalScale(f: Field | undefined): number | undefined {
  return f?.type === 'money' ? MONEY_SCALE : f?.type === 'number' ? f.scale : undefined;
}

type Opts<F extends Field> = Omit<F, 'type'>;
type OptionalOpts<F extends Field, K extends keyof F> = Omit<F, 'type' | K> & Partial<Pick<F, K>>;

// Builders keep the options' literal types (`required: true`), so row types know which fields are never empty.
export const text = <const O extends Partial<Opts<TextField>> = object>(o: O = {} as O): TextField & O => ({ type: 'text', max: 200, ...o });
export const int = <const O extends Opts<IntField> = object>(o: O = {} as O): IntField & O => ({ type: 'int', ...o });
export const number = <const O extends OptionalOpts<NumberField, 'scale'> = object>(o: O = {} as O): NumberField & O =>
  ({ type: 'number', scale: 2, ...o });
export const money = <const O extends Opts<MoneyField> = object>(o: O = {} as O): MoneyField & O => ({ type: 'money', ...o });
export const bool = <const O extends Opts<BoolField> = object>(o: O = {} as O): BoolField & O => ({ type: 'bool', ...o });
export const date = <const O extends Opts<DateField> = object>(o: O = {} as O): DateField & O => ({ type: 'date', ...o });
export const datetime = <const O extends Opts<DateTimeField> = object>(o: O = {} as O): DateTimeField & O => ({ type: 'datetime', ...o });
export const enumOf = <const V extends readonly string[], const O extends Omit<Opts<EnumField>, 'values'> = object>(values: V, o: O = {} as O):
  EnumField & { values: V } & O => ({ type: 'enum', values, ...o });
export const ref = <const O extends Omit<Opts<RefField>, 'to'> = object>(to: string, o: O = {} as O): RefField & O => ({ type: 'ref', to, ...o });
export const refs = <const O extends Omit<Opts<RefsField>, 'to'> = object>(to: string, o: O = {} as O): RefsField & O => ({ type: 'refs', to, ...o });
export const json = <const O extends Opts<JsonField> = object>(o: O = {} as O): JsonField & O => ({ type: 'json', ...o });
export const texts = <const O extends Opts<TextsField> = object>(o: O = {} as O): TextsField & O => ({ type: 'texts', ...o });
export const password = <const O extends Opts<PasswordField> = object>(o: O = {} as O): PasswordField & O =>
  ({ type: 'password', writeOnly: true, ...o });

/** TypeScript value of a field, as it travels in the API (an enum's value is one of its values). */
export type FieldValue<F extends Field> =
  F extends EnumField & { values: readonly (infer V extends string)[] } ? V
  : F extends TextField | EnumField | DateField | DateTimeField | PasswordField ? string
  : F extends IntField | NumberField | MoneyField | RefField ? number
  : F extends BoolField ? boolean
  : F extends RefsField ? number[]
  : F extends TextsField ? string[]
  : F extends JsonField ? unknown
  : never;
