// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeCode, ScanReader, type ScanReaderOptions } from './scan-reader';

/**
 * The reader is driven with simulated events and its own clock: each helper moves the clock by the gap it is given,
 * then dispatches, so no test depends on real time. `type` also does what the browser would do for a key whose
 * default is not prevented in a focused text field: insert its character and fire `input`.
 */
let clock = 0;
let scans: string[] = [];
let detach: (() => void) | null = null;

function start(o: Partial<ScanReaderOptions> = {}): void {
  detach = new ScanReader({ onScan: (code, source) => { expect(source).toBe('keyboard'); scans.push(code); }, now: () => clock, ...o })
    .attach(window);
}

beforeEach(() => {
  clock = 1000;
  scans = [];
  document.body.innerHTML = '';
});
afterEach(() => {
  detach?.();
  detach = null;
});

function target(): EventTarget {
  return document.activeElement ?? document.body;
}

function keydown(key: string, gap: number, init: KeyboardEventInit = {}): KeyboardEvent {
  clock += gap;
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target().dispatchEvent(e);
  return e;
}

function keyup(key: string, gap: number, init: KeyboardEventInit = {}): KeyboardEvent {
  clock += gap;
  const e = new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true, ...init });
  target().dispatchEvent(e);
  return e;
}

/** A key as a person or a reader presses it, with the field's default action when nothing prevents it. */
function type(key: string, gap: number, init: KeyboardEventInit = {}): KeyboardEvent {
  const e = keydown(key, gap, init);
  const el = document.activeElement;
  if (!e.defaultPrevented && [...key].length === 1 && el instanceof HTMLInputElement) {
    el.value += key;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, data: key, inputType: 'insertText' }));
  }
  keyup(key, 0, init);
  return e;
}

/** A code typed at `gap` ms a key, then Enter after the same gap; returns the Enter's keydown. */
function burst(code: string, gap = 30, enter = true): KeyboardEvent | null {
  for (const ch of code) type(ch, gap);
  return enter ? type('Enter', gap) : null;
}

describe('ScanReader', () => {
  it('reads a 30 ms burst ending in Enter as one scan and consumes its Enter', () => {
    start();
    const enter = burst('CARD-0001');
    expect(scans).toEqual(['CARD-0001']);
    expect(enter?.defaultPrevented).toBe(true);
  });

  it('takes nothing from a slow typist, and lets their Enter through', () => {
    start();
    const enter = burst('1234', 150);
    expect(scans).toEqual([]);
    expect(enter?.defaultPrevented).toBe(false);
  });

  it('drops a burst that never ends in Enter, and reads the next one alone', () => {
    start();
    burst('12345', 30, false);
    const late = type('Enter', 1000);
    expect(scans).toEqual([]);
    expect(late.defaultPrevented).toBe(false);
    burst('67890');
    expect(scans).toEqual(['67890']);
  });

  it('splits a run at a slow gap: only the keys after it are the scan', () => {
    start();
    burst('999', 30, false);
    type('A', 400);
    burst('BC-7');
    expect(scans).toEqual(['ABC-7']);
  });

  it('ignores a lone Enter', () => {
    start();
    const e = type('Enter', 5000);
    expect(scans).toEqual([]);
    expect(e.defaultPrevented).toBe(false);
  });

  it('reads two scans back to back', () => {
    start();
    burst('P-1001');
    burst('P-1002', 20);
    expect(scans).toEqual(['P-1001', 'P-1002']);
  });

  it('reads Shift characters from KeyboardEvent.key and ignores the Shift keys themselves', () => {
    start();
    keydown('Shift', 30, { shiftKey: true });
    type('A', 5, { shiftKey: true });
    keyup('Shift', 5);
    type('-', 20);
    keydown('Shift', 20, { shiftKey: true });
    type('#', 5, { shiftKey: true });
    type('Z', 20, { shiftKey: true });
    keyup('Shift', 5);
    type('7', 20);
    type('Enter', 20);
    expect(scans).toEqual(['A-#Z7']);
  });

  it('reads characters of non-US layouts, AltGr included, whatever their keyCode', () => {
    start();
    type('ñ', 30, { keyCode: 186 });
    type('@', 20, { ctrlKey: true, altKey: true, keyCode: 81 }); // AltGr+Q on a German layout
    type('é', 20, { keyCode: 50 });
    type('ß', 20);
    type('Enter', 20);
    expect(scans).toEqual(['ñ@éß']);
  });

  it('breaks the run at a shortcut, a held-down key or another named key', () => {
    start();
    burst('12', 30, false);
    type('c', 20, { ctrlKey: true });
    burst('34', 20);
    expect(scans).toEqual([]);
    burst('567', 30, false);
    type('7', 20, { repeat: true });
    type('Enter', 20);
    burst('89', 30, false);
    type('Tab', 20);
    type('0', 20);
    type('Enter', 20);
    expect(scans).toEqual([]);
  });

  it('requires minLength keys and characters, and trims, normalises and strips prefix and suffix', () => {
    start({ minLength: 4, prefix: 'ID:', suffix: '#' });
    burst('123');
    expect(scans).toEqual([]);
    burst(' ID:4567# ');
    burst('ID:#');
    expect(scans).toEqual(['4567']);
    expect(normalizeCode('  １２３Ａ\t', {})).toBe('123A');
    expect(normalizeCode('ID:ID:9', { prefix: 'ID:' })).toBe('ID:9');
  });

  it('honours a configured gap and terminator', () => {
    start({ maxGapMs: 20, terminators: ['Tab'] });
    burst('4444', 30, false);
    type('Tab', 30);
    expect(scans).toEqual([]);
    burst('5555', 15, false);
    const tab = type('Tab', 15);
    expect(scans).toEqual(['5555']);
    expect(tab.defaultPrevented).toBe(true);
  });
});

describe('ScanReader with an input method (IME)', () => {
  function processKey(gap: number): void {
    keydown('Process', gap, { keyCode: 229, isComposing: true });
    keyup('Process', 0, { keyCode: 229 });
  }

  it("reads the text of the composition when keys arrive as 'Process', and the Enter's keyup ends it", () => {
    document.body.innerHTML = '<input id="f">';
    const input = document.getElementById('f') as HTMLInputElement;
    input.focus();
    start({ capture: 'global' });
    input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    for (let i = 0; i < 6; i++) processKey(25);
    // Chrome: the Enter that commits is also 'Process'; the committed text comes with compositionend, then the keyup.
    keydown('Process', 25, { keyCode: 229, isComposing: true });
    input.value = 'A12345';
    input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'A12345' }));
    const up = keyup('Enter', 5, { keyCode: 13 });
    expect(scans).toEqual(['A12345']);
    expect(up.defaultPrevented).toBe(true);
    // The composed code does not stay in the field.
    expect(input.value).toBe('');
  });

  it('waits for the composition to be committed when Enter arrives during it', () => {
    start({ capture: 'global' });
    document.body.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    for (let i = 0; i < 4; i++) processKey(30);
    const enter = keydown('Enter', 30, { keyCode: 229, isComposing: true });
    expect(scans).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
    document.body.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'ＫＢ１２' }));
    expect(scans).toEqual(['KB12']);
    keyup('Enter', 5);
    expect(scans).toEqual(['KB12']);
  });

  it('reads an Enter that comes after compositionend (Safari) on its keydown, once', () => {
    start();
    document.body.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    for (let i = 0; i < 4; i++) processKey(30);
    document.body.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'W-77' }));
    const enter = keydown('Enter', 10, { keyCode: 229 });
    keyup('Enter', 5);
    expect(scans).toEqual(['W-77']);
    expect(enter.defaultPrevented).toBe(true);
  });

  it("reads keys the IME passes through as insertText input events, each once", () => {
    start();
    for (const ch of '8841') {
      keydown('Process', 30, { keyCode: 229 });
      document.body.dispatchEvent(new InputEvent('input', { bubbles: true, data: ch, inputType: 'insertText' }));
      keyup(ch, 0);
    }
    keydown('Process', 30, { keyCode: 229 });
    keyup('Enter', 5);
    expect(scans).toEqual(['8841']);
  });

  it('does not take a slowly composed word for a scan', () => {
    start();
    document.body.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    for (let i = 0; i < 5; i++) processKey(180);
    keydown('Process', 30, { keyCode: 229, isComposing: true });
    document.body.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'nihao' }));
    keyup('Enter', 5);
    expect(scans).toEqual([]);
  });
});

describe('ScanReader and a focused field', () => {
  function field(html = '<input id="f" type="text">'): HTMLInputElement {
    document.body.innerHTML = html;
    const el = document.getElementById('f') as HTMLInputElement;
    el.focus();
    return el;
  }

  it('global capture: a scan into a focused input is read and does not stay in the field', () => {
    const input = field();
    start({ capture: 'global' });
    type('4', 500);
    type('2', 300);
    expect(input.value).toBe('42');
    const onInput = vi.fn();
    input.addEventListener('input', onInput);
    clock += 500;
    const enter = burst('C-000123', 20);
    expect(scans).toEqual(['C-000123']);
    expect(enter?.defaultPrevented).toBe(true);
    // What the person typed before stays; the scan is gone, and the field was told (React's onChange).
    expect(input.value).toBe('42');
    expect(onInput).toHaveBeenCalled();
    // The person's typing afterwards is untouched.
    type('7', 400);
    expect(input.value).toBe('427');
  });

  it('global capture: a slow typist in the field keeps their text and their Enter', () => {
    const input = field();
    start({ capture: 'global' });
    const enter = burst('12', 200);
    expect(input.value).toBe('12');
    expect(enter?.defaultPrevented).toBe(false);
    expect(scans).toEqual([]);
  });

  it('idle capture: with a field focused the keys are the field’s, and scans are read again once it is not', () => {
    const input = field('<input id="f"><button id="b">ok</button>');
    start({ capture: 'idle' });
    const enter = burst('C-000124', 20);
    expect(scans).toEqual([]);
    expect(enter?.defaultPrevented).toBe(false);
    expect(input.value).toBe('C-000124');
    (document.getElementById('b') as HTMLButtonElement).focus();
    const enter2 = burst('C-000125', 20);
    expect(scans).toEqual(['C-000125']);
    expect(enter2?.defaultPrevented).toBe(true);
  });

  it('a checkbox or a button is not a field: idle capture reads scans while one is focused', () => {
    field('<input id="f" type="checkbox">');
    start();
    burst('XYZ');
    expect(scans).toEqual(['XYZ']);
  });

  it('stops listening once detached', () => {
    start();
    detach?.();
    detach = null;
    burst('12345');
    expect(scans).toEqual([]);
  });
});
