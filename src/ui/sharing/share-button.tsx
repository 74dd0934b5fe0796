import { Button, IconButton } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { ShareOpening } from '../../machines/sharing/share-machine';

const SharePanel = lazy(() => import('./share-panel'));

/** On touch screens (a finger, not a mouse) the icon button is at least 44×44 px. */
const TOUCH_TARGET = { '@media (pointer: coarse)': { minWidth: '44px', minHeight: '44px' } } as const;

export interface ShareButtonProps {
  /** What the panel opens with, read at the click (the builder's CV may have been saved since it rendered). */
  opening: () => ShareOpening;
  /** 'button' in the builder's header; 'icon' beside a CV's other actions in CV management. */
  variant?: 'button' | 'icon';
  disabled?: boolean;
}

/**
 * 'Share': opens the share panel of a CV. The panel, its machine and its API calls load on the first click, so the
 * builder and CV management carry none of them in their first script.
 */
export function ShareButton({ opening, variant = 'button', disabled }: ShareButtonProps) {
  const { t } = useT();
  const [open, setOpen] = useState<ShareOpening>();
  const buttonId = `share-button-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const close = useCallback(() => setOpen(undefined), []);
  const onClick = () => setOpen(opening());
  return (
    <>
      {variant === 'icon' ? (
        <IconButton
          id={buttonId}
          size="xs"
          variant="ghost"
          aria-label={t('Share {name}', { name: opening().cvName })}
          title={t('Share by link')}
          aria-haspopup="dialog"
          disabled={disabled}
          css={TOUCH_TARGET}
          onClick={onClick}
        >
          <Share2 />
        </IconButton>
      ) : (
        <Button
          id={buttonId}
          variant="outline"
          size="sm"
          minH="11"
          aria-haspopup="dialog"
          disabled={disabled}
          onClick={onClick}
        >
          <Share2 /> {t('Share')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SharePanel opening={open} returnFocusTo={buttonId} onClosed={close} />
        </Suspense>
      )}
    </>
  );
}
