// Screening lists of the real lists' size for the scale benchmark, written in the registers'
// published layouts (docs/registers.md §6 DFAT, §7.1 ASIC banned persons) from the real sanctions
// lists the screening benchmark reads (bench/sanctions-lists.ts): a DFAT Consolidated List of about
// 3,900 parties and 11,000 rows, and a banned-persons file of the individuals left, up to 8,700 rows.
// Resolve screens every company it returns against both, so its latency is measured as a real
// deployment's would be. Returns null when the sanctions lists are not at hand.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DFAT_HEADER, day, xlsxBuffer } from '../src/registers/test-support.ts';
import { type ListedParty, readSanctionsLists } from './sanctions-lists.ts';

const DFAT_PARTIES = 3_900;
const BANNED_ROWS = 8_700;

export type ScreeningListFiles = {
  dfat: { path: string; parties: number; rows: number };
  bannedPersons: { path: string; rows: number };
};

export async function writeScreeningLists(dir: string): Promise<ScreeningListFiles | null> {
  let parties: ListedParty[];
  try {
    parties = readSanctionsLists();
  } catch {
    return null;
  }
  // Parties drawn evenly across both lists (OFAC's and the UN's), people, bodies and vessels alike.
  const step = parties.length / DFAT_PARTIES;
  const onDfat = new Set(Array.from({ length: DFAT_PARTIES }, (_, i) => Math.floor(i * step)));
  const dfatRows: unknown[][] = [DFAT_HEADER];
  const type = (p: ListedParty) =>
    p.kind === 'individual' ? 'Individual' : p.kind === 'vessel' ? 'Vessel' : 'Entity';
  const row = (reference: string, p: ListedParty, name: string, nameType: string) => {
    const cells: unknown[] = DFAT_HEADER.map(() => null);
    cells[0] = reference;
    cells[1] = name;
    cells[2] = type(p);
    cells[3] = nameType;
    cells[4] = nameType === 'Alias' ? 'Strong' : null;
    cells[12] = 'Autonomous (benchmark)';
    cells[13] = day('2025-03-03');
    return cells;
  };
  const letter = (k: number) => String.fromCharCode(97 + (k % 26)).repeat(1 + Math.floor(k / 26));
  [...onDfat].forEach((at, i) => {
    const p = parties[at] as ListedParty;
    const reference = String(9_000 + i);
    dfatRows.push(row(reference, p, p.primary, 'Primary Name'));
    const others = [
      ...p.aliases.map((n) => [n, 'Alias'] as const),
      ...p.originalScript.map((n) => [n, 'Original Script'] as const),
    ];
    others.forEach(([name, nameType], k) => {
      dfatRows.push(row(`${reference}${letter(k)}`, p, name, nameType));
    });
  });
  const dfatPath = join(dir, 'dfat.xlsx');
  writeFileSync(dfatPath, await xlsxBuffer({ 'Consolidated List': dfatRows }));

  // ASIC writes `SURNAME, GIVEN NAMES`, every field quoted.
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const people = parties.filter((p, i) => p.kind === 'individual' && !onDfat.has(i)).slice(0, BANNED_ROWS);
  const lines = people.map((p, i) => {
    const words = p.primary.trim().split(/\s+/);
    const name = words.length > 1 ? `${words.at(-1)}, ${words.slice(0, -1).join(' ')}` : p.primary;
    return [
      'Banned and Disqualified Persons',
      name.toUpperCase(),
      'Disq. Director',
      `#${String(4_000_000 + i).padStart(9, '0')}`,
      '01/07/2024',
      '',
      'SYDNEY',
      'NSW',
      '2000',
      'AUSTRALIA',
      'No comment made',
    ]
      .map(quote)
      .join(',');
  });
  const bannedPath = join(dir, 'banned-persons.csv');
  writeFileSync(
    bannedPath,
    `REGISTER_NAME,BD_PER_NAME,BD_PER_TYPE,BD_PER_DOC_NUM,BD_PER_START_DT,BD_PER_END_DT,BD_PER_ADD_LOCAL,BD_PER_ADD_STATE,BD_PER_ADD_PCODE,BD_PER_ADD_COUNTRY,BD_PER_COMMENTS\r\n${lines.join('\r\n')}\r\n`,
  );
  return {
    dfat: { path: dfatPath, parties: onDfat.size, rows: dfatRows.length - 1 },
    bannedPersons: { path: bannedPath, rows: lines.length },
  };
}
