import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceClient } from '../../data/resource-client';
import { MAX_LINES, type DetailRow, type OrderRow } from '../../domain/contract/orders';
import type { FieldError } from '../../domain/registry/issue-keys';
import { translate } from '../../domain/messages/catalog';
import { items } from '../../domain/resources/items/items';
import { customers } from '../../domain/resources/sales/customers';
import { localDateString } from '../../domain/rules/date-single';
import { catalogLang, errorTexts } from '../../resources/form/prepare-save';
import { useResourceList } from '../../ui/data/use-resource';
import { lookupPasted } from './lookups';
import {
  changedFields, clearItem, isBlankLine, itemInfoOf, pickItem, type ItemInfo, type LineDraft,
} from './line-model';
import { draftFrom, newLineKey, type OrderDraft } from './order-draft';
import { insertPasted, lineFromPaste, parseClipboard, pastedRows, pastedTexts } from './paste';
import type { LineErrors, ServerErrors } from './save-plan';

/** What the last paste did, for the notice above the grid. */
export type PasteNotice =
  | { kind: 'busy' }
  | { kind: 'done'; count: number; problems: number }
  | { kind: 'error'; message: string };

const NO_ERRORS: Readonly<Record<string, string>> = Object.freeze({});
const NO_SERVER_ERRORS: ServerErrors = { header: {}, lines: {}, other: {} };
const NO_CLIENT_ERRORS: { header: Record<string, FieldError>; lines: LineErrors } = { header: {}, lines: {} };

const without = <T,>(o: Record<string, T>, keys: readonly string[]): Record<string, T> => {
  if (!keys.some(k => k in o)) return o;
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
};

/**
 * The order being entered and everything that edits it: header fields (the customer's salesperson as default),
 * lines (items with their defaults and rates), keyboard commands, pastes, and the messages shown on fields. A
 * message stays on its field until that field changes.
 */
export function useOrderDraft(order: OrderRow | undefined, lineRows: readonly DetailRow[]) {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const [draft, setDraft] = useState<OrderDraft>(() => draftFrom(order, lineRows, localDateString(new Date())));
  // The draft as last rendered, for handlers that must see it at once (a key press, a paste's reply).
  const latest = useRef(draft);
  useEffect(() => { latest.current = draft; });
  const [clientErrors, setClientErrors] = useState(NO_CLIENT_ERRORS);
  const [serverErrors, setServerErrors] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [pasteNotice, setPasteNotice] = useState<PasteNotice | null>(null);

  // The items of the saved lines (their rates convert quantities), and those picked or pasted since.
  const [savedItemIds] = useState(() => [...new Set(lineRows.map(r => r.item_id))]);
  const savedItems = useResourceList(items, { limit: 1000, filter: [{ field: 'id', op: 'in', value: savedItemIds }] },
    { enabled: savedItemIds.length > 0, staleTime: 60_000 });
  const [picked, setPicked] = useState<ReadonlyMap<number, ItemInfo>>(new Map());
  const itemsById = useMemo(() => {
    const m = new Map<number, ItemInfo>();
    for (const r of savedItems.data?.dt ?? []) m.set(r.id, itemInfoOf(r));
    for (const [id, info] of picked) m.set(id, info);
    return m;
  }, [savedItems.data, picked]);
  const itemsRef = useRef(itemsById);
  useEffect(() => { itemsRef.current = itemsById; });

  const forgetLineErrors = useCallback((key: string, fields: readonly string[]) => {
    if (!fields.length) return;
    setClientErrors(e => (e.lines[key] ? { ...e, lines: { ...e.lines, [key]: without(e.lines[key], fields) } } : e));
    setServerErrors(e => (e.lines[key] ? { ...e, lines: { ...e.lines, [key]: without(e.lines[key], fields) } } : e));
  }, []);

  const changeLine = useCallback((key: string, update: (l: LineDraft) => LineDraft) => {
    const before = latest.current.lines.find(l => l.key === key);
    if (!before) return;
    forgetLineErrors(key, changedFields(before, update(before)));
    setDraft(d => ({ ...d, lines: d.lines.map(l => (l.key === key ? update(l) : l)) }));
  }, [forgetLineErrors]);

  const pickLineItem = useCallback((key: string, row: ItemInfo | null) => {
    if (row === null) { changeLine(key, clearItem); return; }
    const info = itemInfoOf(row);
    setPicked(m => new Map(m).set(info.id, info));
    changeLine(key, l => pickItem(l, info, l.item_id === null ? undefined : itemsRef.current.get(l.item_id)));
  }, [changeLine]);

  const setLines = useCallback((lines: LineDraft[], removed?: LineDraft) => {
    setDraft(d => ({
      ...d, lines,
      removed: removed && removed.id !== null && removed.version !== null ? [...d.removed, { id: removed.id, version: removed.version }] : d.removed,
    }));
  }, []);

  /** The customer's salesperson becomes the order's when a customer is chosen (customers are in the offline copy). */
  const defaultSaler = async (customerId: number) => {
    try {
      const { row } = await resourceClient(customers).detail(customerId);
      const saler = row.saler_id;
      if (saler === null || saler === undefined) return;
      setDraft(d => (d.header.customer_id !== customerId ? d : {
        ...d,
        header: { ...d.header, saler_id: saler },
        refLabels: { ...d.refLabels, saler_id: { ...d.refLabels.saler_id, [saler]: row.saler_id_name ?? `#${saler}` } },
      }));
    } catch {
      // Without the customer's row the salesperson is simply chosen by hand; the request layer said why.
    }
  };

  const changeHeader = (name: string, value: unknown) => {
    setDraft(d => ({ ...d, header: { ...d.header, [name]: value } }));
    setClientErrors(e => (name in e.header ? { ...e, header: without(e.header, [name]) } : e));
    setServerErrors(e => (name in e.header ? { ...e, header: without(e.header, [name]) } : e));
    if (name === 'customer_id' && typeof value === 'number') void defaultSaler(value);
  };

  const refLabel = (name: string, id: number, label: string) =>
    setDraft(d => ({ ...d, refLabels: { ...d.refLabels, [name]: { ...d.refLabels[name], [id]: label } } }));

  /** Rows pasted from a spreadsheet become lines; resolves to the index of the first new line (null: nothing added). */
  const paste = useCallback(async (text: string, focus: number): Promise<number | null> => {
    const rows = pastedRows(parseClipboard(text));
    if (!rows.length) return null;
    if (latest.current.lines.length + rows.length > MAX_LINES) {
      setPasteNotice({ kind: 'error', message: translate(lang, 'too_many_lines') });
      return null;
    }
    setPasteNotice({ kind: 'busy' });
    let look;
    try {
      look = await lookupPasted(pastedTexts(rows));
    } catch {
      setPasteNotice({ kind: 'error', message: t('orders.paste_failed') });
      return null;
    }
    const lines = rows.map(r => lineFromPaste(r, newLineKey(), look));
    const found = new Map<number, ItemInfo>();
    for (const r of rows) {
      const m = r.cells.item_id ? look.item(r.cells.item_id) : undefined;
      if (m && 'found' in m) found.set(m.found.id, itemInfoOf(m.found));
    }
    setPicked(m => new Map([...m, ...found]));
    const placed = insertPasted(latest.current.lines, focus, lines, isBlankLine);
    setDraft(d => ({ ...d, lines: placed.lines }));
    setPasteNotice({ kind: 'done', count: lines.length, problems: lines.filter(l => Object.keys(l.issues).length > 0).length });
    return placed.first;
  }, [lang, t]);

  const headerErrors = useMemo(
    () => ({ ...errorTexts(clientErrors.header, lang), ...serverErrors.header }),
    [clientErrors.header, serverErrors.header, lang],
  );

  // One object per line with messages, the same empty object for the others (rows re-render only when theirs change).
  const lineErrors = useMemo(() => {
    const out = new Map<string, Readonly<Record<string, string>>>();
    for (const l of draft.lines) {
      const client = clientErrors.lines[l.key];
      const server = serverErrors.lines[l.key];
      const issues = Object.entries(l.issues);
      if (!client && !server && !issues.length) continue;
      const texts: Record<string, string> = { ...(client ? errorTexts(client, lang) : {}) };
      for (const [field, issue] of issues) if (issue) texts[field] = t(`orders.issues.${issue.key}`, { text: issue.text, row: issue.row });
      Object.assign(texts, server);
      out.set(l.key, texts);
    }
    return out;
  }, [draft.lines, clientErrors.lines, serverErrors.lines, lang, t]);
  const errorsOf = useCallback((key: string) => lineErrors.get(key) ?? NO_ERRORS, [lineErrors]);

  return {
    draft, setDraft, itemsById, changeLine, pickLineItem, setLines, changeHeader, refLabel, paste,
    pasteNotice, dismissPaste: () => setPasteNotice(null),
    headerErrors, errorsOf, otherErrors: serverErrors.other,
    setClientErrors, setServerErrors,
  };
}
