// A fixed-choice list (ink-select-input), wrapped once. Keys never reach it directly: the screen's key router moves
// the highlight (a store field) and takes the choice, so one router decides every key. ink-select-input keeps its
// highlight as internal state, so the list is re-keyed on the highlighted index to draw the router's choice.
import SelectInput from 'ink-select-input';

export interface SelectListProps {
  items: readonly string[];
  /** The highlighted item, owned by the screen's store. */
  selected: number;
}

export function SelectList({ items, selected }: SelectListProps) {
  const list = items.map((label, i) => ({ key: String(i), label, value: i }));
  return <SelectInput key={selected} items={list} initialIndex={selected} isFocused={false} />;
}
