/**
 * What the browser remembers about onboarding, under localStorage 'onboarding' as Dodo's front end keeps it:
 * `{"initialByUser": true}` once the person opens it from the user menu, `{"theTimeOfTheLastShow": …}` once
 * they close it, with `closedFor` naming whose onboarding record it was (a browser may be shared; a close
 * without it, as Dodo wrote it, counts for anyone). A small store, so the menu item and the modal's mount
 * point see the same value.
 */
export const ONBOARDING_LOCAL_STORAGE_KEY = 'onboarding';

export interface OnboardingMemory {
  initialByUser?: boolean;
  theTimeOfTheLastShow?: string;
  /** The onboarding record's id of the person who closed it. */
  closedFor?: number;
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
export function rememberOnboardingClosed(recordId?: number, now: Date = new Date()): void {
  write({ theTimeOfTheLastShow: now.toISOString(), ...(recordId !== undefined && { closedFor: recordId }) });
}

/** Whether this person closed onboarding in this browser, so it no longer opens by itself. */
export function closedInThisBrowser(memory: OnboardingMemory, recordId: number): boolean {
  if (memory.theTimeOfTheLastShow === undefined) return false;
  return memory.closedFor === undefined || memory.closedFor === recordId;
}

export function subscribeOnboardingMemory(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
