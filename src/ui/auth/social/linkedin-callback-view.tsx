import { LINKEDIN_SIGNING_IN_TEXT } from '../../../machines/auth/linkedin-callback-machine';
import { useT } from '../../../i18n/i18n';
import { FullPageSpinner } from '../../full-page-spinner';

// docs/behaviour.md#linkedin-callback: a spinner with 'Signing you in with LinkedIn...'; every outcome is a
// toast and a move.
export function LinkedInCallbackView() {
  const { t } = useT();
  return <FullPageSpinner text={t(LINKEDIN_SIGNING_IN_TEXT)} />;
}
