import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;

/** Loads a domain's texts module (features/<domain>/i18n/index.ts), which adds its texts as it is evaluated. */
export type TextsLoader = () => Promise<unknown>;

/** One screen of a domain: the module's named export, and other domains' texts it shows (a borrowed dialog). */
export interface ScreenEntry {
  load: () => Promise<ComponentType>;
  borrows: readonly TextsLoader[];
}

/** A screen from a module's named export; `borrows` names other domains' texts its borrowed parts speak. */
export function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  borrows: readonly TextsLoader[] = [],
): ScreenEntry {
  return { load: () => load().then((m) => m[name]), borrows };
}

/**
 * The one way a screen's texts come with it: the domain's texts module loads beside the screen's module (and any
 * borrowed domain's), and the screen renders when all are there. `texts` is null for a domain with no own texts.
 */
export function lazyScreen(texts: TextsLoader | null, entry: ScreenEntry): Screen {
  const loaders = texts ? [texts, ...entry.borrows] : entry.borrows;
  return lazy(() =>
    Promise.all([entry.load(), ...loaders.map((load) => load())]).then(([component]) => ({
      default: component,
    })),
  );
}

/** A domain's part of the route table: route path (as the menu gives it) → lazy screen with the domain's texts. */
export function domainRoutes(
  texts: TextsLoader | null,
  entries: Record<string, ScreenEntry>,
): Record<string, Screen> {
  return Object.fromEntries(Object.entries(entries).map(([path, entry]) => [path, lazyScreen(texts, entry)]));
}
