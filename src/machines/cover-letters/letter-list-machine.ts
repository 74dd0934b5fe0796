import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  stopChild,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { apiClient } from '../../api/client';
import { listCoverLetters, type CoverLetter } from '../../api/cover-letters';
import { letterDeliveryMachine, type LetterDeliveryActor } from './letter-delivery-machine';
import { msg } from '../../../rules/languages';

export const LETTERS_LOAD_FAILED_MESSAGE = msg('Your cover letters could not be loaded. Please try again.');

export interface LetterListContext {
  letters: CoverLetter[];
  /** One delivery actor per letter (download, email, delete), by the letter's id. */
  actions: Record<number, LetterDeliveryActor>;
}

export type LetterListEvent = { type: 'list.reload' } | { type: 'letter.deleted'; id: number };

export const deliveryId = (id: number) => `letter-${id}`;

/**
 * The person's cover letters in CV management: read once, listed under their CVs (and the standalone ones on their
 * own), each with its own delivery actor, so downloading one letter never waits for another. A deleted letter
 * leaves the list at once.
 */
export const letterListMachine = setup({
  types: {
    context: {} as LetterListContext,
    events: {} as LetterListEvent,
  },
  actors: {
    loadLetters: fromPromise<CoverLetter[]>(({ signal }) => listCoverLetters(apiClient, {}, { signal })),
    delivery: letterDeliveryMachine,
  },
  actions: {
    assignLetters: assign(({ spawn }, params: { letters: CoverLetter[] }) => ({
      letters: params.letters,
      actions: Object.fromEntries(
        params.letters.map((letter) => [
          letter.id,
          spawn('delivery', {
            id: deliveryId(letter.id),
            input: { letter: { id: letter.id, name: letter.name, cv: letter.cv } },
          }),
        ]),
      ),
    })),
    /**
     * A fresh read over a shown list: a letter still there keeps its delivery actor (a download under way goes on),
     * a new one (restored from Recently deleted, written in another tab) gets one, a gone one's is stopped.
     */
    mergeLetters: enqueueActions(({ context, enqueue }, params: { letters: CoverLetter[] }) => {
      const kept = new Set(params.letters.map((letter) => letter.id));
      for (const id of Object.keys(context.actions).map(Number))
        if (!kept.has(id)) enqueue.stopChild(deliveryId(id));
      enqueue.assign(({ spawn }) => ({
        letters: params.letters,
        actions: Object.fromEntries(
          params.letters.map((letter) => [
            letter.id,
            context.actions[letter.id] ??
              spawn('delivery', {
                id: deliveryId(letter.id),
                input: { letter: { id: letter.id, name: letter.name, cv: letter.cv } },
              }),
          ]),
        ),
      }));
    }),
    dropLetter: assign(({ context }, params: { id: number }) => {
      const { [params.id]: _gone, ...actions } = context.actions;
      return { letters: context.letters.filter((letter) => letter.id !== params.id), actions };
    }),
    stopDelivery: stopChild((_, params: { id: number }) => deliveryId(params.id)),
  },
}).createMachine({
  id: 'letterList',
  context: { letters: [], actions: {} },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLetters',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignLetters', params: ({ event }) => ({ letters: event.output }) },
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'list.reload': 'loading' } },
    loaded: {
      on: {
        'list.reload': 'refreshing',
        'letter.deleted': {
          actions: [
            { type: 'dropLetter', params: ({ event }) => ({ id: event.id }) },
            { type: 'stopDelivery', params: ({ event }) => ({ id: event.id }) },
          ],
        },
      },
    },
    // The list stays shown while it is read again; a failed read keeps it as it was.
    refreshing: {
      invoke: {
        src: 'loadLetters',
        onDone: {
          target: 'loaded',
          actions: { type: 'mergeLetters', params: ({ event }) => ({ letters: event.output }) },
        },
        onError: 'loaded',
      },
      on: {
        'letter.deleted': {
          actions: [
            { type: 'dropLetter', params: ({ event }) => ({ id: event.id }) },
            { type: 'stopDelivery', params: ({ event }) => ({ id: event.id }) },
          ],
        },
      },
    },
  },
});

export type LetterListActor = ActorRefFrom<typeof letterListMachine>;
export type LetterListSnapshot = SnapshotFrom<typeof letterListMachine>;
