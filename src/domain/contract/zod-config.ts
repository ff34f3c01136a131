import { z } from 'zod';

/**
 * zod compiles object validators with `new Function` when it may, and first probes whether it may. The app runs under
 * a Content-Security-Policy without 'unsafe-eval' (server/http/security-headers.ts), where the probe itself is
 * reported as a violation; the interpreted validators cost about a microsecond more per row (10,000 rows: 10 ms),
 * so both sides use them. Imported for its effect by every module that declares a schema, before any parse.
 */
z.config({ jitless: true });
