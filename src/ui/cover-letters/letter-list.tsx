import {
  Box,
  Button,
  Flex,
  Heading,
  Icon,
  IconButton,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FilePen, Mail } from 'lucide-react';
import type { CoverLetter } from '../../api/cover-letters';
import type { LetterListActor } from '../../machines/cover-letters/letter-list-machine';
import { LetterActions } from './letter-actions';
import { t, useT } from '../../i18n/i18n';

const TOUCH_TARGET = { '@media (pointer: coarse)': { minWidth: '44px', minHeight: '44px' } } as const;

/** What a letter is called on screen, said by a view that calls useT() (it draws again when the language changes). */
export const letterDisplayName = (letter: CoverLetter) => letter.name.trim() || t('Untitled cover letter');

function LetterItem({ letter, list }: { letter: CoverLetter; list: LetterListActor }) {
  useT();
  const actor = useSelector(list, (snapshot) => snapshot.context.actions[letter.id]);
  const name = letterDisplayName(letter);
  return (
    <Flex
      as="li"
      align="center"
      gap="2"
      py="1"
      px="2"
      borderRadius="l2"
      flexWrap="wrap"
      data-testid="cover-letter"
    >
      <Icon color="fg.muted" boxSize="4" flexShrink={0} aria-hidden>
        <Mail />
      </Icon>
      <Box flex="1 1 8rem" minW="0">
        <ChakraLink
          asChild
          display="block"
          fontSize="sm"
          color="fg"
          wordBreak="break-word"
          css={TOUCH_TARGET}
        >
          <Link to="/cover-letters/$id" params={{ id: String(letter.id) }}>
            {name}
          </Link>
        </ChakraLink>
        {letter.company && (
          <Text fontSize="xs" color="fg.muted">
            {letter.company}
          </Text>
        )}
      </Box>
      {actor && <LetterActions actor={actor} compact />}
    </Flex>
  );
}

function LetterItems({
  letters,
  list,
  label,
}: {
  letters: CoverLetter[];
  list: LetterListActor;
  label: string;
}) {
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" aria-label={label}>
      {letters.map((letter) => (
        <LetterItem key={letter.id} letter={letter} list={list} />
      ))}
    </Stack>
  );
}

/** Under a CV in CV management: its cover letters, and 'New cover letter' from it. */
export function CvLetters({ list, cvId, cvName }: { list: LetterListActor; cvId: number; cvName: string }) {
  const { t } = useT();
  const letters = useSelector(list, (snapshot) =>
    snapshot.context.letters.filter((letter) => letter.cv === cvId),
  );
  return (
    <Box flexBasis="100%" ps="6">
      {letters.length > 0 && (
        <LetterItems letters={letters} list={list} label={t('Cover letters for {name}', { name: cvName })} />
      )}
    </Box>
  );
}

/**
 * 'New cover letter' from one CV: an action of the CV's row like Download and Email beside it (a button, so the row's
 * one link stays the CV's own name), which opens the editor with the letter linked to it.
 */
export function NewLetterFromCv({ cvId, cvName }: { cvId: number; cvName: string }) {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <IconButton
      size="xs"
      variant="ghost"
      css={TOUCH_TARGET}
      title={t('New cover letter')}
      aria-label={t('New cover letter for {name}', { name: cvName })}
      onClick={() => void navigate({ to: '/cover-letters/new', search: { cv: cvId } })}
    >
      <FilePen />
    </IconButton>
  );
}

/**
 * CV management's cover letters that belong to no CV (written on their own, or whose CV was deleted), and 'New
 * cover letter' on its own. The letters of a CV are listed under it (CvLetters).
 */
export function StandaloneLetters({ list, cvIds }: { list: LetterListActor; cvIds: ReadonlySet<number> }) {
  const { t } = useT();
  const failed = useSelector(list, (snapshot) => snapshot.matches('failed'));
  const letters = useSelector(list, (snapshot) =>
    snapshot.context.letters.filter((letter) => letter.cv === null || !cvIds.has(letter.cv)),
  );
  return (
    <Stack as="section" gap="3" aria-labelledby="cover-letters-heading">
      <Flex gap="3" align="center" flexWrap="wrap">
        <Heading as="h2" size="lg" id="cover-letters-heading" flex="1">
          {t('Cover letters')}
        </Heading>
        <Button asChild minH="11" variant="outline">
          <Link to="/cover-letters/new">
            <FilePen /> {t('New cover letter')}
          </Link>
        </Button>
      </Flex>
      <Text color="fg.muted">
        {t('A letter written from a CV is listed under it; letters on their own are here.')}
      </Text>
      {failed && (
        <Flex role="alert" gap="3" align="center" flexWrap="wrap">
          <Text>{t('Your cover letters could not be loaded.')}</Text>
          <Button size="sm" minH="11" onClick={() => list.send({ type: 'list.reload' })}>
            {t('Try again')}
          </Button>
        </Flex>
      )}
      {letters.length > 0 && (
        <Box borderWidth="1px" borderRadius="l3" p="2">
          <LetterItems letters={letters} list={list} label={t('Cover letters on their own')} />
        </Box>
      )}
    </Stack>
  );
}
