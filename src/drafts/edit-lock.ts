// One tab edits a CV at a time. The tab editing a CV keeps a record in local storage (which tab, and when it last
// said so); another tab opening the CV reads it at once, with no waiting on answers. Taking over rewrites the
// record as a claim: the holding tab hears of it (a `storage` event), writes its draft, marks the claim as released
// and stops editing. A tab that went quiet (closed without notice, frozen, long in the background) lets go by
// itself after LOCK_STALE_MS; when it wakes up it finds another tab named and stops editing without writing.
// A person can always take a CV over from a tab that no longer answers.
// Without local storage every tab edits freely, as before.

const LOCK_PREFIX = 'cv-builder-edit-lock:';
/** How often the holding tab says it is still there. */
export const LOCK_HEARTBEAT_MS = 2000;
/**
 * A record older than this is a tab that went away without letting go (a crash). Longer than the once-a-minute
 * timers of a tab long in the background, so a tab that is only out of sight still counts.
 */
export const LOCK_STALE_MS = 90_000;
/** How long a take-over waits for the holding tab to write its draft and let go. */
export const LOCK_TAKEOVER_WAIT_MS = 1500;

interface LockRecord {
  tab: string;
  at: number;
  /** Written by a tab taking over: the holder answers by writing its draft, then `released`. */
  claim?: boolean;
  released?: boolean;
}

export const TAB_ID =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function parse(raw: string | null | undefined): LockRecord | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LockRecord>;
    return typeof value.tab === 'string' && typeof value.at === 'number' ? (value as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

function read(key: string): LockRecord | undefined {
  try {
    return parse(storage()?.getItem(LOCK_PREFIX + key));
  } catch {
    return undefined;
  }
}

function write(key: string, record: LockRecord): void {
  try {
    storage()?.setItem(LOCK_PREFIX + key, JSON.stringify(record));
  } catch {
    // Full or unavailable storage: tabs do not see each other; nothing else breaks.
  }
}

function removeIfOurs(key: string, tab: string): void {
  try {
    if (read(key)?.tab === tab) storage()?.removeItem(LOCK_PREFIX + key);
  } catch {
    // see write
  }
}

/** Whether another tab is editing this CV right now. */
export function isHeldElsewhere(key: string, tab: string, now = Date.now()): boolean {
  const record = read(key);
  return record !== undefined && record.tab !== tab && !record.released && now - record.at < LOCK_STALE_MS;
}

/** Whether this tab may write the CV's draft: nobody else has taken the CV over. */
export function mayWrite(key: string, tab: string): boolean {
  const record = read(key);
  return record === undefined || record.tab === tab;
}

/** Claims the CV for this tab; resolves when the holding tab wrote its draft and let go (or never answered). */
export function takeOver(key: string, tab: string, signal?: AbortSignal): Promise<void> {
  const held = isHeldElsewhere(key, tab);
  write(key, { tab, at: Date.now(), claim: true });
  if (!held || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOCK_PREFIX + key) return;
      const record = parse(event.newValue);
      if (record?.tab === tab && record.released) finish();
    };
    const timer = setTimeout(finish, LOCK_TAKEOVER_WAIT_MS);
    window.addEventListener('storage', onStorage);
    signal?.addEventListener('abort', finish);
  });
}

export type LockLoss = 'handedOver' | 'taken';

/**
 * Holds the CV for this tab until the returned function is called. `onLost('handedOver')` runs when another tab
 * claims it (write the draft there, synchronously: the claim is released right after); `onLost('taken')` when this
 * tab finds another named after being quiet (write nothing: that tab's words are newer).
 */
export function hold(key: string, tab: string, onLost: (loss: LockLoss) => void): () => void {
  if (typeof window === 'undefined' || !storage()) return () => {};
  let beat: ReturnType<typeof setInterval> | undefined;
  const listen = (on: boolean) => {
    if (on) {
      window.addEventListener('storage', onStorage);
      document.addEventListener('visibilitychange', check);
    } else {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', check);
    }
  };
  const pause = () => {
    clearInterval(beat);
    beat = undefined;
    listen(false);
  };
  const resume = () => {
    write(key, { tab, at: Date.now() });
    beat = setInterval(check, LOCK_HEARTBEAT_MS);
    listen(true);
  };
  const lose = (loss: LockLoss) => {
    pause();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    onLost(loss);
  };
  /** Another tab's record: a claim is answered by handing over, anything else means the CV was taken. */
  const answer = (record: LockRecord) => {
    if (record.claim && !record.released) {
      lose('handedOver');
      write(key, { ...record, released: true });
    } else lose('taken');
  };
  const check = () => {
    const record = read(key);
    if (record && record.tab !== tab) answer(record);
    else write(key, { tab, at: Date.now() });
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOCK_PREFIX + key) return;
    const record = parse(event.newValue);
    if (record && record.tab !== tab) answer(record);
  };
  // A reload or a closed tab lets go at once, so the same tab reloading never finds itself "elsewhere"; a page
  // brought back from the back/forward cache holds the CV again, unless another tab has it now.
  const onPageHide = () => {
    pause();
    removeIfOurs(key, tab);
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted || beat !== undefined) return;
    const record = read(key);
    if (record && record.tab !== tab && !record.released && Date.now() - record.at < LOCK_STALE_MS)
      lose('taken');
    else resume();
  };
  resume();
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    pause();
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    removeIfOurs(key, tab);
  };
}
