/** Runs before each API test file (vitest.config.ts): the files share one worker, so each starts with no sessions. */
import { forgetSessions } from './client';

forgetSessions();
