import type { DashboardFigures } from '@yuan/contract/dashboard';
import { call } from '../../../shared/api/http.ts';

const FIGURES = '/api/yuan-api/dashboard/figures';

/** The dashboard's call. Quiet: the screen shows a failure in place, with a retry. */
export const dashboardApi = {
  figures: (range: { from: string; to: string }) =>
    call<DashboardFigures>(FIGURES, { params: range, silent: true }),
};
