import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { passkeyNameProblem, PASSKEY_MESSAGES } from '../../../rules/passkeys';
import { msg } from '../../../rules/languages';
import { ApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  type Passkey,
} from '../../api/passkeys';
import { createPasskey, PasskeyError } from '../../api/webauthn';
import type { Notice } from '../auth/auth-flow';

export const PASSKEYS_LOAD_FAILED_MESSAGE = msg('Your passkeys could not be loaded.');
export const PASSKEY_ADD_FAILED_MESSAGE = msg('The passkey could not be added. Please try again.');
export const PASSKEY_CHANGE_FAILED_MESSAGE = msg('The change could not be saved. Please try again.');
export const PASSKEY_ADDED_NOTICE: Notice = { title: PASSKEY_MESSAGES.added, variant: 'success' };
export const PASSKEY_RENAMED_NOTICE: Notice = { title: PASSKEY_MESSAGES.renamed, variant: 'success' };
export const PASSKEY_REMOVED_NOTICE: Notice = { title: PASSKEY_MESSAGES.removed, variant: 'success' };

export interface PasskeysContext {
  passkeys: Passkey[];
  /** The name typed for the next passkey ('' lets the server name it after this browser). */
  newName: string;
  /** What is wrong with `newName` or `renameDraft`, shown under its field. */
  nameError?: string;
  /** The passkey being renamed, and the name typed for it. */
  renamingId?: number;
  renameDraft: string;
  /** The passkey whose removal is being asked about, then carried out. */
  removingId?: number;
  creationOptions?: PublicKeyCredentialCreationOptionsJSON;
  credential?: RegistrationResponseJSON;
  /** Why the list could not be loaded, or why adding failed (shown in the card). */
  error?: string;
}

export type PasskeysEvent =
  | { type: 'newName.change'; value: string }
  | { type: 'passkey.add' }
  | { type: 'rename.start'; id: number }
  | { type: 'rename.change'; value: string }
  | { type: 'rename.save' }
  | { type: 'rename.cancel' }
  | { type: 'remove.ask'; id: number }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'passkeys.retry' };

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof PasskeyError || error instanceof ApiError) return error.message;
  return fallback;
}

const notifyFailure = (fallback: string) =>
  ({
    type: 'notify',
    params: ({ event }: { event: { error: unknown } }) => ({
      title: messageOf(event.error, fallback),
      variant: 'destructive' as const,
    }),
  }) as const;

/**
 * The Passkeys card of Profile → Security: the person's passkeys, listed with when each was added and last used.
 * Adding one takes an optional name, asks the server for a challenge, lets the browser (or a phone, or a security
 * key) make the passkey, and hands it to the server. A passkey can be renamed in place, and removed after a
 * question. A backend without passkeys (404) leaves the profile without the card.
 */
export const passkeysMachine = setup({
  types: { context: {} as PasskeysContext, events: {} as PasskeysEvent },
  actors: {
    loadPasskeys: fromPromise<Passkey[]>(({ signal }) => listPasskeys(apiClient, { signal })),
    loadCreationOptions: fromPromise<PublicKeyCredentialCreationOptionsJSON>(() =>
      passkeyRegistrationOptions(apiClient),
    ),
    createPasskey: fromPromise<RegistrationResponseJSON, { options: PublicKeyCredentialCreationOptionsJSON }>(
      ({ input }) => createPasskey(input.options),
    ),
    registerPasskey: fromPromise<Passkey, { credential: RegistrationResponseJSON; name?: string }>(
      ({ input }) => registerPasskey(apiClient, input),
    ),
    renamePasskey: fromPromise<Passkey, { id: number; name: string }>(({ input }) =>
      renamePasskey(apiClient, input.id, input.name),
    ),
    removePasskey: fromPromise<void, { id: number }>(({ input }) => removePasskey(apiClient, input.id)),
  },
  actions: {
    assignPasskeys: assign({
      passkeys: (_, params: { passkeys: Passkey[] }) => params.passkeys,
      error: undefined,
    }),
    assignLoadError: assign({
      error: (_, params: { error: unknown }) => messageOf(params.error, PASSKEYS_LOAD_FAILED_MESSAGE),
    }),
    assignAddError: assign({
      error: (_, params: { error: unknown }) => messageOf(params.error, PASSKEY_ADD_FAILED_MESSAGE),
    }),
    clearError: assign({ error: undefined, nameError: undefined }),
    assignNewName: assign({ newName: (_, params: { value: string }) => params.value, nameError: undefined }),
    clearNewName: assign({ newName: '' }),
    showNewNameProblem: assign({ nameError: ({ context }) => passkeyNameProblem(context.newName.trim()) }),
    assignCreationOptions: assign({
      creationOptions: (_, params: { options: PublicKeyCredentialCreationOptionsJSON }) => params.options,
    }),
    assignCredential: assign({
      credential: (_, params: { credential: RegistrationResponseJSON }) => params.credential,
    }),
    forgetCeremony: assign({ creationOptions: undefined, credential: undefined }),
    startRenaming: assign(({ context }, params: { id: number }) => ({
      renamingId: params.id,
      renameDraft: context.passkeys.find((passkey) => passkey.id === params.id)?.name ?? '',
      nameError: undefined,
    })),
    assignRenameDraft: assign({
      renameDraft: (_, params: { value: string }) => params.value,
      nameError: undefined,
    }),
    showRenameProblem: assign({ nameError: ({ context }) => passkeyNameProblem(context.renameDraft.trim()) }),
    assignRenameRefusal: assign({
      nameError: (_, params: { error: unknown }) => messageOf(params.error, PASSKEY_CHANGE_FAILED_MESSAGE),
    }),
    stopRenaming: assign({ renamingId: undefined, renameDraft: '', nameError: undefined }),
    assignRemovingId: assign({ removingId: (_, params: { id: number }) => params.id }),
    clearRemovingId: assign({ removingId: undefined }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isUnsupported: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 404,
    newNameUsable: ({ context }) => {
      const name = context.newName.trim();
      return name === '' || passkeyNameProblem(name) === undefined;
    },
    renameDraftUsable: ({ context }) => passkeyNameProblem(context.renameDraft.trim()) === undefined,
    isListed: ({ context }, params: { id: number }) =>
      context.passkeys.some((passkey) => passkey.id === params.id),
    isNameRefusal: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 400,
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [], newName: '', renameDraft: '' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPasskeys',
        onDone: {
          target: 'ready',
          actions: { type: 'assignPasskeys', params: ({ event }) => ({ passkeys: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ error: event.error }) },
            target: 'unsupported',
          },
          {
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: {
      on: {
        'newName.change': {
          actions: { type: 'assignNewName', params: ({ event }) => ({ value: event.value }) },
        },
        'passkey.add': [
          { guard: 'newNameUsable', target: 'adding', actions: 'clearError' },
          { actions: 'showNewNameProblem' },
        ],
        'rename.start': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'renaming',
          actions: { type: 'startRenaming', params: ({ event }) => ({ id: event.id }) },
        },
        'remove.ask': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingRemoval',
          actions: { type: 'assignRemovingId', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      tags: ['busy'],
      initial: 'loadingOptions',
      exit: 'forgetCeremony',
      states: {
        loadingOptions: {
          invoke: {
            src: 'loadCreationOptions',
            onDone: {
              target: 'creating',
              actions: { type: 'assignCreationOptions', params: ({ event }) => ({ options: event.output }) },
            },
            onError: {
              target: '#passkeys.ready',
              actions: [
                { type: 'assignAddError', params: ({ event }) => ({ error: event.error }) },
                notifyFailure(PASSKEY_ADD_FAILED_MESSAGE),
              ],
            },
          },
        },
        // The browser's own prompt: this device, a phone or a security key.
        creating: {
          invoke: {
            src: 'createPasskey',
            input: ({ context }) => ({ options: context.creationOptions! }),
            onDone: {
              target: 'saving',
              actions: { type: 'assignCredential', params: ({ event }) => ({ credential: event.output }) },
            },
            onError: {
              target: '#passkeys.ready',
              actions: [
                { type: 'assignAddError', params: ({ event }) => ({ error: event.error }) },
                notifyFailure(PASSKEY_ADD_FAILED_MESSAGE),
              ],
            },
          },
        },
        saving: {
          invoke: {
            src: 'registerPasskey',
            input: ({ context }) => {
              const name = context.newName.trim();
              return { credential: context.credential!, ...(name ? { name } : {}) };
            },
            onDone: {
              target: '#passkeys.loading',
              actions: ['clearNewName', { type: 'notify', params: PASSKEY_ADDED_NOTICE }],
            },
            onError: {
              target: '#passkeys.ready',
              actions: [
                { type: 'assignAddError', params: ({ event }) => ({ error: event.error }) },
                notifyFailure(PASSKEY_ADD_FAILED_MESSAGE),
              ],
            },
          },
        },
      },
    },
    renaming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'rename.change': {
              actions: { type: 'assignRenameDraft', params: ({ event }) => ({ value: event.value }) },
            },
            'rename.save': [
              { guard: 'renameDraftUsable', target: 'saving' },
              { actions: 'showRenameProblem' },
            ],
            'rename.cancel': { target: '#passkeys.ready', actions: 'stopRenaming' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'renamePasskey',
            input: ({ context }) => ({ id: context.renamingId!, name: context.renameDraft.trim() }),
            onDone: {
              target: '#passkeys.loading',
              actions: ['stopRenaming', { type: 'notify', params: PASSKEY_RENAMED_NOTICE }],
            },
            onError: [
              // The server's words about the name stay under the field, with what was typed.
              {
                guard: { type: 'isNameRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: { type: 'assignRenameRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: '#passkeys.loading',
                actions: ['stopRenaming', notifyFailure(PASSKEY_CHANGE_FAILED_MESSAGE)],
              },
            ],
          },
        },
      },
    },
    confirmingRemoval: {
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': { target: 'ready', actions: 'clearRemovingId' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.removingId! }),
        onDone: {
          target: 'loading',
          actions: ['clearRemovingId', { type: 'notify', params: PASSKEY_REMOVED_NOTICE }],
        },
        // Already removed elsewhere (404) or a failure: the list is read again either way.
        onError: {
          target: 'loading',
          actions: ['clearRemovingId', notifyFailure(PASSKEY_CHANGE_FAILED_MESSAGE)],
        },
      },
    },
    failed: { on: { 'passkeys.retry': 'loading' } },
    unsupported: { type: 'final' },
  },
});

export type PasskeysActor = ActorRefFrom<typeof passkeysMachine>;
export type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;
