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
}

/**
 * Text. `format: 'image'` marks a text holding the URL of an uploaded image (the form offers an upload and a
 * preview); it is still a plain text column.
 */
export interface TextField extends FieldBase { type: 'text'; max: number; default?: string; multiline?: boolean; format?: 'image' }
export interface IntField extends FieldBase { type: 'int'; min?: number; max?: number; default?: number }
/** A decimal quantity, stored as numeric; `unit` names the unit shown beside it. */
export interface NumberField extends FieldBase { type: 'number'; scale: number; default?: number; unit?: string; min?: number }
/** Money: numeric with 4 decimals so sums keep precision until the final rounding to 2 (DESIGN §8). */
export interface MoneyField extends FieldBase { type: 'money'; default?: number }
export interface BoolField extends FieldBase { type: 'bool'; default?: boolean }
export interface DateField extends FieldBase { type: 'date' }
export interface DateTimeField extends FieldBase { type: 'datetime' }
export interface EnumField extends FieldBase { type: 'enum'; values: readonly string[]; default?: string }
/** A reference to one row of another resource (a foreign key). */
export interface RefField extends FieldBase { type: 'ref'; to: string }
/** An ordered list of references (stored as integer[]), e.g. a workflow's worknodes in order. */
export interface RefsField extends FieldBase { type: 'refs'; to: string; max?: number }
/** Free structured data, e.g. the dynamic property columns of an item. */
export interface JsonField extends FieldBase { type: 'json'; maxBytes?: number }
/** A list of short strings, e.g. the menu paths a role grants. */
export interface TextsField extends FieldBase { type: 'texts'; maxItems?: number; maxLength?: number }
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

export const text = (o: Partial<Opts<TextField>> = {}): TextField => ({ type: 'text', max: 200, ...o });
export const int = (o: Opts<IntField> = {}): IntField => ({ type: 'int', ...o });
export const number = (o: OptionalOpts<NumberField, 'scale'> = {}): NumberField => ({ type: 'number', scale: 2, ...o });
export const money = (o: Opts<MoneyField> = {}): MoneyField => ({ type: 'money', ...o });
export const bool = (o: Opts<BoolField> = {}): BoolField => ({ type: 'bool', ...o });
export const date = (o: Opts<DateField> = {}): DateField => ({ type: 'date', ...o });
export const datetime = (o: Opts<DateTimeField> = {}): DateTimeField => ({ type: 'datetime', ...o });
export const enumOf = (values: readonly string[], o: Omit<Opts<EnumField>, 'values'> = {}): EnumField =>
  ({ type: 'enum', values, ...o });
export const ref = (to: string, o: Omit<Opts<RefField>, 'to'> = {}): RefField => ({ type: 'ref', to, ...o });
export const refs = (to: string, o: Omit<Opts<RefsField>, 'to'> = {}): RefsField => ({ type: 'refs', to, ...o });
export const json = (o: Opts<JsonField> = {}): JsonField => ({ type: 'json', ...o });
export const texts = (o: Opts<TextsField> = {}): TextsField => ({ type: 'texts', ...o });
export const password = (o: Opts<PasswordField> = {}): PasswordField => ({ type: 'password', writeOnly: true, ...o });

/** TypeScript value of a field, as it travels in the API. */
export type FieldValue<F extends Field> =
  F extends TextField | EnumField | DateField | DateTimeField | PasswordField ? string
  : F extends IntField | NumberField | MoneyField | RefField ? number
  : F extends BoolField ? boolean
  : F extends RefsField ? number[]
  : F extends TextsField ? string[]
  : F extends JsonField ? unknown
  : never;
