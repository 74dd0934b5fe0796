// Where builder drafts live in local storage, and what the session needs of them (how many hold unsaved work;
// removing one person's drafts) without reading them in full: the session machine loads with /signin, the
// draft codecs (io-ts) with the builder (./draft).

export const DRAFT_KEY_PREFIX = 'cv-builder-draft:';
export const VERSIONED_PREFIX = `${DRAFT_KEY_PREFIX}v2:`;

export function draftStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function draftKey(owner: string, cvKey: string): string {
  return `${VERSIONED_PREFIX}${encodeURIComponent(owner)}:${cvKey}`;
}

export function storageKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

const ownerPrefix = (owner: string) => `${VERSIONED_PREFIX}${encodeURIComponent(owner)}:`;

/** How many of this person's drafts hold changes not saved yet (what signing out would lose). */
export function countUnsavedDrafts(owner: string): number {
  const store = draftStorage();
  if (!store) return 0;
  try {
    return storageKeys(store)
      .filter((key) => key.startsWith(ownerPrefix(owner)))
      .filter((key) => {
        try {
          const draft = JSON.parse(store.getItem(key) ?? 'null') as {
            version?: unknown;
            owner?: unknown;
            unsaved?: unknown;
          } | null;
          return draft?.version === 2 && draft.owner === owner && draft.unsaved === true;
        } catch {
          return false;
        }
      }).length;
  } catch {
    return 0;
  }
}

/** Signing out: every draft of this person goes, nobody else's. */
export function removeDraftsOf(owner: string): void {
  const store = draftStorage();
  if (!store) return;
  try {
    for (const key of storageKeys(store)) if (key.startsWith(ownerPrefix(owner))) store.removeItem(key);
  } catch {
    // Unavailable storage: nothing to remove.
  }
}
