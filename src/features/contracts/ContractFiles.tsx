import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, isApiError } from '../../data/errors';
import { fileSrc, uploadFile } from '../../data/files-client';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { contractfiles } from '../../domain/resources/sales/contractfiles';
import { useCan } from '../../ui/data/use-permissions';
import { useResourceList } from '../../ui/data/use-resource';
import { useSession } from '../../ui/stores';
import { contractFilesQuery } from './contract-queries';

/**
 * The contract's files (the scanned paper, a PDF, a supplement): upload (`POST /files/upload/`, then a `contractfiles`
 * row naming it, which keeps the file for good), download, remove. Files change in every status of the contract.
 */
export function ContractFiles(p: { contractId: number | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const baseURL = useSession(s => s.baseURL);
  const mayAdd = useCan(contractfiles, 'create');
  const mayRemove = useCan(contractfiles, 'delete');
  const q = useResourceList(contractfiles, contractFilesQuery(p.contractId ?? 0), { enabled: p.contractId !== undefined });
  const [uploading, setUploading] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.lists(contractfiles.api) });

  const upload = async (file: File | null) => {
    if (!file || p.contractId === undefined) return;
    setUploading(true);
    try {
      const { url } = await uploadFile(file);
      await resourceClient(contractfiles).save({ contract_id: p.contractId, name: file.name.slice(0, 200), url }, undefined,
        { idempotencyKey: newRequestId() });
      refresh();
    } catch (e) {
      // The request layer has shown why the upload or the save failed.
      if (!isApiError(e) && !isAbort(e)) throw e;
    } finally {
      setUploading(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await resourceClient(contractfiles).remove({ id });
      refresh();
    } catch (e) {
      if (!isApiError(e) && !isAbort(e)) throw e;
    }
  };

  const rows = q.data?.dt ?? [];
  return (
    <Stack gap={6} data-testid="contract-files">
      <Group gap="xs">
        <Title order={5}>{t('contracts.files.title')}</Title>
        {p.contractId !== undefined && mayAdd && (
          <FileButton onChange={f => void upload(f)} disabled={!p.editable || uploading}>
            {props => (
              <Button {...props} size="compact-xs" variant="light" leftSection={<IconUpload size={14} />} loading={uploading}
                data-testid="contract-file-upload">
                {t('contracts.files.upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {p.contractId === undefined ? <Text size="sm" c="dimmed">{t('contracts.files.save_first')}</Text>
        : rows.length === 0 ? <Text size="sm" c="dimmed">{t('contracts.files.none')}</Text> : (
          <Table withTableBorder verticalSpacing={4}>
            <Table.Tbody>
              {rows.map(r => (
                <Table.Tr key={r.id} data-testid="contract-file">
                  <Table.Td><Anchor href={fileSrc(r.url, baseURL)} download={r.name} target="_blank" rel="noopener noreferrer" size="sm">{r.name}</Anchor></Table.Td>
                  <Table.Td><Text size="xs" c="dimmed">{r.remark ?? ''}</Text></Table.Td>
                  <Table.Td w={40}>
                    <Tooltip label={t('contracts.files.remove')} withinPortal>
                      <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('contracts.files.remove')}
                        disabled={!p.editable || !mayRemove} onClick={() => void remove(r.id)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
    </Stack>
  );
}
