/**
 * What the browser remembers about onboarding, under localStorage 'onboarding' as Dodo's front end keeps it:
 * `{"initialByUser": true}` once the person opens it from the user menu, `{"theTimeOfTheLastShow": …}` once
 * they close it. A small store, so the menu item and the modal's mount point see the same value.
 */
export const ONBOARDING_LOCAL_STORAGE_KEY = 'onboarding';

export interface OnboardingMemory {
  initialByUser?: boolean;
  theTimeOfTheLastShow?: string;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OnboardingMemory } | undefined;

export function readOnboardingMemory(): OnboardingMemory {
  const raw = window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY);
  if (cached && cached.raw === raw) return cached.value;
  let value: OnboardingMemory = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') value = parsed as OnboardingMemory;
  } catch {
    // A value another version wrote, or a hand edit: start afresh.
  }
  cached = { raw, value };
  return value;
}

function write(memory: OnboardingMemory): void {
  window.localStorage.setItem(ONBOARDING_LOCAL_STORAGE_KEY, JSON.stringify(memory));
  for (const listener of listeners) listener();
}

/** The user menu's 'Onboarding': the modal may show. */
export function startOnboardingByUser(): void {
  write({ initialByUser: true });
}

/** Closing step 1 or 2 records when it was last shown and stops showing it. */
export function rememberOnboardingClosed(now: Date = new Date()): void {
  write({ theTimeOfTheLastShow: now.toISOString() });
}

export function subscribeOnboardingMemory(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
