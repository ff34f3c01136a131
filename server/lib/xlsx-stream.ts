import { crc32, createDeflateRaw } from 'node:zlib';
import type { Writable } from 'node:stream';

/**
 * Writes excel.xlsx (Office Open XML, one sheet) row by row to a stream, so an export of 200,000 rows never holds the
 * workbook in memory and the browser receives it while it is being made. The file is a zip of six parts; the sheet is
 * deflated as it is written, each entry's sizes and CRC follow it in a data descriptor, and the central directory
 * comes last. No zip64: an export stays far below 4 GB.
 *
 * Cells: numbers as numbers, booleans as booleans, everything else as inline text (XML-escaped, characters XML
 * cannot carry removed, cut at Excel's 32,767 characters). Never formulas.
 */
export type XlsxCell = string | number | boolean | null | undefined;

const MAX_CELL_TEXT = 32_767;

const STATIC_PARTS: [string, string][] = [
  ['[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>'],
  ['_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'],
  ['xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'],
  ['xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'],
  ['xl/styles.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>'],
];
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

// Characters XML 1.0 cannot carry: C0 controls but tab, newline and carriage return; lone surrogates; U+FFFE/FFFF.
// eslint-disable-next-line no-control-regex -- these are exactly the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(s: string): string {
  return s.replace(NOT_XML, '').replace(/[&<>"]/g, c => ESCAPES[c]!);
}

/** A1-style column letters of a 0-based index. */
export function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function cellXml(v: XlsxCell, ref: string): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  const text = escapeXml(v.length > MAX_CELL_TEXT ? v.slice(0, MAX_CELL_TEXT) : v);
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

interface Entry { name: Buffer; crc: number; compressed: number; size: number; offset: number }

/** DOS date and time of now, as zip headers carry them. */
function dosTime(d = new Date()): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class XlsxStreamWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosTime();
  private rowNo = 0;
  private sheet: { entry: Entry; deflate: ReturnType<typeof createDeflateRaw>; done: Promise<void> } | null = null;

  constructor(private readonly out: Writable) {}

  private write(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    return new Promise((resolve, reject) => {
      if (this.out.write(buf)) { resolve(); return; }
      // Waiting for the buffer to drain, or for the stream to fail: whichever comes first takes both listeners off,
      // so a long sheet does not pile up one error listener per write.
      const drained = () => { this.out.off('error', failed); resolve(); };
      const failed = (e: Error) => { this.out.off('drain', drained); reject(e); };
      this.out.once('drain', drained);
      this.out.once('error', failed);
    });
  }

  private localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    h.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; names in UTF-8
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  }

  private descriptor(e: Entry): Buffer {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc >>> 0, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    return d;
  }

  /** Starts an entry whose content is deflated as it is fed. */
  private async openEntry(path: string) {
    const name = Buffer.from(path, 'utf8');
    const entry: Entry = { name, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(name));
    const deflate = createDeflateRaw({ level: 6 });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('data', (chunk: Buffer) => {
        entry.compressed += chunk.length;
        this.offset += chunk.length;
        if (!this.out.write(chunk)) { deflate.pause(); this.out.once('drain', () => deflate.resume()); }
      });
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    return { entry, deflate, done };
  }

  private feed(target: { entry: Entry; deflate: ReturnType<typeof createDeflateRaw> }, text: string): Promise<void> {
    const buf = Buffer.from(text, 'utf8');
    target.entry.crc = crc32(buf, target.entry.crc);
    target.entry.size += buf.length;
    return new Promise(resolve => { if (target.deflate.write(buf)) resolve(); else target.deflate.once('drain', resolve); });
  }

  private async closeEntry(target: { entry: Entry; deflate: ReturnType<typeof createDeflateRaw>; done: Promise<void> }) {
    target.deflate.end();
    await target.done;
    await this.write(this.descriptor(target.entry));
    this.entries.push(target.entry);
  }

  /** Writes the workbook's fixed parts and opens the sheet. */
  async start(): Promise<void> {
    for (const [path, xml] of STATIC_PARTS) {
      const e = await this.openEntry(path);
      await this.feed(e, xml);
      await this.closeEntry(e);
    }
    this.sheet = await this.openEntry('xl/worksheets/sheet1.xml');
    await this.feed(this.sheet, SHEET_HEAD);
  }

  /** Appends rows; resolves when the stream can take more. */
  async rows(rows: readonly (readonly XlsxCell[])[]): Promise<void> {
    if (!this.sheet) throw new Error('xlsx: start() first');
    let xml = '';
    for (const cells of rows) {
      const r = ++this.rowNo;
      xml += `<row r="${r}">${cells.map((v, i) => cellXml(v, `${columnLetters(i)}${r}`)).join('')}</row>`;
    }
    await this.feed(this.sheet, xml);
  }

  /** Closes the sheet and writes the central directory. */
  async end(): Promise<void> {
    if (!this.sheet) throw new Error('xlsx: start() first');
    await this.feed(this.sheet, SHEET_TAIL);
    await this.closeEntry(this.sheet);
    this.sheet = null;
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.stamp.time, 12);
      c.writeUInt16LE(this.stamp.date, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([c, e.name]));
    }
    const size = this.offset - start;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
