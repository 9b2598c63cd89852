// The tables the bench groups print: Markdown, so that a report pastes into the decisions as it is.

/** A Markdown table: the header, its rule, then one line per row (cells as given, a short row allowed). */
export function markdownTable(columns: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)];
}

const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** Milliseconds with one decimal, '-' where nothing was measured. */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(1)} ms`);

/** A share in per cent of one core (or of the machine), '-' where nothing was measured. */
export const percent = (value: number | null) =>
  value === null || Number.isNaN(value) ? '-' : `${value.toFixed(0)} %`;
