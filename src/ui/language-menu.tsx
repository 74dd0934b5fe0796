import { NativeSelect } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useContext } from 'react';
import { OFFERED_LANGUAGES, type LanguageCode } from '../../rules/languages';
import { useT } from '../i18n/i18n';
import type { LanguageActor } from '../machines/language/language-machine';
import { LanguageActorContext } from './language-context';

/**
 * The language menu (the shell, the sign-in and sign-up pages): each language named in itself, so a person finds
 * theirs whatever the page speaks now. A native select: every phone gives it its own picker. Nothing while only
 * English is offered, or without the app's language actor.
 */
export default function LanguageMenu() {
  const actor = useContext(LanguageActorContext);
  return actor && OFFERED_LANGUAGES.length > 1 ? <LanguageSelect actor={actor} /> : null;
}

function LanguageSelect({ actor }: { actor: LanguageActor }) {
  const { t } = useT();
  const language = useSelector(actor, (snapshot) => snapshot.context.target ?? snapshot.context.language);
  const busy = useSelector(actor, (snapshot) => !snapshot.matches('ready'));
  return (
    <NativeSelect.Root size="sm" width="auto" disabled={busy}>
      <NativeSelect.Field
        aria-label={t('Language')}
        minH="11"
        value={language}
        onChange={(event) =>
          actor.send({ type: 'language.choose', language: event.currentTarget.value as LanguageCode })
        }
      >
        {OFFERED_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
