// The shared contracts (packages/shared/src/contracts) build their zod schemas at the top of each module:
// `export const FileMeta = z.object({ … }).extend({ … })`. A bundler keeps a call it cannot prove free of
// side effects, so a screen that takes only a constant or a path from a contract module (the viewer takes
// `FilePaths` from contracts/files) got every schema of that module and, with them, zod (22.9 kB brotli).
// Rolldown's `treeshake.manualPureFunctions: ['z']` marks only the first call of a chain (`z.object(…)`),
// not `.extend(…)`, `.min(…)` after it, so that alone dropped almost nothing (`npm run bench:bundle`).
//
// This plugin wraps the initializer of every top-level `const` of a contract module that is a call in a
// pure-annotated arrow call: `const X = /* @__PURE__ */ (() => (…))()`. Unused, it is dropped whole; used,
// it runs exactly as before. True of contract modules only: building a schema changes nothing else (its
// `.meta()` goes to zod's global registry, which only the API's OpenAPI document reads).
import { parseAst, type Plugin } from 'vite';

const CONTRACT = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

export function pureContracts(): Plugin {
  return {
    name: 'bansi-pure-contracts',
    apply: 'build',
    // After the TypeScript transform: the code is JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0] ?? '')) return null;
      const program = parseAst(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations as { init: Node | null }[]) if (d.init?.type === 'CallExpression') inits.push(d.init);
      }
      if (inits.length === 0) return null;
      let out = code;
      // From the end, so the earlier offsets stay right.
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}
