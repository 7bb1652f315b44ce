/**
 * Web storage that never throws: private browsing, a full quota or storage disabled by policy all make the
 * browser's Storage throw, and losing a remembered phone number must not break the page.
 */
type Area = 'local' | 'session'

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

/** The stored string, or null when absent or unreadable. */
export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null
  } catch {
    return null
  }
}

/** Stores `value`; a failure is ignored (the value simply is not kept). */
export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value)
  } catch {
    // Quota or policy: nothing to do.
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key)
  } catch {
    // Nothing to do.
  }
}
