/**
 * What a module needs from a module it may not import — one of its own floor, or a higher one (decisions 196,
 * 220): the module declares a port, the composition (modules/providers.ts) provides it once, at load. Asking
 * an unprovided port is a wiring mistake, said at once.
 */
export interface Port<T> {
  provide(impl: T): void;
  /** the provided implementation; throws when the composition has not provided it */
  use(): T;
}

export function definePort<T>(what: string): Port<T> {
  let impl: T | undefined;
  return {
    provide(given) {
      impl = given;
    },
    use() {
      if (impl === undefined) throw new Error(`nothing provides ${what} (modules/providers.ts)`);
      return impl;
    },
  };
}
