import type { PullProgress } from './pull';

/** What the main thread tells the pull worker about the session (the worker has no cookies, storage or stores). */
export interface PullSession {
  /** Server address; '' = the page's origin. */
  baseURL: string;
  /** The page's origin, to resolve '' against. */
  origin: string;
  sessionid: string;
  lang: string | undefined;
  dbName: string;
  pageSize: number;
}

/**
 * How a pull in the worker ended. Failures travel as data (a thrown error loses its kind through postMessage):
 * `network` — the server out of reach; `refused` — an HTTP refusal with the server's message; `quota` — the browser
 * would store no more; `failed` — anything else.
 */
export type PullOutcome =
  | { ok: true; rows: number }
  | { ok: false; kind: 'network' | 'refused' | 'quota' | 'failed'; status: number; msg: string; needlogin?: boolean };

export interface PullWorkerApi {
  pull(table: string, session: PullSession, onProgress: (p: PullProgress) => void): Promise<PullOutcome>;
}
