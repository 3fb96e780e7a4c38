/** A media query that never matches, as antd's responsive code asks jsdom for. */
export function fakeMediaQuery(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** What antd needs from the browser that jsdom lacks. */
export function installBrowserStubs() {
  if (!window.matchMedia)
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: fakeMediaQuery });
  if (!('ResizeObserver' in window))
    Object.defineProperty(window, 'ResizeObserver', {
      configurable: true,
      value: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
}
