import { Button, Wrap } from '@chakra-ui/react';
import type { Tag } from '../../api/templates';
import { TOUCH_TARGET } from '../generated-cv/generated-cv-item';

export const ALL_CATEGORIES_LABEL = 'All Categories';

export interface CategoryFilterProps {
  tags: Tag[];
  /** The chosen tag's value; null is 'All Categories'. */
  selected: string | null;
  onSelect: (value: string | null) => void;
}

/** docs/behaviour.md#templates-screen: a category filter list whose first entry is 'All Categories'. */
export function CategoryFilter({ tags, selected, onSelect }: CategoryFilterProps) {
  const entries: Array<{ value: string | null; label: string }> = [
    { value: null, label: ALL_CATEGORIES_LABEL },
    ...tags.map((tag) => ({ value: tag.value, label: tag.label })),
  ];
  return (
    <Wrap as="ul" role="list" aria-label="Filter templates by category" gap="2" listStyleType="none">
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
