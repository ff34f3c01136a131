import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, logIn, pagePerTest, serverCall } from './helpers';

/**
 * Scheduling (issue 12) as a planner uses it: three new cards dragged with the mouse from the unscheduled steps onto a
 * machine and reordered there, the order kept after a reload and on the server; and a machine whose queue is above
 * its hours shown overloaded.
 */
let page: Page;

pagePerTest(s => { ({ page } = s); });

type Row = Record<string, unknown>;
let session = '';

const call = (path: string, form?: Record<string, unknown>): Promise<Row> => callAs(session, path, form);

interface Board { devices: { id: number; status: string; queue_version: number; load_hours: number; queue: { cardnode_id: number }[] }[] }

/** Three cards of a new order due today, and their steps at the routing's first work node. */
async function threeCards(): Promise<{ worknode: number; steps: number[] }> {
  const customer = ((await call('/customers/list/?limit=1')).dt as Row[])[0]!;
  const filter = encodeURIComponent(JSON.stringify([{ field: 'workflow_id', op: 'ne', value: null }, { field: 'active', op: 'eq', value: true }]));
  const item = ((await call(`/items/list/?limit=1&filter=${filter}`)).dt as Row[])[0]!;
  const today = new Date().toISOString().slice(0, 10);
  const saved = await call('/orders/orders/save_with_lines/', {
    item: { customer_id: customer.id, due_date: today }, lines: [{ item_id: item.id, quantity: 300, due_date: today }],
  });
  await call('/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' });
  const made = await call('/orders/cards/generate/', { detail_id: (saved.lines as Row[])[0]!.id, count: 3 });
  const steps: number[] = [];
  let worknode = 0;
  for (const c of made.dt as Row[]) {
    const nodes = (await call(`/orders/cardnodes/list/?card_id=${String(c.id)}&sort=seq`)).dt as Row[];
    worknode = nodes[0]!.worknode_id as number;
    steps.push(nodes[0]!.id as number);
  }
  return { worknode, steps };
}

/** Drags with the mouse as a person does: press, move a little (dnd-kit starts after a few pixels), move, release. */
async function drag(from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 20 });
  await page.mouse.up();
}

const queueOf = (device: number) => page.getByTestId(`arranges-device-${device}`).locator('[data-testid^="arranges-card-"]')
  .evaluateAll(els => els.map(e => Number(e.getAttribute('data-testid')!.replace('arranges-card-', ''))));

async function settled(): Promise<void> {
  await expect.poll(() => page.getByTestId('arranges-saving').count()).toBe(0);
}

beforeAll(async () => {
  session = String((await serverCall('/accounts/login/', { form: { username: 'admin', password: 'admin123' } })).body.sessionid);
});

describe('scheduling', () => {
  it('drags three cards onto a machine, reorders them, and keeps the order after a reload', async () => {
    const { worknode, steps } = await threeCards();
    const board = await call(`/devices/arranges/?worknode_id=${worknode}`) as unknown as Board;
    const machine = board.devices.find(d => d.status === 'running' || d.status === 'idle')!;
    // An empty queue, so the new cards' places are the whole queue.
    await call('/devices/arranges/save/', { queues: [{ device_id: machine.id, version: machine.queue_version, cardnode_ids: [] }] });

    await logIn(page, 'supervisor', 'super123');
    await page.goto(`/devices/arranges?worknode_id=${worknode}`);
    const unscheduled = page.getByTestId('arranges-unscheduled');
    for (const s of steps) await unscheduled.getByTestId(`arranges-card-${s}`).waitFor();

    // The server's queue of the machine: a move counts once it is stored (the board shows it before, while it saves).
    const storedQueue = async () => ((await call(`/devices/arranges/?worknode_id=${worknode}`) as unknown as Board).devices
      .find(d => d.id === machine.id)!.queue.map(q => q.cardnode_id));
    /** Waits until a move is stored and the board has read it back (its next move then saves on the new version). */
    const saved = async (queue: readonly (number | undefined)[]) => {
      await expect.poll(storedQueue).toEqual(queue);
      await settled();
      await expect.poll(() => queueOf(machine.id)).toEqual(queue);
    };
    for (const [i, s] of steps.entries()) {
      await drag(page.getByTestId(`arranges-card-${s}`), page.getByTestId(`arranges-end-${machine.id}`));
      await saved(steps.slice(0, i + 1));
    }
    // The third card onto the first: it takes its place, the others move down.
    await drag(page.getByTestId(`arranges-card-${steps[2]}`), page.getByTestId(`arranges-card-${steps[0]}`));
    const wanted = [steps[2], steps[0], steps[1]];
    await saved(wanted);

    await page.reload();
    await page.getByTestId(`arranges-device-${machine.id}`).getByTestId(`arranges-card-${steps[2]}`).waitFor();
    expect(await queueOf(machine.id)).toEqual(wanted);
    const stored = await call(`/devices/arranges/?worknode_id=${worknode}`) as unknown as Board;
    expect(stored.devices.find(d => d.id === machine.id)!.queue.map(q => q.cardnode_id)).toEqual(wanted);
  });

  it('shows a planner the machines whose queue is above their hours as overloaded', async () => {
    // A running machine the demo plant queued an hour of work or more for.
    const devices = ((await call('/devices/list/?limit=-1')).dt as Row[]).filter(d => d.status === 'running' && d.worknode_id != null);
    let machine: Row | undefined;
    for (const d of devices) {
      const board = await call(`/devices/arranges/?worknode_id=${String(d.worknode_id)}`) as unknown as Board;
      if ((board.devices.find(x => x.id === d.id)?.load_hours ?? 0) >= 1) { machine = d; break; }
    }
    expect(machine, 'a demo machine with a queue').toBeTruthy();
    // Half an hour a day: below its queue.
    await call('/devices/save/', { id: machine!.id, version: machine!.version, daily_hours: 0.5 });

    await logIn(page, 'supervisor', 'super123');
    await page.goto(`/devices/arranges?worknode_id=${String(machine!.worknode_id)}`);
    const load = page.getByTestId(`arranges-load-${String(machine!.id)}`);
    await expect.poll(() => load.getAttribute('data-overloaded')).toBe('true');
    expect(await load.getByTestId('arranges-overloaded').isVisible()).toBe(true);
  });
});
