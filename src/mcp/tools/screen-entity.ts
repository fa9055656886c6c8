import { ScreenRequest, ScreenResponse } from '../../screen/schemas.ts';
import { screenEntity } from '../../screen/screen-entity.ts';
import { NUMBERS_NOTE, numbersAsDigits } from '../identifier-args.ts';
import { defineTool } from '../tool.ts';

export const screenEntityTool = defineTool({
  name: 'screen_entity',
  title: 'Screen against sanctions and banned registers',
  description: [
    'Screen a name, ABN or ACN against the DFAT consolidated sanctions list and ASIC\'s banned and disqualified organisations and persons. Send exactly one of `name`, `abn` or `acn`; an identifier is screened under every name the entity is known by (current, former, business and trading names). For a person, `entity_type: "individual"` and `date_of_birth` sharpen the comparison.',
    NUMBERS_NOTE,
    'Each list answers one of three statuses, and `overall` is the most serious of them:',
    '- `review`: a listed name came close enough that a person must look at the matches. It is not a finding that this is the listed party.',
    '- `no_match`: nothing on the list, as loaded on `checked_as_of`, came close. It is not a clearance.',
    '- `unavailable`: the list is not loaded or too old to rely on, so it was not checked at all.',
    'Never report a result as pass, fail or cleared.',
  ].join('\n'),
  input: numbersAsDigits(ScreenRequest, ['abn', 'acn']),
  output: ScreenResponse,
  annotations: { readOnlyHint: true, openWorldHint: true },
  run: ({ ctx, input, services }) => screenEntity({ ctx, input, services }),
});
