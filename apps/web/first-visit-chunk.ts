// The first visit of the home page in as few files as possible (DESIGN §7: ≤ 150 kB of compressed JS).
//
// The home screen is lazy like every route, so the bundler splits what it shares with other screens
// (Mantine's small components, the news card, the search box …) into some thirty small chunks. Each
// file is compressed on its own, and small files compress badly: the same code in one file is ~6 kB
// brotli smaller (`npm run bench:bundle`). This plugin walks the module graph from the entry and the
// given screens along static imports and names a chunk group with what it reaches: one file.
// A deep link to another screen loads that file too, which it mostly needs anyway (layout, Mantine).
//
// The walk sees the graph before tree-shaking, so two kinds of module are not followed whole:
// - a barrel (`@mantine/core`, `@tabler/icons-react`, `@bansi/shared`: nothing but re-exports): only
//   the modules behind the names an importer takes from it;
// - zod and the modules that build schemas with it: the first visit uses none of their code
//   (docs/decisions/009), and in the group they would drag zod into the first visit.
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** A module with nothing but imports and exports (and comments) is a barrel. */
function isBarrel(code: string): boolean {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/\b(?:import|export)\s*[\w$\s,{}*]*?(?:from\s*)?["'][^"']+["'];?/g, '')
    .replace(/\bexport\s*\{[^}]*\};?/g, '');
  return rest.trim() === '';
}

type Imports = Map<string, Set<string> | 'all'>;

/** Static imports and re-exports of transformed code: specifier → names taken ('all' for * or side effects). */
function importsOf(code: string): Imports {
  const found: Imports = new Map();
  const add = (spec: string, names: string[] | 'all') => {
    const had = found.get(spec);
    if (had === 'all' || names === 'all') return void found.set(spec, 'all');
    found.set(spec, new Set([...(had ?? []), ...names]));
  };
  const statement = /\b(?:import|export)\s*(type\s+)?([\w$\s,{}*]*?)\s*from\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(statement)) {
    if (m[4]) add(m[4], 'all');
    else if (!m[1]) {
      const clause = m[2] ?? '';
      const named = /\{([^}]*)\}/.exec(clause);
      if (clause.includes('*') || !named) add(m[3]!, 'all');
      else
        add(
          m[3]!,
          named[1]!
            .split(',')
            .map((part) =>
              part
                .trim()
                .split(/\s+as\s+/)[0]!
                .replace(/^type\s+/, ''),
            )
            .filter(Boolean),
        );
    }
  }
  return found;
}

/** A barrel's names → the module each comes from (`import { X } from './x.mjs'` or `export { default as X } from`). */
function barrelNames(id: string, code: string): Map<string, string> {
  const names = new Map<string, string>();
  const statement = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g;
  for (const m of code.matchAll(statement)) {
    for (const part of m[1]!.split(',')) {
      const [from, as] = part.trim().split(/\s+as\s+/);
      const name = (as ?? from)?.trim();
      if (name) names.set(name, resolve(dirname(id), m[2]!));
    }
  }
  return names;
}

export function firstVisitChunk(screens: string[]) {
  const roots = screens.map((s) => resolve(s));
  let members: Set<string> | null = null;

  const plugin: Plugin = {
    name: 'bansi-first-visit-chunk',
    apply: 'build',
    async buildEnd() {
      const barrels = new Map<string, Map<string, string> | null>();
      const barrelOf = (id: string) => {
        if (!barrels.has(id)) {
          const info = this.getModuleInfo(id);
          const code = info?.code ?? '';
          if (!info || !isBarrel(code)) barrels.set(id, null);
          else {
            // Named re-exports from the code; `export * from` through what each target exports.
            const names = barrelNames(id, code);
            for (const dep of info.importedIds) for (const name of this.getModuleInfo(dep)?.exports ?? []) if (!names.has(name)) names.set(name, dep);
            barrels.set(id, names);
          }
        }
        return barrels.get(id)!;
      };
      const seen = new Set<string>();
      const stack = [...[...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry), ...roots];
      while (stack.length > 0) {
        const id = stack.pop()!;
        const info = this.getModuleInfo(id);
        if (seen.has(id) || ZOD.test(id) || !info || info.importedIds.some((dep) => ZOD.test(dep))) continue;
        seen.add(id);
        for (const [spec, names] of importsOf(info.code ?? '')) {
          const target = (await this.resolve(spec, id))?.id;
          if (!target || !info.importedIds.includes(target)) continue;
          const barrel = barrelOf(target);
          if (!barrel || names === 'all') stack.push(target);
          else for (const name of names) if (barrel.has(name)) stack.push(barrel.get(name)!);
        }
      }
      members = seen;
    },
  };

  /** The chunk group: test() runs while chunks are made, after buildEnd has walked the graph. */
  const group = {
    name: 'first-visit',
    test: (id: string) => members?.has(id) ?? false,
  };

  return { plugin, group };
}
