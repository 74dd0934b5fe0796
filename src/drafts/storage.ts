// Local persistence of the client session: the signed-in user's id (docs/behaviour.md#data).
// Storage can be unavailable (private mode, disabled cookies): every access degrades to "nothing stored".

export const USER_ID_STORAGE_KEY = 'user_id';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredUserId(): string | null {
  try {
    const value = storage()?.getItem(USER_ID_STORAGE_KEY) ?? null;
    return value === null || value.trim() === '' || value === 'undefined' || value === 'null' ? null : value;
  } catch {
    return null;
  }
}

export function writeStoredUserId(userId: string | number): void {
  try {
    storage()?.setItem(USER_ID_STORAGE_KEY, String(userId));
  } catch {
    // Without storage the session lasts only as long as the page; nothing else to do.
  }
}

export function removeStoredUserId(): void {
  try {
    storage()?.removeItem(USER_ID_STORAGE_KEY);
  } catch {
    // see writeStoredUserId
  }
}
