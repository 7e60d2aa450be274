// Fixed-choice lists (Write / Discard / Cancel, …) through ink-select-input, wrapped once:
// the focused choice carries the screens' `›` marker, and the list takes keys only while its screen's router says so
// (`active` → isFocused), so the screen's own letter shortcuts and the list's j/k, arrows, 1-9 and Enter never both
// act on one key.
import { Text } from 'ink';
import SelectInput from 'ink-select-input';

export interface SelectChoice<T extends string> {
  label: string;
  value: T;
}

function Indicator({ isSelected = false }: { isSelected?: boolean }) {
  return <Text>{isSelected ? '› ' : '  '}</Text>;
}

function Item({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  return (
    <Text bold={isSelected} wrap="truncate-end">
      {label}
    </Text>
  );
}

export interface SelectListProps<T extends string> {
  choices: readonly SelectChoice<T>[];
  active: boolean;
  onSelect: (value: T) => void;
  /** The choice the cursor starts on. */
  initialIndex?: number;
  /** Rows shown at once (the list scrolls); all when unset. */
  limit?: number;
  onHighlight?: (value: T) => void;
}

export function SelectList<T extends string>({ choices, active, onSelect, initialIndex, limit, onHighlight }: SelectListProps<T>) {
  return (
    <SelectInput<T>
      items={choices.map((c) => ({ key: c.value, label: c.label, value: c.value }))}
      isFocused={active}
      initialIndex={initialIndex}
      limit={limit}
      indicatorComponent={Indicator}
      itemComponent={Item}
      onSelect={(item) => onSelect(item.value)}
      onHighlight={onHighlight ? (item) => onHighlight(item.value) : undefined}
    />
  );
}

export interface RoutedListProps {
  items: readonly string[];
  /** The highlighted item, owned by the screen's store. */
  selected: number;
}

/**
 * A fixed-choice list whose keys never reach it directly (the review's Write / Discard / Cancel): the screen's key
 * router moves the highlight (a store field) and takes the choice, so one router decides every key. ink-select-input
 * keeps its highlight as internal state, so the list is re-keyed on the highlighted index to draw the router's choice.
 */
export function RoutedList({ items, selected }: RoutedListProps) {
  const list = items.map((label, i) => ({ key: String(i), label, value: i }));
  return <SelectInput key={selected} items={list} initialIndex={selected} isFocused={false} indicatorComponent={Indicator} itemComponent={Item} />;
}
