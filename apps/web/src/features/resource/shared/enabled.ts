/** The status of the tenant's one enabled storage or SMS configuration (the others are 2, disabled). */
export const ENABLED_STATUS = 1;

/** True for the enabled configuration; the status may arrive as a number or a numeric string. */
export function isEnabled(row: Record<string, unknown>): boolean {
  return Number(row.status) === ENABLED_STATUS;
}
