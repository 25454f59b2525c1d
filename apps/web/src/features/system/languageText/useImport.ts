import { useState } from 'react';
import { allTexts, i18nApi, type TextMap } from './api.ts';
import { type ImportSummary, planImport, planSize, runImport } from './importTexts.ts';

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * One import of a parsed file into a language: reads the language's texts (for their ids), then creates and updates
 * key by key. Failures of single texts land in the summary; a failure to read the texts rejects.
 */
export function useImport() {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [running, setRunning] = useState(false);

  const start = async (texts: TextMap, language: string) => {
    setRunning(true);
    setSummary(null);
    try {
      const plan = planImport(texts, language, await allTexts(language));
      setProgress({ done: 0, total: planSize(plan) });
      const result = await runImport(
        plan,
        {
          create: (values) => i18nApi.create(values, { silent: true }),
          update: (id, values) => i18nApi.update(id, values, { silent: true }),
        },
        (done, total) => setProgress({ done, total }),
      );
      setSummary(result);
      return result;
    } finally {
      setRunning(false);
    }
  };

  return { start, progress, summary, running };
}
