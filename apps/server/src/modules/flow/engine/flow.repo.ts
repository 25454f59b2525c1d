import type { Kdb } from '../../../db/index.ts';
import { DefinitionRepo } from './definition.repo.ts';
import { InstanceRepo } from './instance.repo.ts';
import { JobRepo } from './job.repo.ts';
import { TaskRepo } from './task.repo.ts';

export type { DefinitionRow } from './definition.repo.ts';
export type { InstanceRow } from './instance.repo.ts';
export type { TaskRow, TaskViewer } from './task.repo.ts';

/** The workflow tables, SQL only, a repo a table group. */
export interface FlowRepos {
  definitions: DefinitionRepo;
  instances: InstanceRepo;
  tasks: TaskRepo;
  jobs: JobRepo;
}

export function flowRepos(db: Kdb): FlowRepos {
  return {
    definitions: new DefinitionRepo(db),
    instances: new InstanceRepo(db),
    tasks: new TaskRepo(db),
    jobs: new JobRepo(db),
  };
}
