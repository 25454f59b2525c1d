import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { RequestError } from '../../../shared/api/http.ts';
import { type ParamValues, reportApi } from './reportApi.ts';

/**
 * Runs one report with the viewer's values. The values of the last successful run are kept: the Excel export sends
 * exactly those, so the file holds the rows on screen.
 */
export function useReportRun(id: string) {
  const [shownValues, setShownValues] = useState<ParamValues | null>(null);
  const mutation = useMutation({
    mutationFn: (values: ParamValues) => reportApi.run(id, values),
    onSuccess: (_answer, values) => setShownValues(values),
  });
  const { error } = mutation;
  return {
    run: (values: ParamValues) => mutation.mutate(values),
    answer: mutation.isError ? undefined : mutation.data,
    problem: error ? (error instanceof RequestError ? error.message : String(error)) : '',
    running: mutation.isPending,
    shownValues,
  };
}
