/** Whether an id names an occurrence of a series (generated or modified), which asks "this or all". */
export function isOccurrenceId(id: string): boolean {
  return id.startsWith('r-');
}
