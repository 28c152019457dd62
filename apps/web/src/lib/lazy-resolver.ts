import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `zodFormResolver` (form.ts) over a shared schema that loads with the form's first validation, not with
 * the screen: zod, the resolver and the schema's module (~23 kB brotli) are then not part of the screen's
 * first paint (docs/decisions/280). The validation is the same — the shared schema, messages in the
 * user's language. `load` must import a module the screen does not import statically, or nothing is split.
 * A load that failed (offline) is tried again at the next validation.
 */
export function lazyFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('./form'), load()]).then(([{ zodFormResolver }, schema]) => zodFormResolver(schema));
    const resolver = await ready.catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return resolver(values, context, options);
  };
}
