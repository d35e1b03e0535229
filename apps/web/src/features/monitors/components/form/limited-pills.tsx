import type { ComboboxRenderPillInput, Primitive } from '@mantine/core';
import { Pill } from '@mantine/core';

/** Spec §9: tags and multi-selects show at most 3 chosen values; the rest are counted. */
export const MAX_SHOWN_PILLS = 3;

/**
 * A `renderPill` for a multi-select holding `values`: the first three as removable pills, then one
 * '+N more'. Every shown pill can be removed, even one whose option is disabled (a prober taken out
 * of service must still be removable from a monitor that uses it).
 */
export function limitedPills<Value extends Primitive>(values: readonly Value[]) {
  return function LimitedPill({ option, value, onRemove, disabled }: ComboboxRenderPillInput<Value>) {
    const index = value === undefined ? -1 : values.indexOf(value);
    if (index >= MAX_SHOWN_PILLS) {
      return index === MAX_SHOWN_PILLS ? <Pill>+{values.length - MAX_SHOWN_PILLS} more</Pill> : null;
    }
    return (
      <Pill withRemoveButton={!disabled} onRemove={onRemove}>
        {option?.label ?? String(value)}
      </Pill>
    );
  };
}
