import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardsClient } from '../../data/cards-client';
import { isAbort, isApiError } from '../../data/errors';
import { formatNumber } from '../../domain/rules/numbers';
import { conflictOf, type Conflict } from '../../resources/form/ConflictDialog';
import { isoToLocal } from '../../resources/form/form-values';
import type { ListRow } from '../../resources/list/list-columns';
import { useSaveGuard } from '../../ui/use-save-guard';
import { cardTitle } from './card-display';

export type SplitTarget = { id: number; version: number; quantity: number; show_id: string | null; order_show_id: string | null };

/** The card of a list row as the split needs it; null when the row lacks what a split needs. */
export function splitTargetOf(r: ListRow): SplitTarget | null {
  const quantity = Number(r.quantity);
  if (!Number.isFinite(quantity)) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { id: r.id, version: r.version, quantity, show_id: text(r.show_id), order_show_id: text(r.order_show_id) };
}

/**
 * Split a card: a new card of the quantity typed, the card keeps the rest (`POST /orders/cards/split/`).
 *
 * Rules: the quantity is more than 0 and less than the card's (a split that takes all or nothing is no split), at
 * most 4 decimals (the field's scale); checked here first, in words. A card changed by someone since the list was
 * loaded (409, stale version) is said in the dialog with who and when, and the list is reloaded from it; the server's
 * other refusals show their message (the request layer) and on the field when it names one.
 */
export function SplitDialog({ card, onClose, onDone }: { card: SplitTarget; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { run, busy } = useSaveGuard();
  const [quantity, setQuantity] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const check = (v: number | string): string | undefined => {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (String(v).trim() === '' || !Number.isFinite(n)) return t('cards.split_required');
    if (n <= 0 || n >= card.quantity) return t('cards.split_range', { max: formatNumber(card.quantity) });
    if (Math.abs(Math.round(n * 10_000) - n * 10_000) > 1e-6) return t('cards.split_scale');
    return undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check(quantity);
    setError(problem);
    if (problem) return;
    void run(async () => {
      try {
        await cardsClient.split({ id: card.id, version: card.version, quantity: Number(quantity) });
        onDone();
      } catch (err) {
        if (isAbort(err)) return;
        if (!isApiError(err)) throw err;
        const c = conflictOf(err);
        if (c) setConflict(c);
        else if (err.errors.quantity) setError(err.errors.quantity);
      }
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('cards.split_title')} centered>
      <Stack component="form" onSubmit={submit} gap="sm" data-testid="split-dialog">
        <Text size="sm" fw={600}>{cardTitle(card, i18n.language)}</Text>
        <Text size="sm" c="dimmed">{t('cards.split_has', { quantity: formatNumber(card.quantity) })}</Text>
        {conflict ? (
          <Alert color="orange" data-testid="split-conflict" title={t('cards.split_conflict_title')}>
            {t('cards.split_conflict', { name: conflict.name, at: isoToLocal(conflict.at) })}
          </Alert>
        ) : (
          <NumberInput label={t('cards.split_quantity')} value={quantity} onChange={v => { setQuantity(v); setError(undefined); }}
            min={0} decimalScale={4} hideControls withAsterisk error={error} autoFocus data-testid="split-quantity" />
        )}
        <Group justify="flex-end" gap={8}>
          <Button variant="default" size="xs" onClick={conflict ? onDone : onClose} data-testid="split-cancel">
            {t(conflict ? 'cards.split_reload' : 'cards.cancel')}
          </Button>
          {!conflict && <Button type="submit" size="xs" loading={busy} data-testid="split-submit">{t('cards.split_submit')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
