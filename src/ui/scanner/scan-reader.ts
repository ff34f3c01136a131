/**
 * Keyboard-wedge barcode scanners and RFID badge readers (docs/shopfloor.md, issue 13 point 2), React-free.
 *
 * Such a reader "types" its code: a burst of key events a few milliseconds apart, ended by Enter. A person types
 * far slower, so the reader tells the two apart by time alone:
 *
 * - A **scan** is a run of at least `minLength` keys, each within `maxGapMs` of the one before, whose text (after
 *   normalisation, see `normalizeCode`) has at least `minLength` characters, followed within `maxGapMs` by a
 *   terminator key (Enter by default). Any slower gap starts a new run, so a slow typist, a lone Enter, or a burst
 *   that never ends in Enter never makes a scan: a run with no terminator simply expires (it is dropped at the next
 *   key after the gap; no timer is needed, so nothing ever races the clock).
 * - Characters come from `KeyboardEvent.key`, never `keyCode`, so every keyboard layout reads what the reader meant
 *   to type (Shift, AltGr and Option characters included). Modifier keys alone are not keys of the run; a Ctrl or
 *   Meta shortcut, a key held down (auto-repeat) or any other named key (Tab, Backspace, arrows) breaks the run.
 * - With an input method (IME) active — a Chinese IME is the usual case in the factory — keydown reports
 *   `key: 'Process'` (keyCode 229) and the text arrives later: in `compositionend` (the committed composition) or
 *   in `input` events of type `insertText` (keys the IME passed through). Such keys still time the run, and their
 *   text is taken from those events, each character once. Enter may itself be swallowed by the IME (keydown
 *   'Process'); then the run ends on its keyup. An Enter that arrives while a composition is still open ends the run
 *   only once the composition is committed.
 * - Timing is taken from each event's own `timeStamp` (when the key was pressed), not from when the handler ran, so a
 *   busy page that delivers queued keys late does not split a scan in two. Tests pass their own clock (`now`).
 *
 * Where the keys go while a field has focus (`capture`):
 * - `'idle'` (default): the reader listens only while no editable element (text input, textarea, select,
 *   contenteditable) is focused; with a field focused, the keys are the field's alone (a form's card field takes
 *   the scan as typed text, and its own Enter handling decides).
 * - `'global'` (the kiosk): scans are read wherever the focus is. A scan into a focused field must not stay there, so
 *   the field's value (and selection) is remembered when the run starts and put back when the scan is recognised,
 *   through the element's native value setter and an `input` event, so React's controlled inputs see the change.
 *   The keys are not held back while the run lasts: holding them would delay and risk a person's typing for the
 *   sake of a few characters that are shown for the 0.1–0.3 s of the burst. (A contenteditable field is not put
 *   back.)
 *
 * The Enter that ends a scan is consumed (default prevented, propagation stopped), so it neither submits a form nor
 * clicks a focused button. Nothing else is consumed: a person's keys reach the page untouched.
 *
 * Not supported: readers set to "Alt + numeric keypad" emulation (their characters come as no key at all). Set the
 * reader to the keyboard layout of the PC, which every reader supports.
 */

export type ScanCapture = 'global' | 'idle';

export interface ScanReaderOptions {
  /** Called once per recognised scan with the normalised code. */
  onScan: (code: string, source: 'keyboard') => void;
  /** Longest gap between two keys of one scan (ms). Readers send a key every 5–30 ms; people type 80–250 ms apart. */
  maxGapMs?: number;
  /** Fewest keys, and fewest characters of the normalised code, that make a scan. */
  minLength?: number;
  /** `KeyboardEvent.key` values that end a scan. */
  terminators?: readonly string[];
  /** Removed from the start of the code when present (a reader configured to send one). */
  prefix?: string;
  /** Removed from the end of the code when present. */
  suffix?: string;
  /** Where scans are read while a field has focus (see above). */
  capture?: ScanCapture;
  /** The time of an event in ms; by default the event's own `timeStamp`. */
  now?: (event: Event) => number;
}

export const SCAN_DEFAULTS = {
  maxGapMs: 50,
  minLength: 3,
  terminators: ['Enter'] as readonly string[],
  capture: 'idle' as ScanCapture,
};

/**
 * The code a scan carries: compatibility-normalised (NFKC: an IME in full-width mode types `１２３`, which is
 * `123`), whitespace trimmed, and the configured prefix and suffix removed when present.
 */
export function normalizeCode(raw: string, o: { prefix?: string; suffix?: string } = {}): string {
  let s = raw.normalize('NFKC').trim();
  if (o.prefix && s.startsWith(o.prefix)) s = s.slice(o.prefix.length);
  if (o.suffix && s.endsWith(o.suffix)) s = s.slice(0, s.length - o.suffix.length);
  return s.trim();
}

/** Keys that only modify others: they neither time nor break a run (a reader presses Shift for capitals). */
const MODIFIERS = new Set([
  'Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Super', 'Hyper', 'Fn', 'FnLock', 'CapsLock', 'NumLock',
  'ScrollLock', 'Symbol', 'SymbolLock',
]);

/** Keys whose character comes later, from the input method or the next key: they time the run but carry no text. */
const TEXTLESS = new Set(['Process', 'Dead', 'Unidentified']);

/** Input types that take no typed text. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);

type ValueField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The focused element, looking inside open shadow roots. */
function focusedElement(doc: Document): Element | null {
  let el = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

function valueField(el: Element | null): ValueField | null {
  if (!el) return null;
  if (el.tagName === 'TEXTAREA') {
    const t = el as HTMLTextAreaElement;
    return t.readOnly || t.disabled ? null : t;
  }
  if (el.tagName === 'SELECT') return (el as HTMLSelectElement).disabled ? null : el as HTMLSelectElement;
  if (el.tagName === 'INPUT') {
    const i = el as HTMLInputElement;
    return NON_TEXT_INPUTS.has(i.type) || i.readOnly || i.disabled ? null : i;
  }
  return null;
}

/** Whether typing goes into this element. */
export function isEditable(el: Element | null): boolean {
  if (!el) return false;
  if (valueField(el)) return true;
  const h = el as HTMLElement;
  // jsdom has no isContentEditable; the attribute says the same for an element that carries it.
  return h.isContentEditable === true || (h.getAttribute?.('contenteditable') ?? 'false') !== 'false';
}

interface FieldSnapshot {
  el: ValueField;
  value: string;
  start: number | null;
  end: number | null;
}

function snapshot(el: Element | null): FieldSnapshot | null {
  const f = valueField(el);
  if (!f) return null;
  let start: number | null = null;
  let end: number | null = null;
  // selectionStart throws or is null on inputs without a selection (number, email) and on selects.
  try {
    if ('selectionStart' in f) { start = f.selectionStart; end = f.selectionEnd; }
  } catch { /* no selection on this input type */ }
  return { el: f, value: f.value, start, end };
}

/**
 * Puts a field's value back. The value is set through the prototype's setter, not `el.value = …`: React keeps its
 * own record of a controlled input's value on the element, and only a value it has not seen, followed by an
 * `input` event, reaches the component's onChange.
 */
function restore(s: FieldSnapshot): void {
  const { el } = s;
  if (!el.isConnected || el.value === s.value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  if (setter) setter.call(el, s.value);
  else el.value = s.value;
  el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  if (s.start !== null && s.end !== null && 'setSelectionRange' in el) {
    try { el.setSelectionRange(s.start, s.end); } catch { /* input type without a selection */ }
  }
}

const LISTENED = ['keydown', 'keyup', 'compositionstart', 'compositionend', 'input'] as const;

/**
 * The reader. `attach(window)` listens in the capture phase (before any handler of the page) and returns the
 * function that stops it; `handleEvent` may also be fed events directly.
 */
export class ScanReader implements EventListenerObject {
  private readonly o: Required<Omit<ScanReaderOptions, 'prefix' | 'suffix'>> & Pick<ScanReaderOptions, 'prefix' | 'suffix'>;

  /** The run so far: its text, its key count and the time of its last key (null: no run). */
  private text = '';
  private keys = 0;
  private lastAt: number | null = null;
  /** The run had keys whose text comes from the input method (so its Enter may arrive as a keyup). */
  private viaIme = false;
  /** Keys since the last plain key whose text may still come as an `input` event of type insertText. */
  private awaitingText = 0;
  /** A composition is open (between compositionstart and compositionend). */
  private composing = false;
  /** A terminator arrived while a composition was open: the run ends when the composition is committed. */
  private endPending: number | null = null;
  /** The field focused when the run started (global capture), to put back. */
  private field: FieldSnapshot | null = null;

  constructor(options: ScanReaderOptions) {
    this.o = {
      maxGapMs: SCAN_DEFAULTS.maxGapMs,
      minLength: SCAN_DEFAULTS.minLength,
      terminators: SCAN_DEFAULTS.terminators,
      capture: SCAN_DEFAULTS.capture,
      now: (e: Event) => e.timeStamp,
      ...stripUndefined(options),
      onScan: options.onScan,
    };
  }

  attach(target: Window | Document | HTMLElement = window): () => void {
    for (const type of LISTENED) target.addEventListener(type, this, true);
    return () => {
      for (const type of LISTENED) target.removeEventListener(type, this, true);
      this.reset();
    };
  }

  /** Forgets the run in progress. */
  reset(): void {
    this.text = '';
    this.keys = 0;
    this.lastAt = null;
    this.viaIme = false;
    this.awaitingText = 0;
    this.endPending = null;
    this.field = null;
  }

  handleEvent(e: Event): void {
    switch (e.type) {
      case 'keydown': this.keydown(e as KeyboardEvent); break;
      case 'keyup': this.keyup(e as KeyboardEvent); break;
      case 'compositionstart': this.composing = true; break;
      case 'compositionend': this.compositionend(e as CompositionEvent); break;
      case 'input': this.input(e as InputEvent); break;
    }
  }

  /** The document the event happened in (its target is a node of it, the document itself, or the window). */
  private doc(e: Event): Document | null {
    const t = e.target as (Partial<Node> & Partial<Window>) | null;
    return t?.ownerDocument ?? t?.document ?? (t?.nodeType === 9 ? t as unknown as Document : null) ?? globalThis.document ?? null;
  }

  /** In idle capture, a focused field takes the keys: the reader stands aside. */
  private standingAside(e: Event): boolean {
    if (this.o.capture !== 'idle') return false;
    const doc = this.doc(e);
    return doc ? isEditable(focusedElement(doc)) : false;
  }

  private keydown(e: KeyboardEvent): void {
    if (this.standingAside(e)) { this.reset(); return; }
    const key = e.key;
    if (MODIFIERS.has(key)) return;
    const t = this.o.now(e);
    if (e.repeat) { this.reset(); return; }

    if (this.o.terminators.includes(key)) {
      if (this.composing || e.isComposing) {
        // The Enter commits the composition; its text is not in yet.
        if (this.lastAt !== null && t - this.lastAt <= this.o.maxGapMs) this.endPending = t;
        else this.reset();
        return;
      }
      if (this.finish(t)) { e.preventDefault(); e.stopPropagation(); }
      return;
    }

    const chars = [...key];
    const ime = e.isComposing || e.keyCode === 229 || TEXTLESS.has(key);
    // AltGr is reported as Ctrl+Alt on Windows; it types characters (@, €, ñ on some layouts), it is no shortcut.
    const altGraph = e.getModifierState?.('AltGraph') === true || (e.ctrlKey && e.altKey);
    const shortcut = (e.ctrlKey || e.metaKey) && !altGraph;
    if (shortcut || (!ime && chars.length !== 1)) { this.reset(); return; }

    if (this.lastAt === null || t - this.lastAt > this.o.maxGapMs) this.start(e);
    this.keys += 1;
    this.lastAt = t;
    if (ime) {
      this.viaIme = true;
      this.awaitingText += 1;
    } else {
      this.text += key;
      this.awaitingText = 0;
    }
  }

  private keyup(e: KeyboardEvent): void {
    // Only an Enter the input method swallowed on keydown ends the run on keyup; otherwise keydown already did.
    if (!this.o.terminators.includes(e.key) || !this.viaIme || this.composing || this.endPending !== null) return;
    if (this.lastAt === null || this.standingAside(e)) return;
    if (this.finish(this.o.now(e))) { e.preventDefault(); e.stopPropagation(); }
  }

  private compositionend(e: CompositionEvent): void {
    this.composing = false;
    if (this.lastAt === null) return;
    this.text += e.data ?? '';
    this.awaitingText = 0;
    if (this.endPending !== null) this.finish(this.endPending, true);
  }

  private input(e: InputEvent): void {
    // Text the input method passed through without composing, for keys that came as 'Process'. Composition text is
    // taken from compositionend alone, and a plain key's own input event is not counted again.
    if (this.lastAt === null || this.awaitingText === 0 || e.isComposing || e.inputType !== 'insertText' || !e.data) return;
    this.text += e.data;
    this.awaitingText -= 1;
  }

  private start(e: Event): void {
    this.reset();
    if (this.o.capture === 'global') {
      const doc = this.doc(e);
      this.field = doc ? snapshot(focusedElement(doc)) : null;
    }
  }

  /** Ends the run at a terminator at time `t` (already checked against the last key when `timed`): a scan or nothing. */
  private finish(t: number, timed = false): boolean {
    const fast = this.lastAt !== null && (timed || t - this.lastAt <= this.o.maxGapMs);
    const code = normalizeCode(this.text, { prefix: this.o.prefix, suffix: this.o.suffix });
    const field = this.field;
    const isScan = fast && this.keys >= this.o.minLength && [...code].length >= this.o.minLength;
    this.reset();
    if (!isScan) return false;
    if (field) restore(field);
    this.o.onScan(code, 'keyboard');
    return true;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A reader listening on `target` (the whole page by default); returns the function that stops it. */
export function listenForScans(options: ScanReaderOptions, target: Window | Document | HTMLElement = window): () => void {
  return new ScanReader(options).attach(target);
}
