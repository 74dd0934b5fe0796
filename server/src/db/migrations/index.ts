import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as accounts from './0002-accounts.js';
import * as templates from './0003-templates.js';
import * as generatedCvs from './0004-generated-cvs.js';
import * as profile from './0005-profile.js';
import * as slidingRateLimits from './0006-sliding-rate-limits.js';
import * as mailQueue from './0007-mail-queue.js';
import * as emailChanges from './0008-email-changes.js';
import * as cvLayout from './0009-cv-layout.js';
import * as cvDesign from './0010-cv-design.js';
import * as admin from './0011-admin.js';
import * as sessionDetails from './0012-session-details.js';
import * as cvVersions from './0013-cv-versions.js';
import * as cvBin from './0014-cv-bin.js';
import * as securityEvents from './0015-security-events.js';
import * as twoStep from './0016-two-step.js';
import * as passkeys from './0017-passkeys.js';
import * as renderedFiles from './0018-rendered-files.js';
import * as shareLinks from './0019-share-links.js';
import * as cvPhotos from './0020-cv-photos.js';
import * as coverLetters from './0021-cover-letters.js';
import * as userLanguage from './0022-user-language.js';

/**
 * Every migration, in order. Add yours as the next line with the next number; names sort
 * alphabetically, which is the order Kysely's Migrator runs them in.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-templates': templates,
  '0004-generated-cvs': generatedCvs,
  '0005-profile': profile,
  '0006-sliding-rate-limits': slidingRateLimits,
  '0007-mail-queue': mailQueue,
  '0008-email-changes': emailChanges,
  '0009-cv-layout': cvLayout,
  '0010-cv-design': cvDesign,
  '0011-admin': admin,
  '0012-session-details': sessionDetails,
  '0013-cv-versions': cvVersions,
  '0014-cv-bin': cvBin,
  '0015-security-events': securityEvents,
  '0016-two-step': twoStep,
  '0017-passkeys': passkeys,
  '0018-rendered-files': renderedFiles,
  '0019-share-links': shareLinks,
  '0020-cv-photos': cvPhotos,
  '0021-cover-letters': coverLetters,
  '0022-user-language': userLanguage,
};
