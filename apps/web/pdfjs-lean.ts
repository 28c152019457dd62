// pdf.js without what the viewer never runs (decision 280), mainly the annotation editors (free text, ink,
// highlight, stamp, signature) and their layer: the viewer has no editing tools and opens documents with
// `annotationEditorMode: DISABLE`. Two things kept every class of `pdfjs-dist/build/pdf.mjs` in the bundle:
// - it ends by putting all its exports on `globalThis.pdfjsLib` (for `web/pdf_viewer.mjs`, which reads the
//   library from there). The statement is removed; the app sets the global itself with what the viewer needs
//   (src/components/pdf-viewer/pdfjs-global.ts);
// - a class whose static fields call something (`static #editorTypes = new Map(…)`, `static _editorType =
//   AnnotationEditorType.INK`) counts as having side effects, so it stays even when nothing uses it. Each
//   top-level class becomes `const X = /* @__PURE__ */ (() => class X … )()`: evaluated at the same place and
//   in the same order as before, but dropped when unused.
// A pdf.js update that changes either shape fails the build here rather than shipping the editors again unnoticed.
import type { Plugin } from 'vite';

const PDF_MJS = /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.mjs$/;
const GLOBALS = [/\{\s*globalThis\._pdfjsTestingUtils = \{[^{}]*\};\s*\}/, /globalThis\.pdfjsLib = \{[^{}]*\};/];

export function pdfjsLean(): Plugin {
  return {
    name: 'bansi-pdfjs-lean',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!PDF_MJS.test(file)) return null;
      let out = code;
      for (const re of GLOBALS) {
        if (!re.test(out)) this.error(`pdfjs-lean: ${re.source} not found in ${file} (pdf.js updated?)`);
        out = out.replace(re, '');
      }
      const classes = out.match(/^class /gm)?.length ?? 0;
      let wrapped = 0;
      // A top-level class starts at the line's beginning and ends there (`class A extends B {}`) or at the first
      // line that is only `}`.
      out = out.replace(/^class ([\w$]+)([^\n{]*)\{\}$/gm, (_all, name: string, heritage: string) => {
        wrapped++;
        return `const ${name} = /* @__PURE__ */ (() => class ${name}${heritage}{})();`;
      });
      out = out.replace(/^class ([\w$]+)([^\n{]*)\{\n([\s\S]*?)^\}$/gm, (_all, name: string, heritage: string, body: string) => {
        wrapped++;
        return `const ${name} = /* @__PURE__ */ (() => class ${name}${heritage}{\n${body}})();`;
      });
      if (classes < 50 || wrapped !== classes)
        this.error(`pdfjs-lean: wrapped ${wrapped} of ${classes} top-level classes of ${file} (pdf.js updated?)`);
      return { code: out, map: null };
    },
  };
}
