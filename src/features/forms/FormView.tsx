import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFlag } from '../../domain/contract/forms';
import { forms } from '../../domain/resources/forms/forms';
import { isApiError } from '../../data/errors';
import { reviewForm } from '../../data/forms-client';
import { queryKeys } from '../../data/query-keys';
import ResourceEdit from '../../resources/screens/ResourceEdit';
import type { Row } from '../../resources/form/form-values';
import { useCan } from '../../ui/data/use-permissions';
import { useSaveGuard } from '../../ui/use-save-guard';

/**
 * A filled form (`/forms/edit/{id}`, docs/sales-office.md "Forms"): the generic form with, above it, what is out of
 * limits, and for a role holding `review` on a submitted form the review (decision 269) — a comment, required when
 * the form is flagged. Reviewed, the screen reads the form again and the lists and counts are refreshed.
 */
export default function FormView() {
  const [generation, setGeneration] = useState(0);
  return <ResourceEdit key={generation} def={forms} extras={row => <ReviewButton row={row} onReviewed={() => setGeneration(g => g + 1)} />} />;
}

function Flags({ flags }: { flags: readonly FormFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Alert color="red" py={6} title={t('formsheets.flags_title')} data-testid="form-flags">
      <List size="sm">
        {flags.map(f => (
          <List.Item key={f.key}>
            {f.label}: {Array.isArray(f.value) ? f.value.join('、') : String(f.value)}
            {(f.min !== undefined || f.max !== undefined) && ` (${t('formsheets.flag_limits', { min: f.min ?? '—', max: f.max ?? '—' })})`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ReviewButton({ row, onReviewed }: { row: Row; onReviewed: () => void }) {
  const { t } = useTranslation();
  const mayReview = useCan(forms, 'review');
  const qc = useQueryClient();
  const { run, busy } = useSaveGuard();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const flags = Array.isArray(row.flags) ? (row.flags as FormFlag[]) : [];
  const open = mayReview && row.status === 'submitted' && !row.canceled;
  const flagged = row.flagged === true;
  const confirm = () => void run(async () => {
    try {
      await reviewForm(Number(row.id), Number(row.version), comment);
      setAsking(false);
      await qc.invalidateQueries({ queryKey: queryKeys.all(forms.api) });
      onReviewed();
    } catch (e) {
      // The request layer has shown the server's message (a comment missing, a stale version).
      if (!isApiError(e)) throw e;
    }
  });
  return (
    <>
      <Flags flags={flags} />
      {open && (
        <Button size="xs" variant="light" leftSection={<IconChecks size={14} />} onClick={() => setAsking(true)} data-testid="form-review">
          {t('formsheets.review')}
        </Button>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('formsheets.review_title', { no: String(row.show_id ?? '') })} centered>
        <Stack>
          {flagged && <Text size="sm">{t('formsheets.review_flagged')}</Text>}
          <Textarea label={t('formsheets.review_comment')} required={flagged} maxLength={500} autosize minRows={2}
            value={comment} onChange={e => setComment(e.currentTarget.value)} data-testid="form-review-comment" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>{t('formsheets.cancel')}</Button>
            <Button loading={busy} disabled={flagged && comment.trim() === ''} onClick={confirm} data-testid="form-review-confirm">
              {t('formsheets.review_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
