import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code loads the first time it renders: for dialogs and editors a page may never open,
 * so their code (and the antd parts only they use) stays out of the page's first download. Renders
 * nothing while its chunk arrives.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() takes any component type.
export function lazyComponent<C extends ComponentType<any>>(
  load: () => Promise<C>,
): ComponentType<ComponentProps<C>> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyComponent(props: ComponentProps<C>) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
