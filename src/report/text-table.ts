/**
 * Column-aligned plain-text tables whose cells may be coloured.
 *
 * Widths are computed from each cell's plain text; colour is applied after padding is decided, so
 * ANSI escape codes never count towards a column's width. Rows carry no trailing whitespace.
 */

export type Align = 'left' | 'right';

export interface TableColumn {
  align: Align;
  /** When the table is wider than allowed, this column may be cut down to `minWidth` (with `…`). */
  shrinkable?: boolean;
  minWidth?: number;
}

export interface TableCell {
  /** Plain text, without escape codes. */
  text: string;
  /** Colouring applied to the text (not to the padding). */
  paint?: (text: string) => string;
}

export interface TableOptions {
  /** Prefix of every row. */
  indent: string;
  /** Maximum visible row width; only shrinkable columns give way. */
  maxWidth?: number;
}

// Two spaces keep adjacent cells that contain single spaces (`12.35 µs`) visibly separate.
const COLUMN_GAP = '  ';
// Marks text cut to fit the terminal width.
const ELLIPSIS = '…';

// CSI sequences (colours, cursor movement) and OSC sequences (hyperlinks), which take no columns.
const ANSI_PATTERN = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/** Terminal columns taken by `text`: escape codes are ignored, each code point counts as one. */
export function visibleWidth(text: string): number {
  return [...stripAnsi(text)].length;
}

/** Cuts plain `text` to at most `width` columns, ending in `…` when something was removed. */
export function truncateText(text: string, width: number): string {
  const points = [...text];
  if (points.length <= width) return text;
  if (width <= 0) return '';
  return points.slice(0, width - 1).join('') + ELLIPSIS;
}

function columnWidths(rows: readonly (readonly TableCell[])[], columns: readonly TableColumn[]): number[] {
  return columns.map((_, index) => Math.max(0, ...rows.map((row) => visibleWidth(row[index]?.text ?? ''))));
}

/** Narrows shrinkable columns (leftmost first) until the row fits `maxWidth`, or they reach their minimum. */
function fitWidths(widths: number[], columns: readonly TableColumn[], indent: string, maxWidth: number | undefined): number[] {
  if (maxWidth === undefined) return widths;
  const total = visibleWidth(indent) + widths.reduce((sum, w) => sum + w, 0) + COLUMN_GAP.length * (widths.length - 1);
  let excess = total - maxWidth;
  const fitted = [...widths];
  for (let index = 0; index < columns.length && excess > 0; index++) {
    const column = columns[index]!;
    if (column.shrinkable !== true) continue;
    const current = fitted[index]!;
    const floor = Math.min(current, column.minWidth ?? 1);
    const cut = Math.min(excess, current - floor);
    fitted[index] = current - cut;
    excess -= cut;
  }
  return fitted;
}

function padCell(cell: TableCell, width: number, align: Align, isLast: boolean): string {
  const text = truncateText(cell.text, width);
  const painted = cell.paint !== undefined && text !== '' ? cell.paint(text) : text;
  const padding = ' '.repeat(Math.max(0, width - visibleWidth(text)));
  if (align === 'right') return padding + painted;
  return isLast ? painted : painted + padding;
}

/** Renders rows (each with one cell per column; missing cells are empty) as aligned lines. */
export function renderTable(rows: readonly (readonly TableCell[])[], columns: readonly TableColumn[], options: TableOptions): string[] {
  const widths = fitWidths(columnWidths(rows, columns), columns, options.indent, options.maxWidth);
  return rows.map((row) => {
    // Trailing empty cells are dropped so no row ends in padding.
    let last = columns.length - 1;
    while (last >= 0 && (row[last]?.text ?? '') === '') last -= 1;
    const parts: string[] = [];
    for (let index = 0; index <= last; index++) {
      parts.push(padCell(row[index] ?? { text: '' }, widths[index]!, columns[index]!.align, index === last));
    }
    return options.indent + parts.join(COLUMN_GAP);
  });
}
