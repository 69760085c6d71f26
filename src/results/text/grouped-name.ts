/** `group/name`, or `name` for an ungrouped benchmark: its identity within a file, and its label where rows come from one file. */
export function groupedName(b: { group: string | null; name: string }): string {
  return b.group === null ? b.name : `${b.group}/${b.name}`;
}
