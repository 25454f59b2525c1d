/** Text a spreadsheet would run as a formula gets a leading quote (formula injection); other values pass. */
export function neutralise(v: unknown): unknown {
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(v)) {
    return `'${v}`;
  }
  return v;
}

/** What an entity import answers: its envelope's data, and on refusal the refusal's data. */
export interface ImportReport {
  mode: 'all' | 'valid-only';
  /** Data rows read (blank rows skipped). */
  total: number;
  saved: number;
  /** Refused rows with their sheet row number and reasons (the first 1,000). */
  refused: { row: number; reasons: string[] }[];
  refusedCount: number;
}

/** How far an import has come: a progress line of the streamed answer, every batch of rows read. */
export interface ImportProgress {
  read: number;
  saved: number;
  refused: number;
}
