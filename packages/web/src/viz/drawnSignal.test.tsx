// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDrawnSignal } from './drawnSignal.ts';

afterEach(cleanup);

/** A root that, like a dashboard waiting for its layout, renders nothing at first. */
function LateRoot({ chartStatus }: { chartStatus: string }) {
  const drawnRoot = useDrawnSignal();
  const [ready, setReady] = useState(false);
  if (!ready) {
    return (
      <button type="button" onClick={() => setReady(true)}>
        show
      </button>
    );
  }
  return (
    <div ref={drawnRoot} data-testid="root" data-drawn="false">
      <div data-chart-status={chartStatus} />
    </div>
  );
}

describe('the page’s drawn signal', () => {
  it('reaches a root that mounts after the first render', async () => {
    render(<LateRoot chartStatus="rendered" />);
    screen.getByRole('button', { name: 'show' }).click();
    const root = await screen.findByTestId('root');
    await waitFor(() => expect(root.dataset.drawn).toBe('true'));
  });

  it('stays false while a chart waits for its data', async () => {
    render(<LateRoot chartStatus="loading" />);
    screen.getByRole('button', { name: 'show' }).click();
    const root = await screen.findByTestId('root');
    // Give the signal its frame, then check it still says the page is not drawn.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    expect(root.dataset.drawn).toBe('false');
  });
});
