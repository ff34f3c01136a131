import { formatCell } from '../../../src/ui/grid/grid-model';
import type { GridColumn } from '../../../src/ui/grid/types';

/** The baseline: an ordinary, non-virtual table rendering every row, with the grid's own cell formatting. */
export function PlainTable<Row extends { id: number }>({ rows, columns }: { rows: readonly Row[]; columns: readonly GridColumn<Row>[] }) {
  return (
    <div style={{ height: 700, overflow: 'auto' }} data-testid="plain-table">
      <table style={{ borderCollapse: 'collapse', fontSize: 14 }}>
        <thead>
          <tr>{columns.map(c => <th key={c.id} style={{ position: 'sticky', top: 0, background: '#f8f9fa' }}>{c.title}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map(r => (
            <tr key={r.id} data-testid="plain-row">
              {columns.map(c => <td key={c.id} style={{ border: '1px solid #eee', padding: '0 6px', whiteSpace: 'nowrap' }}>{formatCell(c, c.value(r))}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
