import type { SheetCell } from '../../workers/spreadsheet-types';
import type { ImportReport, ImportStatus } from './run-import';

/** The words of the downloadable report, in the UI language. */
export interface ReportText {
  line: string;
  key: string;
  status: string;
  reasons: string;
  statusOf(s: ImportStatus): string;
  fieldLabel(field: string): string;
}

/** One reason per field, `label: message`, joined so a spreadsheet cell reads as a sentence. */
export function reasonsText(errors: Record<string, string>, fieldLabel: (f: string) => string): string {
  return Object.entries(errors).map(([f, m]) => `${fieldLabel(f)}: ${m}`).join('; ');
}

/** The result report as a sheet: one row per sheet row handled (line, identifier, status, reasons), in sheet order. */
export function reportTable(report: ImportReport, text: ReportText): { titles: string[]; rows: SheetCell[][] } {
  return {
    titles: [text.line, text.key, text.status, text.reasons],
    rows: report.lines.map(l => [l.line, l.keyText, text.statusOf(l.status), reasonsText(l.errors, text.fieldLabel)]),
  };
}
