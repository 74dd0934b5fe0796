import { Alert } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { Message } from '../../rules/languages';
import { useT } from '../i18n/i18n';

/** Marks the alert a form moves the focus to when no field of its own is at fault. */
const PROBLEM_ATTRIBUTE = 'data-form-problem';

/**
 * A refusal shown inside the form it concerns: announced at once (role=alert) and able to take the
 * focus, so a keyboard or screen-reader user is told where they are looking.
 */
export function FormProblemAlert({
  children,
  status = 'error',
}: {
  children: ReactNode;
  status?: 'error' | 'warning';
}) {
  return (
    <Alert.Root
      status={status}
      variant="subtle"
      borderRadius="l2"
      role="alert"
      tabIndex={-1}
      {...{ [PROBLEM_ATTRIBUTE]: '' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      {children}
    </Alert.Root>
  );
}

/**
 * A form's refusal in one sentence, in the form (nothing while there is none): a rule's or a flow's words (or the
 * server's), said in the interface's language.
 */
export function FormProblem({ message }: { message?: Message }) {
  const { t } = useT();
  if (!message) return null;
  return (
    <FormProblemAlert>
      <Alert.Indicator />
      <Alert.Description>{t(message)}</Alert.Description>
    </FormProblemAlert>
  );
}

/** What a form has done, in one sentence (role=status: read out without taking the focus), in the interface's language. */
export function FormOutcome({ message }: { message?: Message }) {
  const { t } = useT();
  if (!message) return null;
  return (
    <Alert.Root status="success" variant="subtle" borderRadius="l2" role="status">
      <Alert.Indicator />
      <Alert.Description>{t(message)}</Alert.Description>
    </Alert.Root>
  );
}

/**
 * After each refused submit (`attempt` grows) the focus goes to the first field shown as invalid, in the form's
 * order, else to the form's problem alert; it never stays on the button or drops to the page.
 */
export function useFocusOnProblem(form: RefObject<HTMLElement | null>, attempt: number) {
  const handled = useRef(attempt);
  useEffect(() => {
    if (attempt === handled.current) return;
    handled.current = attempt;
    const root = form.current;
    if (!root) return;
    const invalid = root.querySelector<HTMLElement>(
      'input[aria-invalid="true"]:not([disabled]), textarea[aria-invalid="true"]:not([disabled])',
    );
    const target = invalid ?? root.querySelector<HTMLElement>(`[${PROBLEM_ATTRIBUTE}]`);
    target?.focus();
  }, [attempt, form]);
}
