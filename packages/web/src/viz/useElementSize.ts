import { type RefObject, useEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * The content box of an element, kept current with a ResizeObserver (rounded to whole pixels). The
 * first size applies at once; with `debounceMs`, later sizes apply once they have stopped changing for
 * that long, so a box being dragged or a window being resized redraws its content once.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>, debounceMs = 0): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let measured = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (width: number, height: number) => {
      measured = measured || (width > 0 && height > 0);
      setSize((current) => {
        const next = { width: Math.floor(width), height: Math.floor(height) };
        return current.width === next.width && current.height === next.height ? current : next;
      });
    };
    const update = (width: number, height: number) => {
      clearTimeout(timer);
      if (debounceMs <= 0 || !measured) apply(width, height);
      else timer = setTimeout(() => apply(width, height), debounceMs);
    };
    const rect = node.getBoundingClientRect();
    update(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, debounceMs]);

  return size;
}
