import { describe, expect, it } from 'vitest';
import { reportTable } from './import-report';
import { batches, runImport, type ImportReply, type SendBatch } from './run-import';
import type { PreparedRow } from './validate-rows';

const row = (line: number, errors: Record<string, string> = {}): PreparedRow =>
  ({ line, keyText: `K${line}`, cells: { code: `K${line}` }, errors });

/** A server that creates rows whose code ends in an even number, rejects odd ones, and keeps every batch it got. */
function fakeServer() {
  const got: Record<string, string>[][] = [];
  const send: SendBatch = async rows => {
    got.push(rows);
    const results = rows.map((r, i): ImportReply['results'][number] => (Number(r.code!.slice(1)) % 2
      ? { row: i, status: 'rejected', errors: { code: 'odd' } } : { row: i, status: 'created', id: i + 1 }));
    const n = (s: string) => results.filter(x => x.status === s).length;
    return { msg: 'OK', summary: '', created: n('created'), updated: 0, unchanged: 0, rejected: n('rejected'), results };
  };
  return { send, got };
}

describe('batches', () => {
  it('splits in order, the last batch shorter', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
    expect(() => batches([1], 0)).toThrow();
  });
});

describe('runImport', () => {
  it('sends the good rows in batches, reports all rows by sheet line, with progress', async () => {
    const rows = [row(2), row(3, { name: 'required' }), ...Array.from({ length: 9 }, (_, i) => row(i + 4))];
    const s = fakeServer();
    const progress: number[] = [];
    const r = await runImport(rows, s.send, { batchSize: 4, onProgress: d => progress.push(d) });
    expect(s.got.map(b => b.length)).toEqual([4, 4, 2]);
    expect(s.got.flat().map(c => c.code)).not.toContain('K3');
    expect(progress).toEqual([1, 5, 9, 11]);
    expect(r).toMatchObject({ created: 6, rejected: 5, updated: 0, unchanged: 0, cancelled: false, notSent: 0 });
    expect(r.lines.map(l => l.line)).toEqual(rows.map(x => x.line));
    expect(r.lines[1]).toEqual({ line: 3, keyText: 'K3', status: 'rejected', errors: { name: 'required' } });
    expect(r.lines[3]).toEqual({ line: 5, keyText: 'K5', status: 'rejected', errors: { code: 'odd' } });

    const table = reportTable(r, { line: 'Row', key: 'Key', status: 'Status', reasons: 'Reasons',
      statusOf: st => st.toUpperCase(), fieldLabel: f => `<${f}>` });
    expect(table.titles).toEqual(['Row', 'Key', 'Status', 'Reasons']);
    expect(table.rows[1]).toEqual([3, 'K3', 'REJECTED', '<name>: required']);
    expect(table.rows[0]).toEqual([2, 'K2', 'CREATED', '']);
  });

  it('stops before the next batch when cancelled', async () => {
    const s = fakeServer();
    const ctl = new AbortController();
    const send: SendBatch = async (rows, signal) => { const reply = await s.send(rows, signal); ctl.abort(); return reply; };
    const r = await runImport(Array.from({ length: 10 }, (_, i) => row(i + 2)), send, { batchSize: 3, signal: ctl.signal });
    expect(s.got.length).toBe(1);
    expect(r).toMatchObject({ cancelled: true, notSent: 7, created: 2, rejected: 1 });
  });

  it('a failed batch stops the run with its message', async () => {
    let calls = 0;
    const s = fakeServer();
    const send: SendBatch = async rows => { if (++calls === 2) throw new Error('Permission denied'); return s.send(rows); };
    const r = await runImport(Array.from({ length: 10 }, (_, i) => row(i + 2)), send, { batchSize: 4 });
    expect(r).toMatchObject({ failure: 'Permission denied', notSent: 6, cancelled: false, created: 2, rejected: 2 });
  });
});
