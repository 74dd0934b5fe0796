import { SimulatedClock, createActor, createMachine } from 'xstate';
import { DRAFT_KEY_PREFIX, readDraft, writeDraft } from '../../../src/drafts/draft';
import { draftOf, type DraftWork } from '../../../src/drafts/keep-draft';
import { PLAIN_DESIGN } from '../../../src/cv/design';
import { cvKeyOf } from '../../../src/cv/identity';
import { EMPTY_LAYOUT } from '../../../src/cv/layout';
import {
  DRAFT_WRITE_DELAY_MS,
  draftKeeperMachine,
  type DraftKeeperInput,
} from '../../../src/machines/builder/draft-keeper-machine';

// The builder's draft keeper on its own: what it writes to local storage, when, and when never.

const OWNER = '7';
const DRAFT_ID = '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';
const newKey = cvKeyOf({ kind: 'new', draftId: DRAFT_ID });
const savedKey = cvKeyOf({ kind: 'saved', uuid: UUID });

function work(name: string, overrides: Partial<DraftWork> = {}): DraftWork {
  return {
    identity: { kind: 'new', draftId: DRAFT_ID },
    cv: { name: '', template: 1, entries: [] },
    formData: { 'Personal Details': { 'full_name-1001-0': name } },
    stash: {},
    layout: EMPTY_LAYOUT,
    design: PLAIN_DESIGN,
    layoutStash: {},
    entryCounts: [1],
    completedSections: [],
    expandedSections: [0],
    isSaved: false,
    isEditing: false,
    unsaved: true,
    ...overrides,
  };
}

const nameIn = (cvKey: string) => readDraft(OWNER, cvKey)?.formData['Personal Details']?.['full_name-1001-0'];

/** Stands in for the session: 'logout' is the person signing out on purpose. */
const sessionMachine = createMachine({
  initial: 'signedIn',
  states: { signedIn: { on: { logout: 'loggingOut' } }, loggingOut: {} },
});

const running: Array<{ stop: () => void }> = [];

function createKeeper() {
  const clock = new SimulatedClock();
  const session = createActor(sessionMachine).start();
  const keeper = createActor(draftKeeperMachine, {
    input: { owner: OWNER, session: session as unknown as DraftKeeperInput['session'] },
    clock,
  }).start();
  running.push(keeper, session);
  return { clock, session, keeper };
}

beforeEach(() => localStorage.clear());
// A keeper listens to the window: one left running would write into the next test.
afterEach(() => running.splice(0).forEach((actor) => actor.stop()));

describe('draft keeper', () => {
  it('writes a change a moment later while the builder edits, and nothing on its own before', () => {
    const { clock, keeper } = createKeeper();
    keeper.send({ type: 'draft.changed', work: work('Ada') });
    clock.increment(DRAFT_WRITE_DELAY_MS);
    expect(nameIn(newKey)).toBeUndefined();

    keeper.send({ type: 'draft.open', work: work('Ada') });
    keeper.send({ type: 'draft.changed', work: work('Ada L') });
    expect(nameIn(newKey)).toBeUndefined();
    clock.increment(DRAFT_WRITE_DELAY_MS);
    expect(nameIn(newKey)).toBe('Ada L');
  });

  it('writes at once when the page is hidden or goes, and asks before leaving only with unsaved changes', () => {
    const { keeper } = createKeeper();
    keeper.send({ type: 'draft.open', work: work('Ada') });
    keeper.send({ type: 'draft.changed', work: work('Ada L') });
    window.dispatchEvent(new Event('pagehide'));
    expect(nameIn(newKey)).toBe('Ada L');

    keeper.send({ type: 'draft.changed', work: work('Ada Lo') });
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(nameIn(newKey)).toBe('Ada Lo');
    expect(leaving.defaultPrevented).toBe(true);

    keeper.send({ type: 'draft.changed', work: work('', { unsaved: false }) });
    const leavingSaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingSaved);
    expect(leavingSaved.defaultPrevented).toBe(false);
    // Nothing left worth keeping: the draft is removed.
    expect(readDraft(OWNER, newKey)).toBeUndefined();
  });

  it('drops the write waiting when the builder stops editing, yet writes a hand-over', () => {
    const { clock, keeper } = createKeeper();
    keeper.send({ type: 'draft.open', work: work('Ada') });
    keeper.send({ type: 'draft.changed', work: work('Ada L') });
    keeper.send({ type: 'draft.pause' });
    clock.increment(DRAFT_WRITE_DELAY_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(nameIn(newKey)).toBeUndefined();

    keeper.send({ type: 'draft.handOver', work: work('For the other tab') });
    expect(nameIn(newKey)).toBe('For the other tab');
  });

  it('writes nothing again once the person signs out on purpose', () => {
    const { clock, session, keeper } = createKeeper();
    keeper.send({ type: 'draft.open', work: work('Ada') });
    keeper.send({ type: 'draft.changed', work: work('Ada L') });
    session.send({ type: 'logout' });
    clock.increment(DRAFT_WRITE_DELAY_MS);
    keeper.send({ type: 'draft.flush', work: work('Ada Lovelace') });
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft(OWNER, newKey)).toBeUndefined();
  });

  it('moves the draft to the uuid a save gave the CV, and drops one when asked', () => {
    const { keeper } = createKeeper();
    writeDraft(OWNER, newKey, draftOf(OWNER, work('Ada')));
    writeDraft(OWNER, 'new:another-cv', draftOf(OWNER, work('Other')));
    const saved = work('Ada L', { identity: { kind: 'saved', uuid: UUID } });
    keeper.send({ type: 'draft.replace', from: { kind: 'new', draftId: DRAFT_ID }, to: saved.identity! });
    keeper.send({ type: 'draft.write', work: saved });
    expect(readDraft(OWNER, newKey)).toBeUndefined();
    expect(nameIn(savedKey)).toBe('Ada L');
    expect(nameIn('new:another-cv')).toBe('Other');

    keeper.send({ type: 'draft.drop', work: saved });
    expect(readDraft(OWNER, savedKey)).toBeUndefined();
  });

  it('removes drafts from before drafts had an owner as it starts', () => {
    localStorage.setItem(`${DRAFT_KEY_PREFIX}/dashboard/1`, '{}');
    createKeeper();
    expect(localStorage.getItem(`${DRAFT_KEY_PREFIX}/dashboard/1`)).toBeNull();
  });
});
