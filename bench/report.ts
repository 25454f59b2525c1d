import { ENTITY_RAW_OF, REVISION_COST } from './entity.ts';
import type { Result } from './load.ts';

/** Each app scenario's counterpart served by the plain process. */
export const RAW_OF: Record<string, string> = {
  'floor: oauth/user-info': 'floor',
  'list page 1 with total': 'list page 1',
  'list page 1 without total': 'list page 1',
  'list page 1000': 'list page 1000',
  'detail by id': 'detail',
  ...ENTITY_RAW_OF,
};

export interface Target {
  target: string;
  value: number;
  limit: string;
  met: boolean;
}

/** The prefix of the plain process's scenarios that run in the app's per-call transaction with the tenant set. */
export const TENANCY = 'tenancy: ';

const by = (results: Result[], name: string) => {
  const r = results.find((x) => x.name === name);
  if (!r) {
    throw new Error(`no result for ${name}`);
  }
  return r;
};
const ratio = (a: number, b: number) => Number((a / Math.max(b, 1)).toFixed(2));
const t = (target: string, value: number, limit: string, met: boolean): Target => ({
  target,
  value,
  limit,
  met,
});

/**
 * What a revision costs a write: the twin's prepared write alone against the same write with its revision in the
 * same statement, as time per write (req/s alone ÷ req/s with). The two run next to each other in every round
 * (alone, with; then with, alone for the update), so each round gives a ratio; the median round's is the value.
 */
export function revisionCost(rounds: Result[][]): Target[] {
  const targets: Target[] = [];
  for (const [write, alone, revised] of REVISION_COST) {
    const ratios = rounds
      .map((round) => [round.find((r) => r.name === alone), round.find((r) => r.name === revised)] as const)
      .filter((pair): pair is readonly [Result, Result] => pair[0] !== undefined && pair[1] !== undefined)
      .map(([a, w]) => ratio(a.rps, w.rps))
      .sort((x, y) => x - y);
    const cost = ratios[Math.floor((ratios.length - 1) / 2)];
    if (cost !== undefined) {
      targets.push(
        t(
          `${write} with its revision: cost ×the write alone (rounds ${ratios.join(', ')})`,
          cost,
          '≤ 1.3',
          cost <= 1.3,
        ),
      );
    }
  }
  return targets;
}

export function printTargets(targets: Target[]): void {
  if (targets.length > 0) {
    console.table(targets.map((x) => ({ ...x, met: x.met ? 'yes' : 'NO' })));
  }
}

function row(side: string, r: Result, raw?: Result, tenancy?: Result) {
  return {
    server: side,
    scenario: r.name,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'max ms': r.max,
    'share of raw': raw ? `${Math.round((100 * r.rps) / raw.rps)}%` : '',
    'p99 ×raw': raw ? ratio(r.p99, raw.p99) : '',
    'share of raw with tenancy': tenancy ? `${Math.round((100 * r.rps) / tenancy.rps)}%` : '',
    'loop p99 ms': r.server.loopP99Ms,
    'loop max ms': r.server.loopMaxMs,
    'GC ms': r.server.gcPauseMs,
    'cpu ms': r.server.cpuUserMs + r.server.cpuSystemMs,
    'queries/call': r.queriesPerCall,
    'non-2xx': r.non2xx,
  };
}

/** The side-by-side table: each app scenario with its raw counterpart's share, when that was run. */
export function printRows(raw: Result[], app: Result[]) {
  console.table([
    ...raw.map((r) => row('raw', r)),
    ...app.map((r) =>
      row(
        'app',
        r,
        raw.find((x) => x.name === RAW_OF[r.name]),
        raw.find((x) => x.name === `${TENANCY}${RAW_OF[r.name]}`),
      ),
    ),
  ]);
}

/** Prints the table and the targets of the performance work; returns them for the results file. */
export function printReport(raw: Result[], app: Result[], rounds: Result[][]) {
  printRows(raw, app);
  const list = by(app, 'list page 1 with total');
  const rawList = by(raw, 'list page 1');
  const detail = by(app, 'detail by id');
  const rawDetail = by(raw, 'detail');
  const floor = by(app, 'floor: oauth/user-info');
  const rawFloor = by(raw, 'floor');
  const page1000 = by(app, 'list page 1000');
  const targets: Target[] = [
    t(
      'list page 1 with total: share of raw list req/s',
      ratio(list.rps, rawList.rps),
      '≥ 0.5',
      list.rps >= 0.5 * rawList.rps,
    ),
    t(
      'list page 1 with total: p99 ×raw list p99',
      ratio(list.p99, rawList.p99),
      '≤ 2',
      list.p99 <= 2 * rawList.p99,
    ),
    t('list page 1 with total: p99 ms', list.p99, '≤ 100', list.p99 <= 100),
    t(
      'detail: share of raw detail req/s',
      ratio(detail.rps, rawDetail.rps),
      '≥ 0.5',
      detail.rps >= 0.5 * rawDetail.rps,
    ),
    t(
      'detail: p99 ×raw detail p99',
      ratio(detail.p99, rawDetail.p99),
      '≤ 2',
      detail.p99 <= 2 * rawDetail.p99,
    ),
    t(
      'floor: share of raw floor req/s',
      ratio(floor.rps, rawFloor.rps),
      '≥ 0.6',
      floor.rps >= 0.6 * rawFloor.rps,
    ),
    t('page 1000 cost / page 1 cost', ratio(list.rps, page1000.rps), '≤ 3', list.rps <= 3 * page1000.rps),
  ];
  for (const [name, rawName] of Object.entries(ENTITY_RAW_OF)) {
    const a = by(app, name);
    const r = by(raw, rawName);
    targets.push(
      t(`${name}: share of raw req/s`, ratio(a.rps, r.rps), '≥ 0.5', a.rps >= 0.5 * r.rps),
      t(`${name}: p99 ×raw p99`, ratio(a.p99, r.p99), '≤ 2', a.p99 <= 2 * r.p99),
      t(`${name}: p99 ms`, a.p99, '≤ 100', a.p99 <= 100),
    );
  }
  const rawSearch = by(raw, 'entity list filtered and sorted');
  targets.push(
    t('raw entity list filtered and sorted: p99 ms', rawSearch.p99, '≤ 100', rawSearch.p99 <= 100),
    ...revisionCost(rounds),
  );
  printTargets(targets);
  return { targets };
}
