import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle, client or server, type-only imports included (issue 28): ESLint's `ipos/no-cycle`
 * (eslint-rules/no-cycle.js, configured in eslint.config.js). These plant a cycle — a real module's text, linted under
 * its own path, plus an import of a module that already imports it — and expect the rule to refuse it, so a change
 * to the config or the rule that lets one through fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function cycleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(m => m.ruleId === 'ipos/no-cycle').map(m => m.message);
}

/** The module's own text with `line` put first: the module as it would be with that import added. */
const planted = (path: string, line: string) => `${line}\n${readFileSync(path, 'utf8')}`;

describe('no import cycle', () => {
  it.each([
    // Dashboard.tsx imports MenuGroups.tsx.
    ['a value import, client', 'src/features/dashboard/MenuGroups.tsx', "import Dashboard from './Dashboard';\nexport const x = Dashboard;"],
    ['a dynamic import(), client', 'src/features/dashboard/MenuGroups.tsx', "export const later = () => import('./Dashboard');"],
    // write.ts imports write-primitives.ts.
    ['a value import, server', 'server/resources/write-primitives.ts', "import { createRow } from './write';\nexport const x = createRow;"],
    // Between two business areas: production's generate-cards.ts imports scheduling's apply-prearranges.ts.
    ['an area importing another back', 'server/areas/scheduling/apply-prearranges.ts', "import { generateCards } from '../production/generate-cards';\nexport const x = generateCards;"],
  ])('refuses %s', async (_what, path, line) => {
    const errors = await cycleErrors(path, planted(path, line));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Dependency cycle: /);
  }, 60_000);

  it.each([
    // registry/resource.ts imports `type { Field, FieldValue }` from fields.ts: a cycle of types only, both ways.
    ['an `import type`', 'src/domain/registry/fields.ts', "import type { ResourceDef } from './resource';\nexport type X = ResourceDef;"],
    ['an import of `type` specifiers only', 'src/domain/registry/fields.ts', "import { type ResourceDef } from './resource';\nexport type X = ResourceDef;"],
    ['an `export type … from`', 'src/domain/registry/fields.ts', "export type { ResourceDef } from './resource';"],
    // write.ts imports behaviour-registry.ts, which imports `type { Behaviour }` from behaviour-types.ts.
    ['an `import type` closing a value chain, server', 'server/resources/behaviour-types.ts', "import type { Reference } from './write';\nexport type X = Reference;"],
    // Dashboard.tsx imports MenuGroups.tsx.
    ['an `import type`, client', 'src/features/dashboard/MenuGroups.tsx', "import type Dashboard from './Dashboard';\nexport type X = typeof Dashboard;"],
  ])('refuses a type-only cycle: %s', async (_what, path, line) => {
    const errors = await cycleErrors(path, planted(path, line));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('(type)');
  }, 60_000);

  it.each([
    ['server/resources/write.ts', ''],
    ['server/areas/production/behaviours/orders.ts', ''],
    ['src/features/dashboard/MenuGroups.tsx', "import { dashboardGroups } from './groups';\nexport const x = dashboardGroups;"],
    ['src/domain/registry/fields.ts', "import { roundTo } from '../rules/numbers';\nexport const x = roundTo;"],
  ])('passes %s with an import that closes no cycle', async (path, line) => {
    expect(await cycleErrors(path, planted(path, line))).toEqual([]);
  }, 60_000);
});
