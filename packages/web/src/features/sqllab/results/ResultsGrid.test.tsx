// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellText, ResultsGrid } from './ResultsGrid.tsx';

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // jsdom lays nothing out: give the scrolling area the size a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResultsGrid', () => {
  it('puts only the visible rows of 100,000 in the page', () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => ({ id: index, name: `row ${index}` }));
    render(<ResultsGrid columns={['id', 'name']} rows={rows} height={300} />);
    const rendered = screen.getAllByRole('row');
    // The header plus the rows in view and the overscan, far fewer than 100,000.
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('row 0')).toBeTruthy();
    expect(screen.queryByText('row 99999')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('100001');
  });

  it('shows big numbers exactly and NULL for missing values', () => {
    render(
      <ResultsGrid
        columns={['big', 'nothing']}
        rows={[{ big: '9007199254740993', nothing: null }]}
        height={300}
      />,
    );
    expect(screen.getByText('9007199254740993')).toBeTruthy();
    expect(screen.getByText('NULL')).toBeTruthy();
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });
});
