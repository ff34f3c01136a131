import { expose } from 'comlink';

/**
 * A Web Worker played by a MessageChannel port running the real Comlink protocol (transfers included), for the unit
 * tests of the workers' typed calls (Node has no Worker): `api` answers as the worker would; `terminated` says whether
 * the caller ended it.
 */
export function fakeWorker<Api extends object>(api: Api): { worker: Worker; terminated: () => boolean } {
  const { port1, port2 } = new MessageChannel();
  expose(api, port2);
  let terminated = false;
  const worker = {
    postMessage: (m: unknown, transfer?: Transferable[]) => port1.postMessage(m, transfer ?? []),
    addEventListener: port1.addEventListener.bind(port1),
    removeEventListener: port1.removeEventListener.bind(port1),
    start: () => port1.start(),
    terminate: () => { terminated = true; port1.close(); port2.close(); },
  };
  return { worker: worker as unknown as Worker, terminated: () => terminated };
}
