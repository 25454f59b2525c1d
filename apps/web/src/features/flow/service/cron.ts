/** How many fields a schedule may have: minute hour day month weekday, with seconds first when there are six. */
export const CRON_FIELDS = [5, 6];

/** The number of space-separated fields of a schedule (0 for an empty one: not scheduled). */
export function cronFieldCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * The field count of a schedule that cannot be one, or null: an empty one (not scheduled) and one of five or six
 * fields pass. What each field says is the server's to check (it answers with the parser's reason).
 */
export function cronCountProblem(text: string): number | null {
  const count = cronFieldCount(text);
  return count === 0 || CRON_FIELDS.includes(count) ? null : count;
}
