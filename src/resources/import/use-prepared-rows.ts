import { useEffect, useMemo, useState } from 'react';
import type { Lang } from '../../domain/messages/catalog';
import type { ResourceDef } from '../../domain/registry/resource';
import type { ColumnMapping } from './map-columns';
import { prepareRowsInChunks, type PreparedRow } from './validate-rows';

/**
 * The preview's checked rows for the current resource, mapping and language, recomputed in chunks whenever one of
 * them changes; `null` while a check runs. A check that is overtaken by a newer one is cancelled.
 */
export function usePreparedRows(res: ResourceDef, mapping: ColumnMapping, rows: readonly (readonly string[])[], lang: Lang): PreparedRow[] | null {
  const inputs = useMemo(() => ({ res, mapping, rows, lang }), [res, mapping, rows, lang]);
  const [done, setDone] = useState<{ inputs: typeof inputs; rows: PreparedRow[] } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    prepareRowsInChunks(inputs.res, inputs.mapping, inputs.rows, inputs.lang, { signal: ctl.signal })
      .then(prepared => setDone({ inputs, rows: prepared }), () => { /* cancelled by a newer check */ });
    return () => ctl.abort();
  }, [inputs]);
  return done?.inputs === inputs ? done.rows : null;
}
