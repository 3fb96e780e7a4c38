// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, stubFetch } from '../testing/providers.tsx';
import { CardThumbnail } from './CardThumbnail.tsx';

const URL_OF_PICTURE = '/api/v1/chart/7/thumbnail/0123456789abcdef0123456789abcdef/';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function png(): Response {
  return new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } });
}

function renderThumbnail(url: string | null = URL_OF_PICTURE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CardThumbnail
        url={url}
        alt="Picture of Sales"
        drawingLabel="Drawing Sales"
        missingLabel="No picture of Sales"
      />
    </QueryClientProvider>,
  );
}

describe('CardThumbnail', () => {
  let requests: RecordedRequest[];
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the drawn placeholder while the server draws (202), then the picture', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    requests = stubFetch(() => (++asked < 3 ? json(202, { message: 'OK' }) : png()));
    renderThumbnail();

    expect((await screen.findByRole('img', { name: 'Drawing Sales' })).getAttribute('aria-busy')).toBe(
      'true',
    );
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    const picture = await screen.findByRole('img', { name: 'Picture of Sales' });
    expect(picture.getAttribute('src')).toBe('blob:picture');
    expect(requests.map((request) => request.url)).toEqual([URL_OF_PICTURE, URL_OF_PICTURE, URL_OF_PICTURE]);
  });

  it('shows the placeholder when the picture could not be drawn (404)', async () => {
    requests = stubFetch(() => json(404, { message: 'The thumbnail could not be drawn' }));
    renderThumbnail();
    const placeholder = await screen.findByRole('img', { name: 'No picture of Sales' });
    expect(placeholder.getAttribute('aria-busy')).toBe('false');
    expect(requests).toHaveLength(1);
  });

  it('gives up after its waits while the server still draws', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    requests = stubFetch(() => json(202, { message: 'OK' }));
    renderThumbnail();
    await screen.findByRole('img', { name: 'Drawing Sales' });
    // About half a minute of waits, a second at a time so each answer schedules the next ask.
    for (let second = 0; second < 32; second++) await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'No picture of Sales' })).not.toBeNull());
    expect(requests).toHaveLength(6);
  });

  it('asks nothing when the object has no thumbnail_url', () => {
    requests = stubFetch(() => png());
    renderThumbnail(null);
    expect(screen.queryByRole('img', { name: 'No picture of Sales' })).not.toBeNull();
    expect(requests).toHaveLength(0);
  });
});
