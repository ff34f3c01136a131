/**
 * Document numbers from a configurable pattern (configs `order_no_pattern`, `card_no_pattern`): literal text with
 * tokens in braces.
 *
 * - `{yyyy}` `{yy}` `{MM}` `{dd}`: the date of numbering (the server's local date).
 * - `{seq:N}` (or `{seq}`, N = 4): the counter, zero-padded to N digits (longer numbers are not cut).
 *
 * The counter resets whenever the date part of the pattern changes: `SO{yyyy}{MM}{dd}…` counts per day, `C{yy}{MM}…` per
 * month, a pattern without date tokens never resets. Exactly one `{seq}` token is required, so two numbers of one
 * counter period never collide; a pattern that breaks these rules is refused when saved (CONFIG_TYPES check) and
 * replaced by the default when read.
 */
export interface NumberPattern {
  /** The pattern as written. */
  source: string;
  /** The reset period of a date: the date tokens of the pattern filled in, joined ('' = never resets). */
  periodOf(d: Date): string;
  /** The number for counter value `n` on date `d`. */
  format(d: Date, n: number): string;
  /** Whether `code` could be a number of this pattern (any date, any counter): how a kiosk tells a card from a badge. */
  matches(code: string): boolean;
}

const TOKEN = /\{(yyyy|yy|MM|dd|seq(?::(\d{1,2}))?)\}/g;
const MAX_LENGTH = 40;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function dateToken(tok: string, d: Date): string {
  switch (tok) {
    case 'yyyy': return String(d.getFullYear());
    case 'yy': return pad(d.getFullYear() % 100, 2);
    case 'MM': return pad(d.getMonth() + 1, 2);
    default: return pad(d.getDate(), 2);
  }
}

/** Reads a pattern; undefined (with the reason) when it is not usable. */
export function parsePattern(source: string): NumberPattern | { error: 'no_seq' | 'two_seq' | 'too_long' | 'bad_chars' } {
  const seqs = [...source.matchAll(TOKEN)].filter(m => m[1]!.startsWith('seq'));
  if (seqs.length === 0) return { error: 'no_seq' };
  if (seqs.length > 1) return { error: 'two_seq' };
  const width = Number(seqs[0]![2] ?? 4);
  // Literal text: what a label, a barcode (Code 128) and a file name all take.
  const literal = source.replace(TOKEN, '');
  if (!/^[A-Za-z0-9_\-./]*$/.test(literal)) return { error: 'bad_chars' };
  if (source.replace(TOKEN, m => (m.startsWith('{seq') ? 'x'.repeat(width) : m === '{yyyy}' ? 'xxxx' : 'xx')).length > MAX_LENGTH) {
    return { error: 'too_long' };
  }
  const dateTokens = [...source.matchAll(TOKEN)].map(m => m[1]!).filter(t => !t.startsWith('seq'));
  const shape = new RegExp(`^${source.split(TOKEN).map((part, i) => {
    // split() with the capture groups interleaves: text, token, seq width, text, token, seq width, …
    if (i % 3 === 0) return part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    if (i % 3 === 2) return '';
    return part === 'yyyy' ? '\\d{4}' : part.startsWith('seq') ? `\\d{${width},}` : '\\d{2}';
  }).join('')}$`, 'i');
  return {
    source,
    matches: code => shape.test(code.trim()),
    periodOf: d => dateTokens.map(t => dateToken(t, d)).join(''),
    format: (d, n) => source.replace(TOKEN, (_m, tok: string) => (tok.startsWith('seq') ? pad(n, width) : dateToken(tok, d))),
  };
}

export const DEFAULT_PATTERNS = {
  order_no_pattern: 'SO{yyyy}{MM}{dd}-{seq:3}',
  card_no_pattern: 'C{yy}{MM}{dd}{seq:5}',
  stock_no_pattern: 'ST{yyyy}{MM}{dd}-{seq:3}',
  package_no_pattern: 'PK{yy}{MM}{dd}{seq:4}',
  delivery_no_pattern: 'SH{yyyy}{MM}{dd}-{seq:3}',
  request_no_pattern: 'FQ{yyyy}{MM}{dd}-{seq:3}',
  bill_no_pattern: 'DZ{yyyy}{MM}-{seq:4}',
  receipt_no_pattern: 'SK{yyyy}{MM}{dd}-{seq:3}',
  payout_no_pattern: 'FK{yyyy}{MM}{dd}-{seq:3}',
  contract_no_pattern: 'HT{yyyy}{MM}-{seq:3}',
  form_no_pattern: 'BD{yyyy}{MM}{dd}-{seq:4}',
} as const;

export type PatternConfig = keyof typeof DEFAULT_PATTERNS;

/** The pattern of a config value, or the default when it is empty or unusable. */
export function patternOf(name: PatternConfig, value: string | null | undefined): NumberPattern {
  const p = value ? parsePattern(value.trim()) : undefined;
  return p && 'format' in p ? p : parsePattern(DEFAULT_PATTERNS[name]) as NumberPattern;
}
