import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import {
  deleteCoverLetter,
  downloadCoverLetter,
  downloadLetterWithCv,
  sendCoverLetterEmail,
} from '../../api/cover-letters';
import { cvFileName, saveBlob } from '../../api/download';
import { BUSY_TAG, serverMessageOr, type Notice } from '../auth/auth-flow';
import { msg, type Message } from '../../../rules/languages';

/** What a letter's deliveries need to know of it: the saved letter's id, name and linked CV. */
export interface LetterRef {
  id: number;
  name: string;
  cv: number | null;
}

/** The letter as PDF or Word, or the letter then its CV in one PDF. */
export type LetterDownload = 'pdf' | 'word' | 'combined';

export const LETTER_DOWNLOAD_FAILED = msg(
  'There was an issue downloading your cover letter. Please try again.',
);
export const LETTER_EMAIL_FAILED = msg('Failed to send the cover letter email.');
export const LETTER_DELETE_FAILED = msg('Could not delete the cover letter. Please try again.');
export const LETTER_DELETED_NOTICE: Notice = {
  title: msg('Cover letter deleted'),
  description: msg('The cover letter was deleted.'),
  variant: 'success',
};

/** 'Download Successful': what was downloaded, for a letter with a name and one without. */
const DOWNLOADED: Record<LetterDownload, { named: string; unnamed: string }> = {
  pdf: {
    named: msg('{name} has been downloaded as PDF.'),
    unnamed: msg('Your cover letter has been downloaded as PDF.'),
  },
  word: {
    named: msg('{name} has been downloaded as Word document.'),
    unnamed: msg('Your cover letter has been downloaded as Word document.'),
  },
  combined: {
    named: msg('{name} has been downloaded with its CV as one PDF.'),
    unnamed: msg('Your cover letter has been downloaded with its CV as one PDF.'),
  },
};

function downloadedText(letter: LetterRef, kind: LetterDownload): Message {
  const name = letter.name.trim();
  return name ? { id: DOWNLOADED[kind].named, values: { name } } : DOWNLOADED[kind].unnamed;
}

/** The file a download is saved as: the letter's name (and 'with CV' for both in one). */
export function letterFileName(letter: LetterRef, kind: LetterDownload): string {
  const name = letter.name.trim() || 'cover letter';
  return kind === 'combined' ? cvFileName(`${name} with CV`, 'pdf') : cvFileName(name, kind);
}

export type LetterDeliveryEvent =
  | { type: 'letter.download'; kind: LetterDownload }
  | { type: 'email.open' }
  | { type: 'email.withCv'; withCv: boolean }
  | { type: 'email.confirm' }
  | { type: 'email.cancel' }
  | { type: 'delete.open' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** The editor saved the letter: another name or linked CV from now on. */
  | { type: 'letter.update'; letter: LetterRef };

export interface LetterDeliveryContext {
  letter: LetterRef;
  /** 'Attach the CV too', in the email question: on when the letter has a CV. */
  withCv: boolean;
  /** What is being downloaded, for the busy label. */
  downloading?: LetterDownload;
}

/**
 * What can be done with a saved letter, in the editor and in CV management alike: download it as PDF or Word, or
 * with its CV as one PDF (the letter first); email it to oneself, with its CV attached too if asked; delete it,
 * after a question. One thing at a time; each is told in a toast. The files are the letter as last saved.
 */
export const letterDeliveryMachine = setup({
  types: {
    context: {} as LetterDeliveryContext,
    events: {} as LetterDeliveryEvent,
    input: {} as { letter: LetterRef },
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    download: fromPromise<Blob, { letter: LetterRef; kind: LetterDownload }>(({ input }) =>
      input.kind === 'combined'
        ? downloadLetterWithCv(apiClient, input.letter.cv!, input.letter.id)
        : downloadCoverLetter(apiClient, input.letter.id, input.kind),
    ),
    sendEmail: fromPromise<string, { letter: LetterRef; withCv: boolean }>(({ input }) =>
      sendCoverLetterEmail(apiClient, input.letter.id, { withCv: input.withCv }),
    ),
    deleteLetter: fromPromise<void, { letter: LetterRef }>(({ input }) =>
      deleteCoverLetter(apiClient, input.letter.id),
    ),
  },
  actions: {
    assignDownload: assign({ downloading: (_, params: { kind: LetterDownload }) => params.kind }),
    saveFile: ({ context }, params: { blob: Blob }) =>
      saveBlob(params.blob, letterFileName(context.letter, context.downloading ?? 'pdf')),
    assignWithCv: assign({ withCv: (_, params: { withCv: boolean }) => params.withCv }),
    resetWithCv: assign({ withCv: ({ context }) => context.letter.cv !== null }),
    assignLetter: assign({ letter: (_, params: { letter: LetterRef }) => params.letter }),
    /** The editor leaves the letter, a list drops it. */
    tellDeleted: sendParent(({ context }) => ({ type: 'letter.deleted' as const, id: context.letter.id })),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    hasCv: ({ context }) => context.letter.cv !== null,
    isCombined: (_, params: { kind: LetterDownload }) => params.kind === 'combined',
  },
}).createMachine({
  id: 'letterDelivery',
  context: ({ input }) => ({ letter: input.letter, withCv: input.letter.cv !== null }),
  initial: 'idle',
  on: {
    'letter.update': { actions: { type: 'assignLetter', params: ({ event }) => ({ letter: event.letter }) } },
  },
  states: {
    idle: {
      on: {
        'letter.download': [
          {
            // Both in one needs a CV: a letter without one offers no such download.
            guard: { type: 'isCombined', params: ({ event }) => ({ kind: event.kind }) },
            target: 'checkingCv',
            actions: { type: 'assignDownload', params: ({ event }) => ({ kind: event.kind }) },
          },
          {
            target: 'downloading',
            actions: { type: 'assignDownload', params: ({ event }) => ({ kind: event.kind }) },
          },
        ],
        'email.open': { target: 'confirmingEmail', actions: 'resetWithCv' },
        'delete.open': 'confirmingDelete',
      },
    },
    checkingCv: {
      always: [
        { guard: 'hasCv', target: 'downloading' },
        {
          target: 'idle',
          actions: {
            type: 'notify',
            params: {
              title: msg('Download Error'),
              description: msg('Link the letter to a CV to download them together.'),
              variant: 'destructive',
            },
          },
        },
      ],
    },
    downloading: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'download',
        input: ({ context }) => ({ letter: context.letter, kind: context.downloading ?? 'pdf' }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => ({ blob: event.output }) },
            {
              type: 'notify',
              params: ({ context }) => ({
                title: msg('Download Successful'),
                description: downloadedText(context.letter, context.downloading ?? 'pdf'),
                variant: 'success' as const,
              }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: msg('Download Error'),
              description: serverMessageOr(event.error, LETTER_DOWNLOAD_FAILED),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    confirmingEmail: {
      on: {
        'email.withCv': {
          actions: { type: 'assignWithCv', params: ({ event }) => ({ withCv: event.withCv }) },
        },
        'email.confirm': 'emailing',
        'email.cancel': 'idle',
      },
    },
    emailing: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'sendEmail',
        input: ({ context }) => ({
          letter: context.letter,
          withCv: context.withCv && context.letter.cv !== null,
        }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: msg('Email Sent!'),
              description: event.output,
              variant: 'success' as const,
            }),
          },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: msg('Error'),
              description: serverMessageOr(event.error, LETTER_EMAIL_FAILED),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' },
    },
    deleting: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'deleteLetter',
        input: ({ context }) => ({ letter: context.letter }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notify', params: LETTER_DELETED_NOTICE }, 'tellDeleted'],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: msg('Delete failed'),
              description: serverMessageOr(event.error, LETTER_DELETE_FAILED),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

export type LetterDeliveryActor = ActorRefFrom<typeof letterDeliveryMachine>;
export type LetterDeliverySnapshot = SnapshotFrom<typeof letterDeliveryMachine>;
