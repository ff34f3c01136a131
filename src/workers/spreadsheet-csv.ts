/**
 * CSV for the import, read by our own small parser rather than by SheetJS: SheetJS guesses a text file's format from
 * its content (a file starting with `ID` is read as SYLK, one containing `<table>` as HTML), which an uploaded file
 * must not be able to steer. Cells stay text exactly as written (no number or date guessing).
 */

/**
 * The text of a file: by its byte-order mark, else UTF-8, else GB18030 (what Excel on a Chinese Windows writes when
 * it saves "CSV").
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The separator of the first line (outside quotes): the most frequent of comma, semicolon and tab; comma on a tie. */
export function sniffDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  return Object.entries(counts).reduce((best, e) => (e[1] > best[1] ? e : best), [',', 0] as [string, number])[0];
}

export interface CsvLimits { maxRows: number; maxColumns: number; maxCellLength: number }

/**
 * RFC 4180 records: quoted fields may hold separators, quotes (doubled) and line breaks; CRLF, LF and CR all end a
 * record. Stops after `maxRows` records (`truncated`); columns past `maxColumns` are dropped, cells cut at
 * `maxCellLength`.
 */
export function parseCsv(text: string, limits: CsvLimits): { records: string[][]; truncated: boolean } {
  const sep = sniffDelimiter(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    if (record.length < limits.maxColumns) record.push(cell.length > limits.maxCellLength ? cell.slice(0, limits.maxCellLength) : cell);
    cell = '';
  };
  const endRecord = (): boolean => {
    endCell();
    records.push(record);
    record = [];
    return records.length >= limits.maxRows;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { cell += '"'; i += 2; continue; }
        quoted = false;
      } else {
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell === '') { quoted = true; i++; continue; }
    if (c === sep) { endCell(); i++; continue; }
    if (c === '\r' || c === '\n') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      if (endRecord()) return { records, truncated: i < text.length && text.slice(i).trim() !== '' };
      continue;
    }
    cell += c;
    i++;
  }
  if (cell !== '' || record.length > 0) endRecord();
  return { records, truncated: false };
}
