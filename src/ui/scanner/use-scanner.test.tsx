// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScanner, type UseScannerOptions } from './use-scanner';

// Tells React that this test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The hook with React's own controlled input: a scan typed into the field must leave the component's state as it
 * was (React keeps its own copy of an input's value, which a plain `el.value = …` would not reach). The events carry
 * explicit time stamps through a fake `timeStamp`, so no real time passes between keys that matter.
 */
let container: HTMLDivElement;
let root: Root;
let clock = 0;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  clock = 10_000;
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

function keyEvent(type: 'keydown' | 'keyup', key: string): KeyboardEvent {
  const e = new KeyboardEvent(type, { key, bubbles: true, cancelable: true });
  Object.defineProperty(e, 'timeStamp', { value: clock });
  return e;
}

/** A key with the browser's default action in a focused input: the character inserted, then `input`. */
function press(key: string, gap: number): KeyboardEvent {
  clock += gap;
  const el = document.activeElement ?? document.body;
  const down = keyEvent('keydown', key);
  act(() => { el.dispatchEvent(down); });
  if (!down.defaultPrevented && key.length === 1 && el instanceof HTMLInputElement) {
    act(() => {
      // What typing does: the value changes under React, then `input` tells it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, el.value + key);
      el.dispatchEvent(new InputEvent('input', { bubbles: true, data: key, inputType: 'insertText' }));
    });
  }
  act(() => { el.dispatchEvent(keyEvent('keyup', key)); });
  return down;
}

function scan(code: string, gap = 25): KeyboardEvent {
  clock += 1000;
  for (const ch of code) press(ch, gap);
  return press('Enter', gap);
}

function Kiosk({ scans, options, onValue }: { scans: string[]; options: UseScannerOptions; onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  const [count, setCount] = useState(0);
  // A new callback each render: the hook must call the latest without re-attaching.
  useScanner((code, source) => { scans.push(`${source}:${code}:${count}`); setCount(count + 1); }, options);
  return <input id="qty" value={value} onChange={e => { setValue(e.target.value); onValue(e.target.value); }} />;
}

describe('useScanner', () => {
  it('global capture: a scan into a controlled input is read and the component keeps its own value', async () => {
    const scans: string[] = [];
    const values: string[] = [];
    await act(async () => root.render(<Kiosk scans={scans} options={{ capture: 'global' }} onValue={v => values.push(v)} />));
    const input = document.getElementById('qty') as HTMLInputElement;
    input.focus();
    press('5', 500);
    expect(input.value).toBe('5');
    const enter = scan('CARD-77');
    expect(enter.defaultPrevented).toBe(true);
    expect(scans).toEqual(['keyboard:CARD-77:0']);
    expect(input.value).toBe('5');
    expect(values.at(-1)).toBe('5');
    // A second scan reaches the latest callback (count 1), with no re-attach losing it.
    scan('CARD-78');
    expect(scans).toEqual(['keyboard:CARD-77:0', 'keyboard:CARD-78:1']);
    expect(input.value).toBe('5');
  });

  it('idle capture stands aside for a focused field and reads scans elsewhere; disabled reads nothing', async () => {
    const scans: string[] = [];
    await act(async () => root.render(<Kiosk scans={scans} options={{}} onValue={() => undefined} />));
    const input = document.getElementById('qty') as HTMLInputElement;
    input.focus();
    scan('AB-1');
    expect(scans).toEqual([]);
    expect(input.value).toBe('AB-1');
    input.blur();
    scan('AB-2');
    expect(scans).toEqual(['keyboard:AB-2:0']);
    await act(async () => root.render(<Kiosk scans={scans} options={{ enabled: false }} onValue={() => undefined} />));
    scan('AB-3');
    expect(scans).toEqual(['keyboard:AB-2:0']);
  });
});
