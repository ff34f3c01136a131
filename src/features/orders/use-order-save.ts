import { useEffect, useState } from 'react';
import { isAbort, isApiError } from '../../data/errors';
import { saveWithLines, transition } from '../../data/orders-client';
import { newRequestId } from '../../data/resource-client';
import type { OrderRow, SaveWithLinesReply, TransitionReply } from '../../domain/contract/orders';
import type { OrderStatus } from '../../domain/rules/order-status';
import { conflictOf, type Conflict } from '../../resources/form/ConflictDialog';
import { useSaveGuard } from '../../ui/use-save-guard';
import type { OrderDraft } from './order-draft';
import { planSave, splitServerErrors, type LineErrors, type ServerErrors } from './save-plan';
import type { FieldError } from '../../domain/registry/issue-keys';

export interface OrderSaveOptions {
  order: OrderRow | undefined;
  draft: OrderDraft;
  editable: boolean;
  setClientErrors: (e: { header: Record<string, FieldError>; lines: LineErrors }) => void;
  setServerErrors: (e: ServerErrors) => void;
  onSaved: (reply: SaveWithLinesReply) => void;
  onTransitioned: (reply: TransitionReply) => void;
}

const NO_CLIENT_ERRORS = { header: {}, lines: {} };
const NO_SERVER_ERRORS: ServerErrors = { header: {}, lines: {}, other: {} };

/**
 * Save and status moves of the order, one at a time (the save guard answers a click while one runs).
 *
 * Rules:
 * - The draft is checked first (save-plan.ts); the focus goes to the first field marked, so a keyboard user lands
 *   on what to fix.
 * - A new order keeps one request id (`Idempotency-Key`) until the server has answered: a double click or a retry
 *   after a lost reply creates it once; a refusal (an answer) makes the corrected order a new request.
 * - A stale version (409 with the row's version) is a conflict for the dialog; other refusals mark their fields.
 */
export function useOrderSave(o: OrderSaveOptions) {
  const { run, busy } = useSaveGuard();
  const [requestId, setRequestId] = useState(newRequestId);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [tooMany, setTooMany] = useState(false);
  // Bumped when a save is refused: the first marked field takes the focus once it shows.
  const [refused, setRefused] = useState(0);

  useEffect(() => {
    if (!refused) return;
    document.querySelector<HTMLElement>('[data-testid="order-entry"] [aria-invalid="true"]')?.focus();
  }, [refused]);

  const save = () => void run(async () => {
    const { order, draft } = o;
    if (!o.editable) return;
    const plan = planSave({
      mode: order ? 'edit' : 'create', target: order ? { id: order.id, version: order.version } : undefined,
      header: draft.header, headerStart: draft.headerStart, lines: draft.lines, baseline: draft.baseline, removed: draft.removed,
    });
    o.setServerErrors(NO_SERVER_ERRORS);
    setTooMany(!plan.ok && plan.tooMany === true);
    if (!plan.ok) {
      o.setClientErrors({ header: plan.header, lines: plan.lines });
      setRefused(n => n + 1);
      return;
    }
    o.setClientErrors(NO_CLIENT_ERRORS);
    try {
      const reply = await saveWithLines(plan.params, { idempotencyKey: order ? undefined : requestId });
      setRequestId(newRequestId());
      o.onSaved(reply);
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      const c = conflictOf(e);
      if (c) { setConflict(c); return; }
      if (e.kind === 'rejected') setRequestId(newRequestId());
      o.setServerErrors(splitServerErrors(e.errors, plan.sentKeys));
      setRefused(n => n + 1);
    }
  });

  const move = (to: OrderStatus) => void run(async () => {
    const { order } = o;
    if (!order) return;
    try {
      o.onTransitioned(await transition({ id: order.id, version: order.version, to }));
    } catch (e) {
      if (isAbort(e)) return;
      if (!isApiError(e)) throw e;
      // Other refusals (a move the status does not allow now) were shown by the request layer with the reason.
      const c = conflictOf(e);
      if (c) setConflict(c);
    }
  });

  return { save, move, busy, conflict, clearConflict: () => setConflict(null), tooMany };
}
