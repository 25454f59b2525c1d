import type { DeploymentRow } from '../flowApi.ts';

/** A process definition file the engine deploys: `.bpmn` or `.bpmn20.xml` (any case). */
export function isProcessFile(name: string): boolean {
  return /\.(bpmn|bpmn20\.xml)$/i.test(name.trim());
}

/** The deployments of the chosen definitions, each once (several versions may come from one deployment). */
export function deploymentIdsOf(rows: Pick<DeploymentRow, 'deploymentId'>[]): string[] {
  return [...new Set(rows.map((row) => row.deploymentId).filter(Boolean))];
}
