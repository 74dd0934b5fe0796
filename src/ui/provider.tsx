import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { system } from './theme';
import { Toaster } from './toaster';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
