import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { ThemeProvider, useTheme, type ThemeProviderProps } from 'next-themes';
import { useT } from '../i18n/i18n';
import { pageNonce } from './csp-nonce';
import { MonitorIcon, MoonIcon, SunIcon } from './first-page-icons';

export type ColorModeSetting = 'light' | 'dark' | 'system';

// next-themes renders an inline script meant for server rendering; in this client-only app React
// never runs it and warns about it, so it is marked as a data block.
const INERT_SCRIPT = { type: 'application/json' } as const;

/** Chakra v3's documented colour mode: next-themes toggles the `light`/`dark` class on <html>. */
export function ColorModeProvider(props: ThemeProviderProps) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={INERT_SCRIPT}
      // The style that holds transitions still while the mode changes carries the page's nonce (src/ui/csp-nonce.ts).
      nonce={pageNonce()}
      {...props}
    />
  );
}

const NEXT_SETTING: Record<ColorModeSetting, ColorModeSetting> = {
  light: 'dark',
  dark: 'system',
  system: 'light',
};

function asSetting(theme: string | undefined): ColorModeSetting {
  return theme === 'light' || theme === 'dark' ? theme : 'system';
}

export function useColorMode() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const setting = asSetting(theme);
  return {
    setting,
    colorMode: resolvedTheme === 'dark' ? ('dark' as const) : ('light' as const),
    setColorMode: (next: ColorModeSetting) => setTheme(next),
    cycleColorMode: () => setTheme(NEXT_SETTING[setting]),
  };
}

/** Cycles light → dark → system (docs/behaviour.md#shared-navigation: the system's is the default). */
export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { t } = useT();
  const { setting, cycleColorMode } = useColorMode();
  // One message, each setting's name chosen in it: 'Colour theme: Light (switch to Dark)'.
  const label = t(
    'Colour theme: {setting, select, light {Light} dark {Dark} other {System}} (switch to {next, select, light {Light} dark {Dark} other {System}})',
    { setting, next: NEXT_SETTING[setting] },
  );
  // Drawn at once: the app renders only in the browser, where the setting is known from the first render (no
  // server-rendered placeholder to wait for).
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      onClick={cycleColorMode}
      {...props}
    >
      {setting === 'light' ? <SunIcon /> : setting === 'dark' ? <MoonIcon /> : <MonitorIcon />}
    </IconButton>
  );
}
