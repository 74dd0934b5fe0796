import {
  LOCK_STALE_MS,
  hold,
  isHeldElsewhere,
  mayWrite,
  takeOver,
} from '../../src/drafts/edit-lock';

const KEY = '7:cv:abc';
const STORED = `cv-builder-edit-lock:${KEY}`;

/** What another tab's write looks like here: local storage changes, and a `storage` event says so. */
function otherTabWrites(record: object) {
  const value = JSON.stringify(record);
  localStorage.setItem(STORED, value);
  window.dispatchEvent(new StorageEvent('storage', { key: STORED, newValue: value }));
}

beforeEach(() => localStorage.clear());

describe('one tab edits a CV at a time (edit lock in local storage)', () => {
  it('a tab holding the CV is seen at once by another, and lets go when it stops', () => {
    const release = hold(KEY, 'tab-a', () => undefined);
    expect(isHeldElsewhere(KEY, 'tab-b')).toBe(true);
    expect(isHeldElsewhere(KEY, 'tab-a')).toBe(false);
    expect(mayWrite(KEY, 'tab-a')).toBe(true);
    release();
    expect(isHeldElsewhere(KEY, 'tab-b')).toBe(false);
  });

  it('a tab that went quiet for longer than the stale time no longer holds it', () => {
    localStorage.setItem(STORED, JSON.stringify({ tab: 'tab-a', at: Date.now() - LOCK_STALE_MS - 1 }));
    expect(isHeldElsewhere(KEY, 'tab-b')).toBe(false);
  });

  it('hands the CV over when another tab claims it: the draft is written first, then the claim released', async () => {
    const order: string[] = [];
    const release = hold(KEY, 'tab-a', (loss) => order.push(`lost:${loss}`));
    otherTabWrites({ tab: 'tab-b', at: Date.now(), claim: true });
    expect(order).toEqual(['lost:handedOver']);
    expect(JSON.parse(localStorage.getItem(STORED)!)).toMatchObject({ tab: 'tab-b', released: true });
    expect(mayWrite(KEY, 'tab-a')).toBe(false);
    release();
    // Stopping never removes the other tab's record.
    expect(localStorage.getItem(STORED)).not.toBeNull();
  });

  it('finds another tab named after being quiet: taken, nothing to hand over', () => {
    const lost: string[] = [];
    hold(KEY, 'tab-a', (loss) => lost.push(loss));
    otherTabWrites({ tab: 'tab-b', at: Date.now() });
    expect(lost).toEqual(['taken']);
  });

  it('a take-over waits for the holder to let go, and no longer when nobody holds it', async () => {
    await takeOver(KEY, 'tab-b');
    expect(JSON.parse(localStorage.getItem(STORED)!)).toMatchObject({ tab: 'tab-b', claim: true });
    localStorage.clear();
    localStorage.setItem(STORED, JSON.stringify({ tab: 'tab-a', at: Date.now() }));
    let done = false;
    const taking = takeOver(KEY, 'tab-b').then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    otherTabWrites({ tab: 'tab-b', at: Date.now(), claim: true, released: true });
    await taking;
    expect(done).toBe(true);
  });

  it('lets go when the page is left (and stays let go as it hides), so a reload of the same tab finds the CV free', () => {
    hold(KEY, 'tab-a', () => undefined);
    window.dispatchEvent(new Event('pagehide'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(isHeldElsewhere(KEY, 'tab-b')).toBe(false);
    // Back from the back/forward cache: held again.
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(isHeldElsewhere(KEY, 'tab-b')).toBe(true);
  });
});
