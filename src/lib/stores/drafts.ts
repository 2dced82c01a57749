// Drafts of forms, kept in this tab's sessionStorage until they are saved, so that nothing typed is lost when the page
// is left before a save succeeds (reload, expired session, crash). One rule for every form: a restored draft never
// overwrites a field the user has touched since the page loaded. A form keeps it by reading its draft in its first
// render (a useState initializer), never in an effect: a keystroke cannot come before the first render, while one that
// comes before an effect would be overwritten by the restore (and would itself overwrite the stored draft). A form
// restored later, after an async load, applies the draft with restoreUntouched.

export interface DraftStore<T> {
  /** The stored draft, or null when there is none or it is malformed. */
  load(): T | null;
  save(value: T): void;
  clear(): void;
}

/**
 * A draft stored under `key`. `read` checks a parsed value's shape and returns the draft, or null to ignore it;
 * a draft that `isEmpty` says holds nothing is removed instead of stored. Storage errors (full, unavailable) are
 * swallowed: the values still live on screen.
 */
export function sessionDraft<T>(key: string, read: (stored: unknown) => T | null, isEmpty?: (value: T) => boolean): DraftStore<T> {
  const clear = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  };
  return {
    load() {
      try {
        const raw = sessionStorage.getItem(key);
        return raw ? read(JSON.parse(raw)) : null;
      } catch {
        return null;
      }
    },
    save(value) {
      if (isEmpty?.(value)) return clear();
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or unavailable: the values still live on screen.
      }
    },
    clear,
  };
}

/** A plain object (not null, not an array), as every stored draft is. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
