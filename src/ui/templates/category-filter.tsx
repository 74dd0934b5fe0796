import { Button, Wrap } from '@chakra-ui/react';
import type { Tag } from '../../api/templates';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';
import { TOUCH_TARGET } from '../generated-cv/generated-cv-item';

export const ALL_CATEGORIES_LABEL = msg('All Categories');

export interface CategoryFilterProps {
  tags: Tag[];
  /** The chosen tag's value; null is 'All Categories'. */
  selected: string | null;
  onSelect: (value: string | null) => void;
}

/** docs/behaviour.md#templates-screen: a category filter list whose first entry is 'All Categories'. */
export function CategoryFilter({ tags, selected, onSelect }: CategoryFilterProps) {
  const { t } = useT();
  // The categories' labels are the templates' words (server/templates/*/template.json), in the catalogue too.
  const entries: Array<{ value: string | null; label: string }> = [
    { value: null, label: t(ALL_CATEGORIES_LABEL) },
    ...tags.map((tag) => ({ value: tag.value, label: t(tag.label) })),
  ];
  return (
    <Wrap as="ul" role="list" aria-label={t('Filter templates by category')} gap="2" listStyleType="none">
      {entries.map((entry) => {
        const active = entry.value === selected;
        return (
          <li key={entry.value ?? 'all'}>
            <Button
              size="sm"
              borderRadius="full"
              variant={active ? 'solid' : 'outline'}
              aria-pressed={active}
              css={TOUCH_TARGET}
              onClick={() => onSelect(entry.value)}
            >
              {entry.label}
            </Button>
          </li>
        );
      })}
    </Wrap>
  );
}
