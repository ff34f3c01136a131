import { Alert, Button, Code, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolReply } from '../../domain/contract/accounts';
import { computers } from '../../domain/resources/devices/computers';
import { isApiError } from '../../data/errors';
import { issueEnrolmentCode } from '../../data/terminal-client';
import ResourceEdit from '../../resources/screens/ResourceEdit';
import type { Row } from '../../resources/form/form-values';
import { localDateTimeString } from '../../domain/rules/date-single';
import { useCan } from '../../ui/data/use-permissions';
import { useSaveGuard } from '../../ui/use-save-guard';

/**
 * A terminal's edit screen (`/computers/edit/:id`): the generic form, and for a role holding `enrol` the button that
 * issues the one-time code a kiosk or tablet logs in with (docs/shopfloor.md "Kiosk identity"). The code shows once,
 * large, with when it expires; closing the window forgets it.
 */
export default function ComputerEdit() {
  return <ResourceEdit def={computers} extras={row => <EnrolButton row={row} />} />;
}

function EnrolButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const mayEnrol = useCan(computers, 'enrol');
  const { run, busy } = useSaveGuard();
  const [issued, setIssued] = useState<EnrolReply | null>(null);
  if (!mayEnrol) return null;
  const issue = () => void run(async () => {
    try {
      setIssued(await issueEnrolmentCode(Number(row.id)));
    } catch (e) {
      // The request layer has shown the server's message.
      if (!isApiError(e)) throw e;
    }
  });
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconKey size={14} />} loading={busy} onClick={issue} data-testid="enrol-issue">
        {t('devices.issue')}
      </Button>
      <Modal opened={issued !== null} onClose={() => setIssued(null)} title={t('devices.code_title', { name: String(row.name ?? '') })} centered>
        {issued && (
          <Stack>
            <Code block ta="center" fz={32} fw={700} data-testid="enrol-code">{issued.code}</Code>
            <Text size="sm">{t('devices.code_how', { code: String(row.code ?? ''), minutes: issued.minutes })}</Text>
            <Text size="sm" c="dimmed">{t('devices.code_expires', { time: localDateTimeString(new Date(issued.expires_at)) })}</Text>
            <Alert color="yellow" py={6}>{t('devices.code_cuts_off')}</Alert>
          </Stack>
        )}
      </Modal>
    </>
  );
}
