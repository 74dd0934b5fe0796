import { Alert, Button } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

export const SECTION_FAILED_TEXT = msg('This section could not be shown.');

interface Props {
  sectionName: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * One section that fails to render never takes the builder down: the rest of the form, the preview, Save and the
 * draft keep working (the values live in the machines, not in this tree), and 'Try again' renders it afresh.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The section "${this.props.sectionName}" could not be shown`, error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <SectionFailed onRetry={() => this.setState({ failed: false })} />;
  }
}

/** What a section that failed to render shows instead (a component of its own: a class cannot call `useT`). */
function SectionFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{t(SECTION_FAILED_TEXT)}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </Alert.Root>
  );
}
