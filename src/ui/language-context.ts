import { createContext } from 'react';
import type { LanguageActor } from '../machines/language/language-machine';

/**
 * The app's one language actor for the language menus (main.tsx provides it once its chunk is here, after the first
 * paint); none in a view's test, and then no menu.
 */
export const LanguageActorContext = createContext<LanguageActor | undefined>(undefined);
