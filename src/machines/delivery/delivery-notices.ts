import type { CvFileFormat } from '../../api/cvs';
import type { CvDataFormat } from '../../api/download';
import { msg, type Message } from '../../../rules/languages';
import type { Notice } from '../auth/auth-flow';

// What the person is told about a download, an export, an email, a copy or a deletion of a CV
// (docs/behaviour.md#messages), for the builder and for the lists of saved CVs alike. The texts are the spec's,
// letter for letter: the builder and the lists word a download apart ('builder download', 'list download'). They are
// English words marked for the catalogue, or Messages with values: the toaster says them in the interface's language.

/** Where a delivery was asked for: the builder speaks of the CV on screen, a list names the CV it is one of. */
export type DeliveryPlace = 'builder' | 'list';

/** The builder's Download and Email before the CV has a uuid (docs/behaviour.md#validation-rules). */
export const MUST_SAVE_NOTICE: Notice = {
  title: msg('Download Error'),
  description: msg('CV must be saved before downloading. Please save your CV first.'),
  variant: 'destructive',
};

/** A list's download: '<name> has been downloaded as PDF.' (or 'as Word document.', 'as JSON Resume.', …). */
export function downloadedNotice(name: string, format: CvFileFormat | CvDataFormat): Notice {
  // A CV saved without a name still gets a sentence that reads well: the builder's wording.
  // Each format's words: 'PDF', 'Word document', 'JSON Resume', 'Markdown', 'plain text'.
  const description: Message =
    name.trim() === ''
      ? {
          id: msg(
            'Your CV has been downloaded as {format, select, pdf {PDF} word {Word document} json {JSON Resume} markdown {Markdown} text {plain text} other {{format}}}.',
          ),
          values: { format },
        }
      : {
          id: msg(
            '{name} has been downloaded as {format, select, pdf {PDF} word {Word document} json {JSON Resume} markdown {Markdown} text {plain text} other {{format}}}.',
          ),
          values: { name: name.trim(), format },
        };
  return { title: msg('Download Successful'), description, variant: 'success' };
}

/** The builder's download: 'Your CV has been downloaded as PDF.' — the CV on screen needs no name. */
export function builderDownloadedNotice(format: CvFileFormat | CvDataFormat): Notice {
  return downloadedNotice('', format);
}

export const BUILDER_DOWNLOAD_FAILED_NOTICE: Notice = {
  title: msg('Download Error'),
  description: msg('There was an issue downloading your CV. Please try again.'),
  variant: 'destructive',
};

export const LIST_DOWNLOAD_FAILED_NOTICE: Notice = {
  title: msg('Download Error'),
  description: msg('Failed to download CV'),
  variant: 'destructive',
};

/** How each place words a download or an export that worked or failed. */
export const DOWNLOAD_NOTICES: Record<
  DeliveryPlace,
  { downloaded: (name: string, format: CvFileFormat | CvDataFormat) => Notice; failed: Notice }
> = {
  builder: {
    downloaded: (_name, format) => builderDownloadedNotice(format),
    failed: BUILDER_DOWNLOAD_FAILED_NOTICE,
  },
  list: { downloaded: downloadedNotice, failed: LIST_DOWNLOAD_FAILED_NOTICE },
};

export const EMAIL_SENT_NOTICE: Notice = {
  title: msg('Email Sent!'),
  description: msg('CV has been sent to your email address.'),
  variant: 'success',
};
export const EMAIL_FAILED_NOTICE: Notice = {
  title: msg('Error'),
  description: msg('Failed to send CV email.'),
  variant: 'destructive',
};

export function duplicatedNotice(name: string): Notice {
  return {
    title: msg('CV duplicated'),
    description: { id: msg('"{name}" is ready in your list.'), values: { name } },
    variant: 'success',
  };
}
export const DUPLICATE_FAILED_NOTICE: Notice = {
  title: msg('Duplicate failed'),
  description: msg('Could not duplicate the CV. Please try again.'),
  variant: 'destructive',
};

export const CV_DELETED_NOTICE: Notice = {
  title: msg('CV deleted'),
  description: msg('The CV was archived successfully.'),
  variant: 'success',
};
export const DELETE_FAILED_NOTICE: Notice = {
  title: msg('Delete failed'),
  description: msg('Could not delete the CV.'),
  variant: 'destructive',
};
