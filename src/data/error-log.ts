import { createStore } from 'zustand/vanilla';

/** One collected error (spec §2: the bug icon's dialog shows message, info and url per error). */
export interface LoggedError {
  message: string;
  info: string;
  url: string;
  at: string;
}

interface ErrorLogState {
  errors: LoggedError[];
  add(e: Omit<LoggedError, 'at'>): void;
  clear(): void;
}

/** Errors are collected in production builds only (spec §8); at most the last 100 are kept. */
export const errorLogStore = createStore<ErrorLogState>(set => ({
  errors: [],
  add: e => {
    if (!import.meta.env.PROD) return;
    set(s => ({ errors: [...s.errors, { ...e, at: new Date().toISOString() }].slice(-100) }));
  },
  clear: () => set({ errors: [] }),
}));
