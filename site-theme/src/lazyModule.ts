import { useEffect, useState, type ComponentType } from 'react';

/**
 * The theme's modules loaded on demand. Code a doc page does not need to hydrate (the screens of
 * other routes, the search dialog, the mobile menu…) lives in modules of their own, which the
 * browser loads as separate chunks when a route or the reader needs them. The server renders
 * synchronously (`renderToString`), so its entry loads every one of them first (`preloadAll`);
 * screens then read a module with `get()` as if it had been imported.
 */
export interface LazyModule<T> {
  /** Loads the module (once; a failed load is tried again on the next call). */
  load(): Promise<T>;
  /** Whether the module is loaded. */
  isLoaded(): boolean;
  /** The loaded module. Throws when nothing loaded it yet: a route's screens are loaded before it shows. */
  get(): T;
  /** Loads the module, then gives it to `use`; a failed load (the reader went offline) is logged. */
  whenLoaded(use: (module: T) => void): void;
}

/** Every module registered, for `preloadAll`. */
const registry: LazyModule<unknown>[] = [];

/**
 * Registers a module loaded with `importer` (a dynamic `import()`, which makes it a chunk of its
 * own). `name` says what it holds, for messages.
 */
export function lazyModule<T>(name: string, importer: () => Promise<T>): LazyModule<T> {
  let promise: Promise<T> | undefined;
  let loaded: { module: T } | undefined;
  const module: LazyModule<T> = {
    load() {
      if (!promise) {
        promise = importer().then((value) => {
          loaded = { module: value };
          return value;
        });
        promise.catch(() => (promise = undefined));
      }
      return promise;
    },
    isLoaded: () => loaded !== undefined,
    whenLoaded(use) {
      module.load().then(use, (error: unknown) => console.warn(`docgen: loading the ${name} failed`, error));
    },
    get() {
      if (!loaded) throw new Error(`docgen: the code of the ${name} was used before it was loaded`);
      return loaded.module;
    },
  };
  registry.push(module);
  return module;
}

/**
 * A component that is never in the server's HTML (a dialog, a menu). `open` loads it, then calls
 * `show`, after which `Component` renders it; `preload` starts loading it when the reader is about
 * to open it. A failed load (the reader went offline) is logged and leaves it closed: the next
 * `open` tries again.
 */
export function lazyComponent<Props extends object>(name: string, importer: () => Promise<{ default: ComponentType<Props> }>) {
  const module = lazyModule(name, importer);
  return {
    preload: () => void module.load().catch(() => undefined),
    open(show: () => void) {
      // Once loaded, at once: it opens in the same render as the reader's click or key press.
      if (module.isLoaded()) show();
      else module.whenLoaded(show);
    },
    get Component() {
      return module.get().default;
    },
  };
}

/**
 * The module once loaded, else undefined: a component that shows nothing until then loads it after
 * it first rendered (after hydration), and renders again when it has arrived.
 */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  const [, setLoaded] = useState(module.isLoaded());
  useEffect(() => {
    if (module.isLoaded()) return;
    let live = true;
    module.whenLoaded(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [module]);
  return module.isLoaded() ? module.get() : undefined;
}

/** Loads every registered module: the server's render does, before rendering any page. */
export async function preloadAll(): Promise<void> {
  await Promise.all(registry.map((module) => module.load()));
}
