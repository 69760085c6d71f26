/** The timed regions of a pass as time windows, and which sample times fall inside them. */

/** [start, end] pairs, in time order, not overlapping. */
export type TimeWindows = readonly (readonly [number, number])[];

/**
 * A test of whether a time lies in one of the windows, for times asked in non-decreasing order
 * (one pass over the windows, however many samples).
 */
export function windowCursor(windows: TimeWindows): (time: number) => boolean {
  let w = 0;
  return (time) => {
    while (w < windows.length && windows[w]![1] < time) w++;
    return w < windows.length && windows[w]![0] <= time;
  };
}
