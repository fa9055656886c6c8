import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SANDBOX_DIR } from '../../entities/sandbox-simulation.ts';
import { AppError } from '../../errors.ts';
import { listSources } from '../../ingest/list-sources.ts';
import { defineRoute } from '../route.ts';

const SourceStatus = z.object({
  dataset: z.string().describe('The dataset name, as `aevs ingest` takes it.'),
  title: z.string(),
  source: z.string().describe('The provenance code this register puts on fields: `abr`, `asic`, `acnc`, …'),
  loaded: z
    .boolean()
    .describe('False when nothing has been loaded: blocks that need it say `not_checked` or `unavailable`.'),
  as_of: z.string().nullable().describe("The register's own date of the loaded copy."),
  records: z.number().int().describe('Records in the loaded copy (removed ones excluded).'),
  last_ingest_at: z.string().nullable(),
  last_sync_at: z
    .string()
    .nullable()
    .describe(
      'When `aevs sync` or the server’s scheduler last looked at the official source (live partition only).',
    ),
  last_sync_status: z
    .enum(['synced', 'unchanged', 'failed'])
    .nullable()
    .describe(
      '`synced`: a new file was ingested; `unchanged`: the source had nothing new; `failed`: see `last_sync_error` (the stored copy is untouched).',
    ),
  last_sync_error: z.string().nullable().describe('Why the last sync failed; null when it did not.'),
  next_sync_at: z
    .string()
    .nullable()
    .describe('When the server next looks for a new file; null unless it syncs (`AEVS_SYNC=on`).'),
  last_ingest: z
    .object({
      files: z.array(z.string()),
      inserted: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      removed: z.number().int(),
      rejected: z.number().int(),
      events: z.number().int(),
    })
    .nullable(),
});

export const SourcesResponse = z
  .object({ partition: z.enum(['sandbox', 'live']), data: z.array(SourceStatus) })
  .meta({ id: 'Sources' });

export const sourcesRoute = defineRoute({
  method: 'GET',
  path: '/v1/sources',
  operationId: 'listSources',
  summary: 'The registers, loaded or not, for the key’s partition',
  description:
    'Every dataset by its name: whether a copy is loaded in the partition your key sees (test keys: the sandbox; live keys: live data), its as-of date, record count and last ingest.',
  tag: 'Registers',
  auth: true,
  response: {
    status: 200,
    description: 'Every dataset, in a fixed order.',
    schema: SourcesResponse,
    examples: {
      sources: {
        partition: 'live',
        data: [
          {
            dataset: 'asic-companies',
            title: 'ASIC Company Dataset',
            source: 'asic',
            loaded: true,
            as_of: '2026-11-17',
            records: 3987654,
            last_ingest_at: '2026-11-18T02:10:00.000Z',
            last_sync_at: '2026-11-18T02:05:00.000Z',
            last_sync_status: 'synced',
            last_sync_error: null,
            next_sync_at: '2026-11-19T02:10:00.000Z',
            last_ingest: {
              files: ['company_202611.zip:company_202611.csv'],
              inserted: 1520,
              updated: 8400,
              unchanged: 3977734,
              removed: 310,
              rejected: 2,
              events: 980,
            },
          },
          {
            dataset: 'austrac',
            title: 'AUSTRAC registers',
            source: 'austrac',
            loaded: false,
            as_of: null,
            records: 0,
            last_ingest_at: null,
            last_sync_at: null,
            last_sync_status: null,
            last_sync_error: null,
            next_sync_at: null,
            last_ingest: null,
          },
        ],
      },
    },
  },
  handler: async ({ ctx, caller }) => ({
    partition: caller.partition,
    data: await listSources({ ctx, input: { partition: caller.partition, scheduled: ctx.config.sync } }),
  }),
});

const Scenario = z.object({
  abn: z.string().nullable(),
  acn: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  query: z.string().optional(),
});
export const ScenariosResponse = z
  .object({ scenarios: z.record(z.string(), Scenario) })
  .meta({ id: 'SandboxScenarios' });

export const scenariosRoute = defineRoute({
  method: 'GET',
  path: '/v1/sandbox/scenarios',
  operationId: 'sandboxScenarios',
  summary: 'The sandbox fixture catalogue (test keys only)',
  description:
    'Each scenario names a synthetic entity in the sandbox and what it exercises. Live keys get 403.',
  tag: 'Sandbox',
  auth: true,
  response: {
    status: 200,
    description: '`fixtures/sandbox/scenarios.json`.',
    schema: ScenariosResponse,
    examples: {
      scenarios: {
        scenarios: {
          company_active: {
            abn: '44600110236',
            acn: '600110236',
            name: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
            description:
              'A registered private company: ABN active, GST registered, an LEI, and a former name.',
          },
        },
      },
    },
  },
  errors: [
    {
      status: 403,
      type: 'forbidden',
      code: 'test_key_required',
      message: 'The sandbox catalogue is for test keys (svc_sk_test_…).',
    },
  ],
  handler: async ({ caller }) => {
    if (caller.mode !== 'test') {
      throw new AppError('forbidden', 'The sandbox catalogue is for test keys (svc_sk_test_…).', {
        code: 'test_key_required',
      });
    }
    return JSON.parse(await readFile(join(SANDBOX_DIR, 'scenarios.json'), 'utf8'));
  },
});
