import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  Icon,
  IconButton,
  Portal,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  FileText,
  FileUser,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import {
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  TOOLTIP_OPEN_DELAY_MS,
} from '../config/constants';
import { useT } from '../i18n/i18n';
import { unsavedChangesText, type SessionActor } from '../machines/auth/session-machine';
import type { SidebarActor } from '../machines/sidebar-machine';
import { ConfirmDialog } from './confirm-dialog';
import { ColorModeButton } from './color-mode';
import LanguageMenu from './language-menu';
import { useIsMobile } from './use-is-mobile';

const SIDEBAR_ID = 'app-sidebar';
const SHORTCUT_KEY = SIDEBAR_KEYBOARD_SHORTCUT.toUpperCase();
const TOGGLE_SHORTCUTS = `Control+${SHORTCUT_KEY} Meta+${SHORTCUT_KEY}`;

function isToggleShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT
  );
}

function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useT();
  return (
    <Link to="/" aria-label={t('CV Builder home')} onClick={onNavigate}>
      <Flex
        align="center"
        justify="center"
        boxSize="9"
        borderRadius="l2"
        bg="colorPalette.solid"
        color="colorPalette.contrast"
        flexShrink={0}
        _hover={{ opacity: 0.9 }}
      >
        <Icon boxSize="5">
          <FileText />
        </Icon>
      </Flex>
    </Link>
  );
}

interface RailItemProps {
  label: string;
  icon: LucideIcon;
  expanded: boolean;
  children: (content: ReactNode) => ReactNode;
}

/** One row of the rail: icon plus label when expanded, icon with a tooltip when collapsed. */
function RailItem({ label, icon: ItemIcon, expanded, children }: RailItemProps) {
  const content = (
    <>
      <Icon boxSize="5" flexShrink={0}>
        <ItemIcon />
      </Icon>
      {expanded ? <Text truncate>{label}</Text> : <VisuallyHidden>{label}</VisuallyHidden>}
    </>
  );
  return (
    <Tooltip.Root openDelay={TOOLTIP_OPEN_DELAY_MS} positioning={{ placement: 'right' }} disabled={expanded}>
      <Tooltip.Trigger asChild>{children(content)}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {label}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

const itemStyle = (expanded: boolean) =>
  ({
    variant: 'ghost',
    size: 'sm',
    w: 'full',
    justifyContent: expanded ? 'flex-start' : 'center',
    gap: '3',
    px: expanded ? '3' : '0',
    color: 'fg.muted',
    _hover: { bg: 'bg.muted', color: 'fg' },
    _currentPage: { bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' },
  }) as const;

interface SidebarContentProps {
  expanded: boolean;
  session: SessionActor;
  onNavigate?: () => void;
  toggle?: ReactNode;
}

function SidebarContent({ expanded, session, onNavigate, toggle }: SidebarContentProps) {
  const { t } = useT();
  const loggingOut = useSelector(session, (state) => state.matches('loggingOut'));
  const profile = useSelector(session, (state) => state.context.profile);

  // The session signs out (and then leaves for /signin) whatever the server answers.
  function logout() {
    onNavigate?.();
    session.send({ type: 'session.logout' });
  }

  return (
    <Flex direction="column" h="full" gap="2" py="3" px={expanded ? '3' : '1.5'}>
      <Flex
        align="center"
        gap="3"
        px={expanded ? '0' : '0'}
        justify={expanded ? 'flex-start' : 'center'}
        minH="9"
      >
        <Logo onNavigate={onNavigate} />
        {expanded && (
          <Text fontWeight="semibold" textStyle="md" truncate>
            {/* i18n-ignore: the product's own name */}
            CV Builder
          </Text>
        )}
      </Flex>

      <Stack as="ul" listStyleType="none" gap="1" mt="4" aria-label={t('Main navigation')}>
        <li>
          <RailItem label={t('CV Management')} icon={FileUser} expanded={expanded}>
            {(content) => (
              <Button asChild {...itemStyle(expanded)}>
                <Link to="/cv-management" onClick={onNavigate}>
                  {content}
                </Link>
              </Button>
            )}
          </RailItem>
        </li>
        <li>
          <RailItem label={t('Profile')} icon={UserRound} expanded={expanded}>
            {(content) => (
              <Button asChild {...itemStyle(expanded)}>
                <Link to="/profile" onClick={onNavigate}>
                  {content}
                </Link>
              </Button>
            )}
          </RailItem>
        </li>
      </Stack>

      <Stack mt="auto" gap="1">
        {expanded && (
          <Box px="3" py="1">
            <LanguageMenu />
          </Box>
        )}
        {expanded && profile && (
          <Box px="3" py="2" minW="0">
            <Text textStyle="sm" fontWeight="medium" truncate>
              {profile.full_name || profile.email}
            </Text>
            {/* An address reads left to right in every language: cut at its end, never its start, in Arabic. */}
            <Text
              textStyle="xs"
              color="fg.muted"
              truncate
              dir="ltr"
              textAlign="left"
              _rtl={{ textAlign: 'right' }}
            >
              {profile.email}
            </Text>
          </Box>
        )}
        <Flex
          direction={expanded ? 'row' : 'column'}
          align="center"
          gap="1"
          justify={expanded ? 'space-between' : 'center'}
        >
          <ColorModeButton color="fg.muted" _hover={{ bg: 'bg.muted', color: 'fg' }} />
          {toggle}
        </Flex>
        <RailItem label={t('Logout')} icon={LogOut} expanded={expanded}>
          {(content) => (
            <Button {...itemStyle(expanded)} onClick={logout} loading={loggingOut}>
              {content}
            </Button>
          )}
        </RailItem>
      </Stack>
    </Flex>
  );
}

export interface AppShellProps {
  session: SessionActor;
  /** The rail and the drawer (created by the signed-in layout). */
  sidebar: SidebarActor;
  children: ReactNode;
}

/**
 * The shared navigation of every signed-in page (docs/behaviour.md#shared-navigation): a left rail toggled with
 * Ctrl/Cmd+B, 16rem with labels or a 3rem icon rail, remembered in the `sidebar_state` cookie; below 768 px an
 * 18rem drawer opened from a header button.
 */
/** Signing out with unsaved CVs asks first: 'Sign out anyway' removes them from this computer. */
function SignOutDialog({ session }: { session: SessionActor }) {
  const { t } = useT();
  const count = useSelector(session, (state) =>
    state.matches('confirmingLogout') ? (state.context.unsavedCvCount ?? 0) : 0,
  );
  return (
    <ConfirmDialog
      open={count > 0}
      title={t('Sign out?')}
      description={t('{warning} Signing out removes them from this computer.', {
        warning: t(unsavedChangesText(count)),
      })}
      confirmLabel={t('Sign out anyway')}
      cancelLabel={t('Go back')}
      destructive
      onConfirm={() => session.send({ type: 'session.logoutConfirm' })}
      onCancel={() => session.send({ type: 'session.logoutCancel' })}
    />
  );
}

export function AppShell({ session, sidebar, children }: AppShellProps) {
  const { t } = useT();
  const isMobile = useIsMobile();
  const expanded = useSelector(sidebar, (state) => state.matches({ rail: 'expanded' }));
  const drawerOpen = useSelector(sidebar, (state) => state.matches({ drawer: 'open' }));

  useEffect(() => {
    sidebar.send({ type: 'viewport.changed', isMobile });
  }, [sidebar, isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      sidebar.send({ type: 'sidebar.toggle' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [sidebar]);

  const toggleLabel = expanded ? t('Collapse sidebar') : t('Expand sidebar');
  const toggleTitle = expanded
    ? t('Collapse sidebar (Ctrl/Cmd+{key})', { key: SHORTCUT_KEY })
    : t('Expand sidebar (Ctrl/Cmd+{key})', { key: SHORTCUT_KEY });

  // One tree for both layouts: only the navigation around <main> changes at the breakpoint, so the page
  // keeps its state (an unsaved edit survives a window resized across 768 px).
  return (
    <Flex direction={isMobile ? 'column' : 'row'} minH="100dvh">
      {isMobile && (
        <>
          <Flex
            as="header"
            align="center"
            gap="3"
            h="14"
            px="3"
            borderBottomWidth="1px"
            bg="bg.panel"
            position="sticky"
            top="0"
            zIndex="sticky"
          >
            <IconButton
              variant="ghost"
              size="lg"
              aria-label={t('Open navigation')}
              aria-keyshortcuts={TOGGLE_SHORTCUTS}
              aria-expanded={drawerOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => sidebar.send({ type: 'sidebar.toggle' })}
            >
              <Menu />
            </IconButton>
            <Logo />
            {/* i18n-ignore: the product's own name */}
            <Text fontWeight="semibold">CV Builder</Text>
          </Flex>
          <Drawer.Root
            open={drawerOpen}
            // The content's id is the one the menu button controls; given to Ark by name (overriding the element's
            // id hides it from the dialog's own focus trap and Escape handling).
            ids={{ content: SIDEBAR_ID }}
            placement="start"
            onOpenChange={(details) => {
              if (!details.open) sidebar.send({ type: 'sidebar.mobileClose' });
            }}
          >
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content
                  w={SIDEBAR_WIDTH_MOBILE}
                  maxW={SIDEBAR_WIDTH_MOBILE}
                  aria-label={t('Navigation')}
                >
                  <Drawer.Title asChild>
                    <VisuallyHidden>{t('Navigation')}</VisuallyHidden>
                  </Drawer.Title>
                  <Drawer.CloseTrigger asChild top="3" insetEnd="3">
                    <CloseButton size="lg" aria-label={t('Close navigation')} />
                  </Drawer.CloseTrigger>
                  <SidebarContent
                    expanded
                    session={session}
                    onNavigate={() => sidebar.send({ type: 'sidebar.mobileClose' })}
                  />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        </>
      )}
      {!isMobile && (
        <Box
          as="nav"
          id={SIDEBAR_ID}
          aria-label={t('Sidebar')}
          data-state={expanded ? 'expanded' : 'collapsed'}
          w={expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON}
          flexShrink={0}
          position="sticky"
          top="0"
          h="100dvh"
          borderRightWidth="1px"
          bg="bg.subtle"
          transition="width 0.2s ease"
          overflowX="hidden"
        >
          <SidebarContent
            expanded={expanded}
            session={session}
            toggle={
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={toggleLabel}
                title={toggleTitle}
                aria-keyshortcuts={TOGGLE_SHORTCUTS}
                aria-expanded={expanded}
                aria-controls={SIDEBAR_ID}
                color="fg.muted"
                // Chakra highlights aria-expanded buttons as if a menu were open; this one only resizes the rail.
                _expanded={{ bg: 'transparent' }}
                _hover={{ bg: 'bg.muted', color: 'fg' }}
                onClick={() => sidebar.send({ type: 'sidebar.toggle' })}
              >
                {expanded ? <PanelLeftClose /> : <PanelLeftOpen />}
              </IconButton>
            }
          />
        </Box>
      )}
      <Box as="main" flex="1" minW="0">
        {children}
      </Box>
      <SignOutDialog session={session} />
    </Flex>
  );
}
