import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One feature's screen, loaded with its feature's chunk the first time a route needs it. */
export function lazyScreen<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
