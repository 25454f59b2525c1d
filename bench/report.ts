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

const shown = (n: number) => Number(n.toFixed(2));
const ratio = (a: number, b: number) => shown(a / Math.max(b, 1));
const t = (target: string, value: number, limit: string, met: boolean): Target => ({
  target,
  value,
  limit,
  met,
});

/** One round's results: every scenario once, each twin scenario just before its app counterpart. */
export interface Round {
  raw: Result[];
  app: Result[];
}

/** A scenario of a round: its side and name. */
type Pick = readonly [side: keyof Round, name: string];

/**
 * A figure of scenarios run next to each other, taken in every round that ran them all: the median round's value,
 * and every round's (for the label). A twin and its app scenario run back to back in each round, so a ratio is taken
 * within a round, where both met the same machine; the machine's own pace drifts from round to round.
 */
function perRound(
  rounds: Round[],
  picks: readonly Pick[],
  of: (results: Result[]) => number,
): { value: number; each: number[] } {
  const each = rounds
    .map((round) => picks.map(([side, name]) => round[side].find((r) => r.name === name)))
    .filter((found): found is Result[] => found.every((r) => r !== undefined))
    .map(of)
    .sort((x, y) => x - y);
  return { value: each[Math.floor((each.length - 1) / 2)] ?? Number.NaN, each };
}

/** The first result over the second, by `of`. */
const over =
  (of: (r: Result) => number) =>
  ([a, b]: Result[]): number =>
    of(a as Result) / Math.max(of(b as Result), 1);

/** A target on a figure taken per round (`perRound`), its rounds in the label. */
function roundTarget(
  label: string,
  figure: { value: number; each: number[] },
  limit: string,
  met: (value: number) => boolean,
): Target {
  return t(
    `${label} (rounds ${figure.each.map(shown).join(', ')})`,
    shown(figure.value),
    limit,
    met(figure.value),
  );
}

/** An app scenario's figure over its twin's (`of` of each), per round. */
const overTwin = (rounds: Round[], app: string, raw: string, of: (r: Result) => number) =>
  perRound(
    rounds,
    [
      ['app', app],
      ['raw', raw],
    ],
    over(of),
  );

/** An app scenario's share of its twin's req/s, per round. */
const shareOfTwin = (rounds: Round[], label: string, app: string, raw: string, share: number): Target =>
  roundTarget(
    `${label}: share of raw req/s`,
    overTwin(rounds, app, raw, (r) => r.rps),
    `≥ ${share}`,
    (v) => v >= share,
  );

/** An app scenario's p99 against its twin's, per round. */
const p99OfTwin = (rounds: Round[], label: string, app: string, raw: string): Target =>
  roundTarget(
    `${label}: p99 ×raw p99`,
    overTwin(rounds, app, raw, (r) => r.p99),
    '≤ 2',
    (v) => v <= 2,
  );

const p99Target = (rounds: Round[], label: string, pick: Pick): Target =>
  roundTarget(
    `${label}: p99 ms`,
    perRound(rounds, [pick], ([r]) => (r as Result).p99),
    '≤ 100',
    (v) => v <= 100,
  );

/**
 * What a revision costs a write: the twin's prepared write alone against the same write with its revision in the
 * same statement, as time per write (req/s alone ÷ req/s with). The two run next to each other in every round
 * (alone, with; then with, alone for the update), so each round gives a ratio; the median round's is the value.
 */
export function revisionCost(rounds: Round[]): Target[] {
  return REVISION_COST.map(([write, alone, revised]) =>
    roundTarget(
      `${write} with its revision: cost ×the write alone`,
      perRound(
        rounds,
        [
          ['raw', alone],
          ['raw', revised],
        ],
        over((r) => r.rps),
      ),
      '≤ 1.3',
      (v) => v <= 1.3,
    ),
  ).filter((target) => !Number.isNaN(target.value));
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
    'steal ms': r.stealMs ?? '',
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

/**
 * Prints the table and the targets of the performance work; returns them for the results file. Every target is
 * taken per round (`perRound`); the table shows each scenario's median round.
 */
export function printReport(raw: Result[], app: Result[], rounds: Round[]) {
  printRows(raw, app);
  const list = 'list page 1 with total';
  const targets: Target[] = [
    shareOfTwin(rounds, list, list, 'list page 1', 0.5),
    p99OfTwin(rounds, list, list, 'list page 1'),
    p99Target(rounds, list, ['app', list]),
    shareOfTwin(rounds, 'detail', 'detail by id', 'detail', 0.5),
    p99OfTwin(rounds, 'detail', 'detail by id', 'detail'),
    shareOfTwin(rounds, 'floor', 'floor: oauth/user-info', 'floor', 0.6),
    roundTarget(
      'page 1000 cost / page 1 cost',
      perRound(
        rounds,
        [
          ['app', list],
          ['app', 'list page 1000'],
        ],
        over((r) => r.rps),
      ),
      '≤ 3',
      (v) => v <= 3,
    ),
  ];
  for (const [name, rawName] of Object.entries(ENTITY_RAW_OF)) {
    targets.push(
      shareOfTwin(rounds, name, name, rawName, 0.5),
      p99OfTwin(rounds, name, name, rawName),
      p99Target(rounds, name, ['app', name]),
    );
  }
  targets.push(
    p99Target(rounds, 'raw entity list filtered and sorted', ['raw', 'entity list filtered and sorted']),
    ...revisionCost(rounds),
  );
  printTargets(targets);
  return { targets };
}
