import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, isApiError } from '../../data/errors';
import { generateCards } from '../../data/orders-client';
import { newRequestId } from '../../data/resource-client';
import { formatNumber } from '../../domain/rules/numbers';
import { catalogLang, errorTexts } from '../../resources/form/prepare-save';
import { useSaveGuard } from '../../ui/use-save-guard';
import { groupParts, leftOnLine, planGenerate, type GenerateBy, type GenerateForm } from './generate-plan';
import { numberOf, type LineDraft } from './line-model';

export interface GenerateCardsDialogProps {
  /** A saved line (with its id). */
  line: LineDraft & { id: number };
  title: string;
  onClose: () => void;
  /** Cards were made: the order and its lines changed on the server. */
  onDone: () => void;
}

/**
 * Process cards from one order line: by count or by card size, over a quantity that defaults to what the line has
 * not yet put on cards, with a preview of the cards the server will make. One request id per dialog: a second click
 * or a retry after a lost reply makes the cards once.
 */
export function GenerateCardsDialog({ line, title, onClose, onDone }: GenerateCardsDialogProps) {
  const { t, i18n } = useTranslation();
  const left = leftOnLine(numberOf(line.quantity) ?? 0, line.card_quantity);
  const [form, setForm] = useState<GenerateForm>({ by: 'count', count: '1', size: '', quantity: String(left) });
  const [requestId, setRequestId] = useState(newRequestId);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { run, busy } = useSaveGuard();
  const plan = planGenerate(line.id, left, form);
  const errors = plan.ok ? {} : errorTexts(plan.errors, catalogLang(i18n.language));
  const errorOf = (k: 'count' | 'size' | 'quantity') => serverErrors[k] ?? errors[k];
  const set = (patch: Partial<GenerateForm>) => { setForm(f => ({ ...f, ...patch })); setServerErrors({}); };

  const submit = () => void run(async () => {
    if (!plan.ok) return;
    try {
      await generateCards(plan.params, { idempotencyKey: requestId });
      onDone();
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      // A big generation commits in chunks: some cards were made before a later chunk was refused (the message says
      // how many), so the order and its lines changed.
      if (typeof e.body?.made === 'number' && e.body.made > 0) { onDone(); return; }
      // A refusal was an answer: the corrected request is a new one. A lost reply keeps the id for the retry.
      if (e.kind === 'rejected') setRequestId(newRequestId());
      setServerErrors(e.errors);
    }
  });

  return (
    <Modal opened onClose={onClose} title={title} centered data-testid="generate-cards-dialog">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('orders.cards.left', { left: formatNumber(left), total: formatNumber(numberOf(line.quantity)) })}</Text>
        <SegmentedControl value={form.by} onChange={v => set({ by: v as GenerateBy })} fullWidth
          data={[{ value: 'count', label: t('orders.cards.by_count') }, { value: 'size', label: t('orders.cards.by_size') }]}
          data-testid="generate-by" />
        {form.by === 'count'
          ? <TextInput label={t('orders.cards.count')} value={form.count} onChange={e => set({ count: e.currentTarget.value })}
              inputMode="numeric" error={errorOf('count')} data-autofocus data-testid="generate-count" />
          : <TextInput label={t('orders.cards.size')} value={form.size} onChange={e => set({ size: e.currentTarget.value })}
              inputMode="decimal" error={errorOf('size')} data-autofocus data-testid="generate-size" />}
        <TextInput label={t('orders.cards.quantity')} value={form.quantity} onChange={e => set({ quantity: e.currentTarget.value })}
          inputMode="decimal" error={errorOf('quantity')} data-testid="generate-quantity" />
        {plan.ok && (
          <Text size="sm" data-testid="generate-preview">
            {t('orders.cards.preview', {
              count: plan.parts.length,
              list: groupParts(plan.parts).map(g => `${g.count} × ${formatNumber(g.quantity)}`).join(' + '),
            })}
          </Text>
        )}
        {serverErrors.detail_id && <Text size="sm" c="red">{serverErrors.detail_id}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('orders.cancel')}</Button>
          <Button onClick={submit} disabled={!plan.ok} loading={busy} data-testid="generate-submit">{t('orders.cards.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
