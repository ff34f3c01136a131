// `ipos/no-cycle` (issue 28): no module may import, directly or through others, a module that imports it back —
// client, service worker or server, and type-only imports count.
//
// It is import-x's `no-cycle` with one difference: eslint-plugin-import-x 4.18.1 skips an `import type` (or an import
// whose specifiers are all `type`) both where it is written and along the chain, and has no option to count them. A
// type-only cycle costs nothing at run time, but it still ties two modules into one (neither can be understood,
// moved or split without the other) and turns into a run-time cycle the day one of its imports takes a value. So this
// rule walks the same graph — import-x's own module records (`ModuleInfo`), resolved with the `import-x/*` settings
// of eslint.config.js — and counts every edge: value, type-only, re-export and dynamic `import()`. Packages are not
// followed: nothing under node_modules imports our files back. `ModuleInfo` is import-x's internal API (reached
// through its package exports' "./*"), hence the exact pin of eslint-plugin-import-x in package.json.
//
// The algorithm is import-x's: for each import of the linted file, a breadth-first walk from the imported module; the
// modules reached are remembered for the rest of the file, so the whole file costs one walk of the graph. The first
// cycle found through an import is reported on that import, with the whole chain from this file back to it: each hop
// is the specifier and line of the import in the module before it, `(type)` marking a type-only hop.
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/**
 * Whether an import statement brings in types only (`import type …`, `import { type A, type B } …`,
 * `export type … from`).
 */
function typeOnlyStatement(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every(s => s.importKind === 'type' || s.exportKind === 'type');
}

/** A package's file (nothing there imports our files back, so the walk does not enter it). */
const external = path => /[\\/]node_modules[\\/]/.test(path);

function hop(source, typeOnly) {
  return `${source.value}:${source.loc.start.line}${typeOnly ? ' (type)' : ''}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import cycle, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Dependency cycle: {{chain}}',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    /** Modules already walked from this file: reached once, never walked again (import-x's bookkeeping). */
    const traversed = new Set();

    return moduleVisitor((sourceNode, importer) => {
      const imported = ModuleInfo.get(sourceNode.value, context);
      if (imported == null || external(imported.path) || imported.path === filename || traversed.has(imported.path)) {
        return;
      }
      traversed.add(imported.path);
      const first = hop(sourceNode, typeOnlyStatement(importer));
      const queue = [{ info: () => imported, path: imported.path, route: [first] }];
      const closes = ({ info, route }) => {
        const m = info();
        if (m == null) return null;
        for (const [path, { resolve: next, declarations }] of m.getImports()) {
          if (traversed.has(path) || external(path)) continue;
          const edges = [...declarations];
          const edge = edges.find(d => !d.isOnlyImportingTypes) ?? edges[0];
          const step = hop(edge.source, edge.isOnlyImportingTypes);
          if (path === filename) return route.concat(step);
          traversed.add(path);
          queue.push({ info: next, path, route: [...route, step] });
        }
        return null;
      };
      while (queue.length > 0) {
        const current = queue.shift();
        const route = closes(current);
        if (route == null) continue;
        // The modules still queued were reached through this import only: another import may walk them again.
        for (const { path } of queue) traversed.delete(path);
        context.report({ node: importer, messageId: 'cycle', data: { chain: route.join(' => ') } });
        return;
      }
    }, { esmodule: true, commonjs: false });
  },
};
