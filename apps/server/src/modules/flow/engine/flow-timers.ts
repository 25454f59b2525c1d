import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/index.ts';
import type { JobRunner } from '../../../lib/jobs/job-runner.ts';
import type { AuthContext } from '../../../types.ts';
import type { FlowRepos } from './flow.repo.ts';
import type { InstanceService } from './instance.service.ts';

/** How long a server process holds a due job before another may take it (a crashed process lets go this way). */
const LEASE_MS = 60_000;

/**
 * Fires due process timers. Every server process polls; a due job is leased to one of them (row locks skip what
 * another holds, and the lease outlives a crash), the instance resumes as its starter, and the step replaces the
 * instance's jobs. A step that fails keeps its job, retried after the lease, at most five times. A step cut short by
 * a killed process is retried the same way: the step is one unit of work, so nothing of it was kept.
 */
export class FlowTimers {
  constructor(
    private readonly database: Database,
    private readonly repos: FlowRepos,
    private readonly instances: InstanceService,
    private readonly actAs: (tenantId: string, userId: string) => Promise<AuthContext | undefined>,
    private readonly log: () => FastifyBaseLogger | undefined,
    private readonly intervalMs = 1_000,
  ) {}

  /** Looks for due timers in rounds on the job runner, one process at a time (each timer keeps its own lease). */
  useJobs(jobs: JobRunner): void {
    jobs.every('flow-timers', this.intervalMs, () => this.runDue());
  }

  /** At start, when this process is the only one on its database: the leases a gone process held are given back. */
  async recover(sole: boolean): Promise<number> {
    if (!sole) {
      return 0;
    }
    return this.database.run({ allTenants: true }, () => this.repos.jobs.releaseLeases());
  }

  /** Runs the jobs due now; answers how many were run. */
  async runDue(): Promise<number> {
    const jobs = await this.database.run({ allTenants: true }, () => this.repos.jobs.leaseDue(20, LEASE_MS));
    for (const job of jobs) {
      try {
        await this.database.run({ tenantId: job.tenantId }, async () => {
          const startUser = await this.repos.instances.startUserOf(job.tenantId, job.instanceId);
          const starter = startUser ? await this.actAs(job.tenantId, startUser) : undefined;
          if (!starter) {
            // The instance or its starter is gone: nothing to resume as.
            await this.repos.jobs.replaceJobs(job.tenantId, job.instanceId, []);
            return;
          }
          await this.instances.fireTimers(starter, job.instanceId);
        });
      } catch (error) {
        this.log()?.warn({ err: error, job: job.id }, 'process timer failed');
      }
    }
    return jobs.length;
  }
}
