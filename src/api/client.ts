import { env } from '../config/env';
import { i18n } from '../i18n/i18n';
import { createApiClient } from './http';

/**
 * The app's one API client. Its unhandled-error handler (the global 'Request failed' toast,
 * docs/behaviour.md#api-calls) is attached by main.tsx so this module stays free of UI code; see
 * `installGlobalErrorToast`.
 */
export const apiClient = createApiClient({ baseURL: env.apiBaseUrl, language: () => i18n.locale });
