import { resolveEntity } from '../../resolve/resolve-entity.ts';
import { ResolveRequest, ResolveResponse } from '../../resolve/schemas.ts';
import { NUMBERS_NOTE, numbersAsDigits } from '../identifier-args.ts';
import { defineTool } from '../tool.ts';

export const resolveEntityTool = defineTool({
  name: 'resolve_entity',
  title: 'Resolve an Australian business',
  description: [
    "Look up an Australian business by ABN, ACN or name and get one canonical record joined across the public registers (ABR, ASIC, ACNC, ORIC, GLEIF, APRA, licence and professional registers), every field with the register it came from (`source`) and that register's date (`as_of`).",
    'Send exactly one of `abn` (11 digits), `acn` (9 digits) or `name`. An ABN or ACN is an exact match (`match_confidence` 100). A name is a ranked fuzzy match (`match_confidence` at most 90): it is advisory only, so confirm the candidate by its ABN or ACN before relying on it; `state` and `postcode` narrow a name search, `mode: "exact"` keeps only exact normalised names.',
    NUMBERS_NOTE,
    'An empty `candidates` list means the registers consulted hold no such entity. Each candidate also carries screening, licences, charity status and related entities; `include` limits which of those blocks are computed (the others keep their empty shape). Directors, shareholders and beneficial owners are not provided. A test key sees only the synthetic sandbox entities.',
  ].join('\n\n'),
  input: numbersAsDigits(ResolveRequest, ['abn', 'acn']),
  output: ResolveResponse,
  annotations: { readOnlyHint: true, openWorldHint: true },
  run: ({ ctx, input, services }) => resolveEntity({ ctx, input, services }),
});
