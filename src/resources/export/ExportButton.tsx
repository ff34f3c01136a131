import { Button, Group, Modal, Progress, Stack, Text, type MantineSize } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_MS, WARNING_MS } from '../../api/envelope';
import type { Params } from '../../api/http';
import type { ResourceDef } from '../../domain/registry/resource';
import { getNotifier } from '../../api/notifier';
import { exportOnServer, exportRows, exportsOnServer, type ExportColumn } from './export-rows';

export interface ExportButtonProps<R> {
  /** The grid's columns, in order: a title and how to read the value from a row. */
  columns: readonly ExportColumn<R>[];
  /** The rows the user sees. */
  rows: readonly R[];
  /** Selected rows; when there are any, only they are exported. */
  selection?: readonly R[];
  /** The resource of the list (its name, or its declaration as `def`): allows the server-side export of lists too
   * large for the browser. */
  resource?: string;
  def?: ResourceDef;
  /** Rows the list holds on the server (its `total`); above `threshold` the server builds the file. */
  total?: number;
  /** The list's keyword, filter and sort, for the server-side export. */
  listParams?: Params;
  threshold?: number;
  /** Always export on the server (with `resource`). */
  forceServer?: boolean;
  /** Button size; lists use `xs` in their toolbar. */
  size?: MantineSize;
}

type Running = { kind: 'local'; done: number; total: number } | { kind: 'server' };

const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';

/**
 * The export button of a list: builds excel.xlsx from the visible rows or the selection in a worker, showing a
 * progress dialog that can cancel; a list above the threshold is exported by the server (export-rows.ts).
 */
export function ExportButton<R>(props: ExportButtonProps<R>) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<Running | null>(null);
  const abort = useRef<AbortController | null>(null);
  const selected = props.selection?.length ?? 0;
  const resource = props.resource ?? props.def?.name;

  const run = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    try {
      if (selected === 0 && exportsOnServer({ resource, total: props.total ?? props.rows.length,
        force: props.forceServer, threshold: props.threshold })) {
        setRunning({ kind: 'server' });
        await exportOnServer(resource!, props.columns, props.listParams, { signal: ctl.signal });
        return;
      }
      const rows = selected > 0 ? props.selection! : props.rows;
      if (rows.length === 0) { getNotifier().warning(t('importexport.export_empty'), WARNING_MS); return; }
      setRunning({ kind: 'local', done: 0, total: rows.length });
      await exportRows(props.columns, rows, {
        signal: ctl.signal,
        onProgress: (done, total) => setRunning({ kind: 'local', done, total }),
      });
    } catch (e) {
      // The request layer has already shown a server's refusal; a worker failure is shown here.
      if (!isAbort(e) && !(e as { kind?: unknown }).kind) getNotifier().error((e as Error).message, ERROR_MS);
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };

  return (
    <>
      <Button size={props.size ?? 'xs'} variant="default" leftSection={<IconFileExport size={14} />} onClick={() => void run()} loading={running !== null}
        data-testid="export-button">
        {selected > 0 ? t('importexport.export_selection', { count: selected }) : t('importexport.export')}
      </Button>
      <Modal opened={running !== null} onClose={() => abort.current?.abort()} title={t('importexport.export_title')} centered
        closeOnClickOutside={false}>
        <Stack>
          {running?.kind === 'local' ? (
            <>
              <Progress value={running.total ? (running.done / running.total) * 100 : 0} animated data-testid="export-progress" />
              <Text size="sm">{t('importexport.exporting', { done: running.done, total: running.total })}</Text>
            </>
          ) : (
            <>
              <Progress value={100} animated striped data-testid="export-progress" />
              <Text size="sm">{t('importexport.export_server')}</Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => abort.current?.abort()}>{t('importexport.cancel')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
