import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-way imports of DESIGN §2 are ESLint's to enforce (eslint.config.js): these plant a forbidden import in a
 * file of each layer — as text linted under that file's path — and expect the rule to refuse it, so a change to the
 * config that lets them through fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(m => m.ruleId === 'boundaries/dependencies').map(m => m.message);
}

describe('layer boundaries', () => {
  it.each([
    ['src/domain/planted.ts', "import { sessionStore } from '../data/session/session-store';\nexport const x = sessionStore;\n"],
    ['src/data/planted.ts', "import { useSession } from '../ui/stores';\nexport const x = useSession;\n"],
    ['src/ui/planted.ts', "import { router } from '../app/routing/router';\nexport const x = router;\n"],
    ['src/resources/planted.ts', "import Dashboard from '../features/dashboard/Dashboard';\nexport const x = Dashboard;\n"],
    ['src/features/auth/planted.ts', "import Dashboard from '../dashboard/Dashboard';\nexport const x = Dashboard;\n"],
    ['server/planted.ts', "import { resourceClient } from '../src/data/resource-client';\nexport const x = resourceClient;\n"],
    // The server's order (eslint.config.js): lib ← db ← auth ← core ← areas ← composition; the core never imports an
    // area.
    ['server/resources/planted.ts', "import { refreshLineCardSums } from '../areas/production/derived';\nexport const x = refreshLineCardSums;\n"],
    ['server/auth/planted.ts', "import { buildApp } from '../app';\nexport const x = buildApp;\n"],
    ['server/lib/planted.ts', "import { rows } from '../db/connection';\nexport const x = rows;\n"],
    ['server/db/planted.ts', "import { authOf } from '../http/auth';\nexport const x = authOf;\n"],
    ['server/auth/planted.ts', "import { listRows } from '../resources/list';\nexport const x = listRows;\n"],
    ['server/areas/production/planted.ts', "import { buildApp } from '../../app';\nexport const x = buildApp;\n"],
  ])('refuses a forbidden import in %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toHaveLength(1);
  }, 60_000);

  it.each([
    ['src/data/planted.ts', "import { items } from '../domain/resources/items/items';\nexport const x = items;\n"],
    ['src/features/auth/planted.ts', "import { DataGrid } from '../../ui/grid/DataGrid';\nexport const x = DataGrid;\n"],
    ['server/planted.ts', "import { items } from '../src/domain/resources/items/items';\nexport const x = items;\n"],
    ['server/areas/production/planted.ts', "import { createRow } from '../../resources/write';\nexport const x = createRow;\n"],
    ['server/areas/production/planted.ts', "import { loadBoard } from '../scheduling/board';\nexport const x = loadBoard;\n"],
    ['server/resources/planted.ts', "import { rows } from '../db/connection';\nexport const x = rows;\n"],
    ['server/planted.ts', "import { refreshLineCardSums } from './areas/production/derived';\nexport const x = refreshLineCardSums;\n"],
  ])('allows an import down the layers in %s', async (path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  }, 60_000);
});
