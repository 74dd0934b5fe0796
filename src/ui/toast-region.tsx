import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  type CreateToasterReturn,
} from '@chakra-ui/react';
import { useT } from '../i18n/i18n';

/**
 * The toasts of the app's toaster (docs/behaviour.md#messages), loaded with the first toast: see `Toaster` in
 * ./toaster.
 */
export default function ToastRegion({ toaster }: { toaster: CreateToasterReturn }) {
  const { t } = useT();
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        // Right to left, the end of the line is the left: Zag turns 'bottom-end' into 'left' and then writes it as
        // the inline start, which right to left is the right again (over the sidebar). Put back at the end, the
        // toasts growing from it into the screen.
        css={{
          '&[dir=rtl]': {
            insetInlineStart: { md: 'auto !important' },
            insetInlineEnd: { md: 'calc(env(safe-area-inset-left, 0px) + 1rem) !important' },
            alignItems: { md: 'flex-end !important' },
          },
        }}
      >
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            data-testid="toast"
            // A closing toast takes no clicks: neither it nor the invisible hit areas Zag adds around it.
            css={{ '&[data-state=closed], &[data-state=closed] [data-ghost]': { pointerEvents: 'none' } }}
          >
            {toast.type === 'loading' ? <Spinner size="sm" color="accent.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && (
              // In the row rather than over its corner: 44 px wide and high, as every control a finger reaches for.
              <Toast.CloseTrigger
                aria-label={t('Close')}
                position="static"
                flexShrink={0}
                minW="11"
                minH="11"
                my="-2.5"
                me="-4"
              />
            )}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
