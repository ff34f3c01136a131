import { ActionIcon, Button, Group, Indicator, Modal, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../ui/stores';

/**
 * The error log (spec §2, §8): a bug icon with the number of collected errors opens a dialog listing message, info and
 * url per error, with Clear All. Errors are collected in production only, so in development the icon stays hidden —
 * as in the original, the icon shows only when there is something to see.
 */
export function ErrorLog() {
  const { t } = useTranslation();
  const errors = useErrorLog(s => s.errors);
  const clear = useErrorLog(s => s.clear);
  const [opened, setOpened] = useState(false);
  if (errors.length === 0 && !opened) return null;
  return (
    <>
      <Tooltip label={t('shell.error_log.open')}>
        <Indicator label={errors.length} size={16} color="red" disabled={errors.length === 0} offset={4}>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('shell.error_log.open')} onClick={() => setOpened(true)}>
            <IconBug size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('shell.error_log.title')} size="xl">
        {errors.length === 0 ? <Text c="dimmed" size="sm">{t('shell.error_log.empty')}</Text> : (
          <ScrollArea.Autosize mah="60vh">
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shell.error_log.message')}</Table.Th>
                  <Table.Th>{t('shell.error_log.info')}</Table.Th>
                  <Table.Th>{t('shell.error_log.url')}</Table.Th>
                  <Table.Th>{t('shell.error_log.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e, i) => (
                  <Table.Tr key={`${e.at}-${i}`}>
                    <Table.Td><Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>{e.message}</Text></Table.Td>
                    <Table.Td><Text size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{e.info}</Text></Table.Td>
                    <Table.Td><Text size="xs" style={{ wordBreak: 'break-all' }}>{e.url}</Text></Table.Td>
                    <Table.Td><Text size="xs">{new Date(e.at).toLocaleString()}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" mt="md">
          <Button color="red" variant="light" disabled={errors.length === 0} onClick={() => { clear(); setOpened(false); }}>
            {t('shell.error_log.clear_all')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
