import { render } from '@testing-library/react';
import type { LanguageCode } from '@vitrina/common';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/toast/index.ts';
import { testI18n } from '../testing/i18n.ts';

/** Renders inside the i18n (in the given language) and toast providers (tests only); rerender keeps them. */
export function renderIn(language: LanguageCode, node: ReactNode) {
  const i18n = testI18n(language);
  const wrap = (child: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>{child}</ToastProvider>
    </I18nextProvider>
  );
  const view = render(wrap(node));
  return { ...view, i18n, rerender: (child: ReactNode) => view.rerender(wrap(child)) };
}

/**
 * A ResizeObserver for jsdom (which has none and lays nothing out): every observed element reports
 * the given box at once, and again whenever `resizeAll` is called.
 */
export function fakeResizeObserver(initial: { width: number; height: number }) {
  let size = initial;
  const observers = new Set<{ callback: ResizeObserverCallback; targets: Element[]; self: ResizeObserver }>();

  class FakeResizeObserver implements ResizeObserver {
    private readonly entry: { callback: ResizeObserverCallback; targets: Element[]; self: ResizeObserver };
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: [], self: this };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
      report(this.entry, target);
    }
    unobserve(target: Element) {
      this.entry.targets = this.entry.targets.filter((item) => item !== target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }

  function report(entry: { callback: ResizeObserverCallback; self: ResizeObserver }, target: Element) {
    const contentRect = { x: 0, y: 0, top: 0, left: 0, ...size, right: size.width, bottom: size.height };
    entry.callback([{ target, contentRect } as unknown as ResizeObserverEntry], entry.self);
  }

  return {
    ResizeObserver: FakeResizeObserver,
    /** How many observers are connected now. */
    connected: () => observers.size,
    resizeAll(next: { width: number; height: number }) {
      size = next;
      for (const entry of observers) for (const target of entry.targets) report(entry, target);
    },
  };
}
