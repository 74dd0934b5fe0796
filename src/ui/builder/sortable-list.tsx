import { IconButton } from '@chakra-ui/react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useMemo, useRef, type ReactNode } from 'react';

// A list the person reorders by dragging a handle, or with the keyboard (issue 12): Tab to the handle, Space to
// lift, the arrow keys to move, Space to drop, Escape to cancel; every move is told to screen readers. The list
// only says what moved where (`onMove`); the machine decides.

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** How a person calls the item ('Work Experience', 'Entry 2'): in the handle's label and the announcements. */
  labelOf: (item: T) => string;
  /** What the list holds, for the instructions ('sections', 'entries'). */
  noun: string;
  onMove: (id: string, toIndex: number) => void;
  children: (item: T, handle: ReactNode, index: number) => ReactNode;
}

export const SCREEN_READER_INSTRUCTIONS =
  'To move an item, press Space on its handle. Use the Up and Down arrow keys to move it, Space to drop it in its new place, or Escape to cancel.';

export function SortableList<T>({ items, idOf, labelOf, noun, onMove, children }: SortableListProps<T>) {
  const sensors = useSensors(
    // A click on the handle is not a drag: the pointer must travel a little first.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(idOf), [items, idOf]);
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => idOf(candidate) === String(id));
    return item === undefined ? String(id) : labelOf(item);
  };
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  // The item is over its own place as the drag starts: that is no move, and must not talk over 'Picked up'.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(active.id)}, ${position(active.id)} of ${ids.length} ${noun}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved.current && over.id === active.id)) return undefined;
      moved.current = true;
      return `${nameOf(active.id)} is at position ${position(over.id)} of ${ids.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${position(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It stays where it was.`,
  };

  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), ids.indexOf(String(over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableRow key={idOf(item)} id={idOf(item)} label={labelOf(item)}>
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
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      variant="ghost"
      size="sm"
      cursor={isDragging ? 'grabbing' : 'grab'}
      flexShrink={0}
      {...attributes}
      {...listeners}
      aria-label={`Move ${label}`}
      title={`Move ${label}`}
    >
      <GripVertical />
    </IconButton>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}
