import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sandbox's fixtures: register files in their real formats, and the scenarios (fixtures/sandbox/README.md). */
export const SANDBOX_DIR = fileURLToPath(new URL('../../fixtures/sandbox/', import.meta.url));

/**
 * Two sandbox scenarios simulate failures a developer must handle (fixtures/sandbox/scenarios.json):
 * resolving `upstream_outage` answers 502, screening `screening_unavailable` reports every list
 * unavailable. Only test keys ever reach these.
 */
export type SandboxSimulation = { outage: Set<string>; unscreened: Set<string> };

export function loadSandboxSimulation(dir = SANDBOX_DIR): SandboxSimulation {
  const { scenarios } = JSON.parse(readFileSync(join(dir, 'scenarios.json'), 'utf8')) as {
    scenarios: Record<string, { abn: string | null; acn: string | null }>;
  };
  const ids = (name: string) =>
    new Set([scenarios[name]?.abn, scenarios[name]?.acn].filter((v): v is string => !!v));
  return { outage: ids('upstream_outage'), unscreened: ids('screening_unavailable') };
}
