// Writes the sandbox's XLSX fixtures (fixtures/sandbox/README.md) in the registers' real layouts
// (docs/registers.md §6 DFAT Consolidated List, §10 ASIC insolvency statistics): dfat.xlsx and
// asic-insolvency.xlsx, each with its newer copy in next/. Run: node scripts/sandbox-xlsx.ts
import { writeFileSync } from 'node:fs';
import { DFAT_HEADER, day, INSOLVENCY_HEADER, xlsxBuffer } from '../src/registers/test-support.ts';

// Fixed document dates, so regenerating changes nothing a reader sees.
const CREATED = day('2026-11-01');

async function write(path: string, sheetName: string, rows: unknown[][]): Promise<void> {
  const book = await xlsxBuffer(
    { [sheetName]: rows },
    { creator: 'aevs sandbox', created: CREATED, modified: CREATED },
  );
  writeFileSync(new URL(`../fixtures/sandbox/${path}`, import.meta.url), book);
  process.stdout.write(`wrote fixtures/sandbox/${path}\n`);
}

// DFAT: 19 columns (DFAT_HEADER), header on row 1; alias rows repeat the party's attributes.
const SYNTHETIC = 'Synthetic sandbox listing for testing; not a real designation.';
const RUSSIA_INSTRUMENT =
  'Autonomous Sanctions (Designated Persons and Entities and Declared Persons – Russia and Ukraine) Amendment (Sandbox) Instrument 2025';

const northern = (reference: string, name: string, nameType: string, strength: string | null) => [
  reference,
  name,
  'Entity',
  nameType,
  strength,
  null,
  null,
  null,
  'Office 4, 12 Harbour Road, Vladivostok, Russian Federation',
  SYNTHETIC,
  'Listed on 3 March 2025',
  null,
  'Autonomous (Russia)',
  day('2025-03-03'),
  RUSSIA_INSTRUMENT,
  true,
  false,
  false,
  false,
];
const sandboksov = (reference: string, name: string, nameType: string, strength: string | null) => [
  reference,
  name,
  'Individual',
  nameType,
  strength,
  '14/02/1968',
  'Omsk, Russian Federation',
  'Russian Federation',
  'Moscow, Russian Federation',
  SYNTHETIC,
  'Listed on 3 March 2025',
  null,
  'Autonomous (Russia)',
  day('2025-03-03'),
  RUSSIA_INSTRUMENT,
  true,
  true,
  false,
  false,
];

const DFAT_BASE = [
  northern('9001', 'SANDBOX NORTHERN TRADING COMPANY', 'Primary Name', null),
  northern('9001a', 'SANDBOX NORTH TRADING CO', 'Alias', 'Strong'),
  northern('9001b', 'САНДБОКС НОРТЕРН ТРЕЙДИНГ КОМПАНИ', 'Original Script', null),
  sandboksov('9002', 'VIKTOR SANDBOKSOV', 'Primary Name', null),
  sandboksov('9002a', 'Vitya Sandboksov', 'Alias', 'Weak'),
];
const DFAT_OTHERS = [
  [
    '9004',
    'SANDBOX STAR',
    'Vessel',
    'Primary Name',
    null,
    null,
    null,
    null,
    null,
    SYNTHETIC,
    'Designated as a sanctioned vessel in the Autonomous Sanctions (Sanctioned Vessels – Sandbox) Designation 2025',
    9999990,
    'Autonomous (Vessels)',
    day('2025-06-18'),
    'Autonomous Sanctions (Sanctioned Vessels – Sandbox) Designation 2025',
    false,
    false,
    false,
    true,
  ],
  [
    '9005',
    'SANDBOX CYBER GROUP',
    'Entity',
    'Primary Name',
    null,
    null,
    null,
    null,
    'Sandbox Business Park, Minsk, Belarus',
    SYNTHETIC,
    'Listed on 10 July 2025',
    null,
    'Autonomous (Thematic - Cyber)',
    day('2025-07-10'),
    'Autonomous Sanctions (Designated Persons and Entities and Declared Persons – Thematic Sanctions) Amendment (Sandbox) Instrument 2025',
    true,
    false,
    false,
    false,
  ],
];
// next/: a new listing whose name is austrac_reporting_entity's (the sanctions_match scenario).
const REMITTANCE = [
  '9003',
  'SANDBOX REMITTANCE PTY LTD',
  'Entity',
  'Primary Name',
  null,
  null,
  null,
  null,
  'Level 2, 1 Sandbox Street, Sydney NSW 2000, Australia',
  SYNTHETIC,
  'Listed on 16 November 2026',
  null,
  'Autonomous (Thematic – Corruption)',
  day('2026-11-16'),
  'Autonomous Sanctions (Designated Persons and Entities and Declared Persons – Thematic Sanctions) Amendment (Sandbox) Instrument 2026',
  true,
  false,
  false,
  false,
];

// ASIC insolvency statistics: title rows, then the header on row 7 (trailing spaces as published).
const insolvencyTitle = (dataTo: string) => [
  ['Australian Securities and Investments Commission'],
  ['Insolvency statistics: Series 1 and Series 2 (sandbox)'],
  [],
  ['Data set'],
  [`Appointments from 1 July 2021 to ${dataTo}`],
  [],
  INSOLVENCY_HEADER,
];
// ACNs are numbers in the real file, so 009901008 is stored as 9901008.
const appointment = (
  dataTo: string,
  acn: number,
  name: string,
  appointee: string,
  type: string,
  effective: string,
  industry: string,
  state: string,
  place: string,
) => [
  day(dataTo),
  acn,
  name,
  appointee,
  type,
  day(effective),
  effective.slice(0, 7),
  '2026-27',
  industry,
  state,
  place,
  1,
  1,
];

const insolvencyRows = (dataTo: string) => [
  appointment(
    dataTo,
    9901008,
    'SANDBOX MINING SERVICES PTY LTD',
    'Morgan Reeve',
    'Court liquidation',
    '2026-08-04',
    'B - Mining / 10 - Other Mining / 101 - Construction Material Mining',
    'WA',
    'WA / Perth - North West / 6018',
  ),
  appointment(
    dataTo,
    600990038,
    'SANDBOX EXAMPLE CAFE PTY LTD',
    'Alex Fenwick',
    "Creditors' voluntary liquidation",
    '2026-08-21',
    'H - Accommodation and Food Services / 45 - Food and Beverage Services / 451 - Cafes, Restaurants and Takeaway Food Services',
    'VIC',
    'VIC / Melbourne - Inner / 3000',
  ),
  appointment(
    dataTo,
    600302707,
    'SANDBOX CONSTRUCTIONS PTY LTD',
    'Jordan Ashby',
    "Creditors' voluntary liquidation",
    '2026-09-15',
    'E - Construction / 30 - Building Construction / 301 - Residential Building Construction',
    'NSW',
    'NSW / Sydney - Inner West / 2204',
  ),
];
const FINANCE_BROKERS = appointment(
  '2026-10-31',
  600241923,
  'SANDBOX FINANCE BROKERS PTY LTD',
  'Jordan Ashby',
  'Voluntary administration',
  '2026-10-20',
  'K - Financial and Insurance Services / 64 - Auxiliary Finance and Insurance Services / 641 - Auxiliary Finance and Investment Services',
  'QLD',
  'QLD / Brisbane Inner City / 4000',
);

await write('dfat.xlsx', 'Consolidated List', [DFAT_HEADER, ...DFAT_BASE, ...DFAT_OTHERS]);
await write('next/dfat.xlsx', 'Consolidated List', [DFAT_HEADER, ...DFAT_BASE, REMITTANCE, ...DFAT_OTHERS]);
await write('asic-insolvency.xlsx', 'Data set', [
  ...insolvencyTitle('30 September 2026'),
  ...insolvencyRows('2026-09-30'),
]);
await write('next/asic-insolvency.xlsx', 'Data set', [
  ...insolvencyTitle('31 October 2026'),
  ...insolvencyRows('2026-10-31'),
  FINANCE_BROKERS,
]);
