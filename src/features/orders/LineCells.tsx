import { TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { plainDate } from './paste';

/** The attributes every input of the grid carries: where it sits (for Tab / Enter) and its test id. */
export interface CellAttrs {
  'data-row': number;
  'data-col': number;
  'data-testid': string;
}

export interface TextCellProps {
  value: string;
  onChange: (v: string) => void;
  /** Called when the cell is left (money pads its decimals). */
  onBlur?: () => void;
  ariaLabel: string;
  disabled: boolean;
  error?: string;
  numeric?: boolean;
  attrs: CellAttrs;
}

/** A text or number cell. Numbers are typed as text (see line-model.ts) and read on save. */
export function TextCell(p: TextCellProps) {
  return (
    <TextInput size="xs" value={p.value} onChange={e => p.onChange(e.currentTarget.value)} onBlur={p.onBlur}
      aria-label={p.ariaLabel} disabled={p.disabled} error={p.error} inputMode={p.numeric ? 'decimal' : undefined}
      styles={p.numeric ? { input: { textAlign: 'right' } } : undefined} autoComplete="off" {...p.attrs} />
  );
}

export interface DateCellProps {
  value: string | null;
  onChange: (v: string | null) => void;
  ariaLabel: string;
  disabled: boolean;
  error?: string;
  attrs: CellAttrs;
}

/** A date typed as YYYY-MM-DD (or YYYY/M/D) or picked from the calendar. */
export function DateCell(p: DateCellProps) {
  return (
    <DateInput size="xs" value={p.value} onChange={v => p.onChange(v)} valueFormat="YYYY-MM-DD"
      dateParser={s => plainDate(s) ?? null} clearable aria-label={p.ariaLabel} disabled={p.disabled} error={p.error}
      popoverProps={{ withinPortal: true }} {...p.attrs} />
  );
}
