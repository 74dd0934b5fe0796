import { Box, IconButton } from '@chakra-ui/react';
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

// A list the person reorders by dragging a handle, or with the keyboard: Tab to the handle, Space to
// lift, the arrow keys to move, Space to drop, Escape to cancel; every move is told to screen readers. The list
// only says what moved where (`onMove`); the machine decides.

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** How a person calls the item ('Work Experience', 'Entry 2'): in the handle's label and the announcements. */
  labelOf: (item: T) => string;
  /** What the list holds, for the announcements: sections or entries. */
  noun: 'sections' | 'entries';
  onMove: (id: string, toIndex: number) => void;
  children: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** How many items stand before the list and do not move (the personal details): positions are told from there. */
  before?: number;
}

export const SCREEN_READER_INSTRUCTIONS = msg(
  'To move an item, press Space on its handle. Use the Up and Down arrow keys to move it, Space to drop it in its new place, or Escape to cancel.',
);

/**
 * Which item the dragged one is over. A pointer is over the item under it, however tall the dragged card is (an
 * open section is); the keyboard moves the card onto its neighbour's centre (below), so the closest centre is
 * that neighbour.
 */
const overItem: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length > 0) return under;
  }
  return closestCenter(args);
};

/**
 * The arrows move the dragged item one place: its centre onto the next item's centre. (@dnd-kit's sortable getter
 * lines up edges instead, which leaves a tall item — an open section — closest to itself: the arrows did nothing.)
 */
function oneStep(ids: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, collisionRect, droppableRects } }) => {
    const step = event.code === KeyboardCode.Up ? -1 : event.code === KeyboardCode.Down ? 1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const target = ids[ids.indexOf(String(over?.id ?? active.id)) + step];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (!rect) return undefined;
    return { x: collisionRect.left, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
  };
}

export function SortableList<T>({
  items,
  idOf,
  labelOf,
  noun,
  onMove,
  children,
  before = 0,
}: SortableListProps<T>) {
  const { t } = useT();
  const ids = useMemo(() => items.map(idOf), [items, idOf]);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const coordinateGetter = useMemo<KeyboardCoordinateGetter>(
    () => (event, args) => oneStep(idsRef.current)(event, args),
    [],
  );
  const sensors = useSensors(
    // A click on the handle is not a drag: the pointer must travel a little first.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => idOf(candidate) === String(id));
    return item === undefined ? String(id) : labelOf(item);
  };
  // Positions as the person sees them numbered, counting what stands before the list.
  const total = ids.length + before;
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(String(id)) + 1 + before;
  // The item is over its own place as the drag starts: that is no move, and must not talk over 'Picked up'.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      const values = { name: nameOf(active.id), position: position(active.id), total };
      return noun === 'sections'
        ? t('Picked up {name}, {position} of {total} sections.', values)
        : t('Picked up {name}, {position} of {total} entries.', values);
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved.current && over.id === active.id)) return undefined;
      moved.current = true;
      return t('{name} is at position {position} of {total}.', {
        name: nameOf(active.id),
        position: position(over.id),
        total,
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('{name} dropped at position {position} of {total}.', {
            name: nameOf(active.id),
            position: position(over.id),
            total,
          })
        : t('{name} dropped.', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('Moving {name} was cancelled. It stays where it was.', { name: nameOf(active.id) }),
  };

  // After a move the focus stays on the moved item's handle, at its new place (rows may be keyed by position, so
  // the handle that had the focus may now belong to another item).
  const handles = useRef(new Map<string, HTMLElement>());
  const [focusAt, setFocusAt] = useState<number>();
  useEffect(() => {
    if (focusAt === undefined) return;
    const id = ids[focusAt];
    const handle = id === undefined ? undefined : handles.current.get(id);
    if (handle) {
      handle.focus();
      setFocusAt(undefined);
    }
  }, [focusAt, ids]);

  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const toIndex = ids.indexOf(String(over.id));
    onMove(String(active.id), toIndex);
    setFocusAt(toIndex);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={overItem}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t(SCREEN_READER_INSTRUCTIONS) },
        restoreFocus: false,
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableRow
            key={idOf(item)}
            id={idOf(item)}
            label={labelOf(item)}
            register={(element) => {
              if (element) handles.current.set(idOf(item), element);
              else handles.current.delete(idOf(item));
            }}
          >
            {(handle) => children(item, handle, index)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  register,
  children,
}: {
  id: string;
  label: string;
  register: (element: HTMLElement | null) => void;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <IconButton
      ref={(element: HTMLButtonElement | null) => {
        setActivatorNodeRef(element);
        register(element);
      }}
      variant="ghost"
      size={{ base: 'lg', md: 'sm' }}
      cursor={isDragging ? 'grabbing' : 'grab'}
      // A finger on the handle drags; without this the browser takes the touch for scrolling and cancels the drag.
      touchAction="none"
      flexShrink={0}
      {...attributes}
      {...listeners}
      aria-label={t('Move {label}', { label })}
      title={t('Move {label}', { label })}
    >
      <GripVertical />
    </IconButton>
  );
  return (
    <Box
      ref={setNodeRef}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      // The lifted item is opaque and raised, so what it passes over does not show through.
      bg={isDragging ? 'bg' : undefined}
      boxShadow={isDragging ? 'lg' : undefined}
      borderRadius="l3"
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </Box>
  );
}
