/** Toast kinds and how long each stays, from the spec's constants. */
export type ToastType = 'info' | 'success' | 'warning' | 'danger';

export const TOAST_DURATION_SECONDS: Record<ToastType, number> = {
  info: 4,
  success: 4,
  warning: 6,
  danger: 8,
};

export interface ToastOptions {
  /** Skip this toast while an identical one (same kind and text) is still on screen. */
  noDuplicate?: boolean;
  /** Seconds; defaults to the kind's duration. */
  duration?: number;
  /** A link-style button after the text, e.g. 'Open dataset'. */
  action?: { label: string; onClick: () => void };
}

/** Counts the toasts on screen by kind and text, so noDuplicate can tell whether one is visible. */
export class VisibleToasts {
  private readonly counts = new Map<string, number>();

  private static key(type: ToastType, text: string): string {
    return `${type}\u0000${text}`;
  }

  /** Records a toast about to be shown; false when noDuplicate asks to skip it. */
  admit(type: ToastType, text: string, options: ToastOptions = {}): boolean {
    const key = VisibleToasts.key(type, text);
    const count = this.counts.get(key) ?? 0;
    if (options.noDuplicate && count > 0) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  release(type: ToastType, text: string): void {
    const key = VisibleToasts.key(type, text);
    const count = (this.counts.get(key) ?? 0) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}
