import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abnFromAcn, acnCheckDigit, isValidAbn, isValidAcn, isValidLei } from './check-digits.ts';
import { validateIdentifier } from './validate-identifier.ts';

// Real published numbers (docs/registers.md §11.3): company ABNs are the ACN with two check digits in front.
const REAL_COMPANIES: Array<[abn: string, acn: string, name: string]> = [
  ['49004028077', '004028077', 'BHP GROUP LIMITED'],
  ['48123123124', '123123124', 'COMMONWEALTH BANK OF AUSTRALIA'],
  ['33007457141', '007457141', 'WESTPAC BANKING CORPORATION'],
  ['12004044937', '004044937', 'NATIONAL AUSTRALIA BANK LIMITED'],
  ['11005357522', '005357522', 'AUSTRALIA AND NEW ZEALAND BANKING GROUP LIMITED'],
  ['88000014675', '000014675', 'WOOLWORTHS GROUP LIMITED'],
  ['16009661901', '009661901', 'QANTAS AIRWAYS LIMITED'],
  ['33051775556', '051775556', 'TELSTRA CORPORATION LIMITED'],
  ['45004189708', '004189708', 'COLES SUPERMARKETS AUSTRALIA PTY LTD'],
  ['53102443916', '102443916', 'ATLASSIAN PTY LTD'],
  ['11000002568', '000002568', 'TOOHEYS PTY LIMITED'],
  ['89000000019', '000000019', 'MONAKA PTY LTD'],
  ['91000000028', '000000028', 'CHRISTENSEN & ASSOCIATES PTY LTD'],
  ['80005443292', '005443292', 'RELI CAPITAL LTD'],
  ['60008620406', '008620406', 'ASKOWL PTY. LIMITED'],
];

// ABNs with no ACN behind them: the ATO, a state body, a charity, and the bulk-extract readme's test ABNs.
const REAL_OTHER_ABNS = [
  '51824753556',
  '88712649015',
  '69357421621',
  '49991006857',
  '30613501612',
  '27776681795',
  '85832766990',
  '86308026589',
  '12850816238',
  '38875128921',
  '11092508586',
  '45891839079',
  '37601599422',
  '56638257003',
  '79002637069',
  '45877249165',
  '80776127243',
  '13993250709',
  '75812792400',
  '66264753659',
];

// ASIC's example ACNs at 250,000 intervals.
const ASIC_EXAMPLE_ACNS = [
  '000000019',
  '000250000',
  '000500005',
  '000750005',
  '001000004',
  '001250004',
  '001500009',
  '001749999',
  '001999999',
  '002249998',
  '002499998',
  '002749993',
  '002999993',
  '003249992',
  '003499992',
  '010749961',
];

describe('ABN check digits', () => {
  it('accepts real published ABNs', () => {
    for (const [abn] of REAL_COMPANIES) assert.ok(isValidAbn(abn), abn);
    for (const abn of REAL_OTHER_ABNS) assert.ok(isValidAbn(abn), abn);
  });

  it('rejects the published invalid examples', () => {
    for (const abn of ['51824753565', '99999999999', '12345678901'])
      assert.equal(isValidAbn(abn), false, abn);
  });

  it('detects every single-digit substitution of a valid ABN', () => {
    for (const abn of [...REAL_OTHER_ABNS, ...REAL_COMPANIES.map(([a]) => a)]) {
      for (let position = 0; position < 11; position++) {
        for (let digit = 0; digit <= 9; digit++) {
          if (String(digit) === abn[position]) continue;
          const changed = abn.slice(0, position) + digit + abn.slice(position + 1);
          assert.equal(isValidAbn(changed), false, `${abn} → ${changed}`);
        }
      }
    }
  });

  it('detects every adjacent transposition that changes the number', () => {
    for (const abn of REAL_OTHER_ABNS) {
      for (let i = 0; i < 10; i++) {
        if (abn[i] === abn[i + 1]) continue;
        const swapped = abn.slice(0, i) + abn[i + 1] + abn[i] + abn.slice(i + 2);
        if (swapped[0] === '0') continue;
        assert.equal(isValidAbn(swapped), false, `${abn} → ${swapped}`);
      }
    }
  });

  it('rejects a leading zero and all-zero bodies that pass the sum', () => {
    assert.equal(isValidAbn('10000000000'), false);
    assert.equal(isValidAbn('99000000000'), false);
    assert.equal(isValidAbn('01234567890'), false);
  });

  it('rejects anything that is not eleven digits', () => {
    for (const bad of ['', '4900402807', '490040280777', '49 004 028 077', '4900402807A', '٤٩٠٠٤٠٢٨٠٧٧']) {
      assert.equal(isValidAbn(bad), false, bad);
    }
  });

  it('derives a company ABN from its ACN', () => {
    for (const [abn, acn] of REAL_COMPANIES) assert.equal(abnFromAcn(acn), abn, acn);
  });

  it('derives a valid ABN for every ACN across the number space', () => {
    for (let n = 19; n < 1_000_000_000; n += 7_777_777) {
      const first8 = String(Math.floor(n / 10)).padStart(8, '0');
      const acn = first8 + acnCheckDigit(first8);
      const abn = abnFromAcn(acn);
      assert.match(abn, /^\d{11}$/);
      assert.ok(isValidAbn(abn), `${acn} → ${abn}`);
    }
  });

  it('accepts both prefixes 10 and 99 for a body needing residue 0, and emits 99', () => {
    assert.ok(isValidAbn('10612345678'));
    assert.ok(isValidAbn('99612345678'));
    assert.equal(abnFromAcn('612345678'), '99612345678');
  });
});

describe('ACN check digits', () => {
  it('accepts real published ACNs and ASIC examples', () => {
    for (const [, acn] of REAL_COMPANIES) assert.ok(isValidAcn(acn), acn);
    for (const acn of [...ASIC_EXAMPLE_ACNS, '081402379']) assert.ok(isValidAcn(acn), acn);
  });

  it('rejects the published invalid examples', () => {
    for (const acn of ['123456789', '999999999', '000000010', '004028078', '000000000']) {
      assert.equal(isValidAcn(acn), false, acn);
    }
  });

  it('has exactly one valid check digit for every eight-digit body', () => {
    for (const acn of ASIC_EXAMPLE_ACNS) {
      const body = acn.slice(0, 8);
      const valid = [...Array(10).keys()].filter((d) => isValidAcn(body + d));
      assert.deepEqual(valid, [Number(acn[8])], acn);
    }
  });

  it('rejects anything that is not nine digits', () => {
    for (const bad of ['', '00402807', '0040280777', '004 028 077', '00402807X']) {
      assert.equal(isValidAcn(bad), false, bad);
    }
  });
});

// Published LEIs, as GLEIF's register shows them.
const REAL_LEIS: Array<[lei: string, name: string]> = [
  ['5493001KJTIIGC8Y1R12', 'Bloomberg Finance L.P.'],
  ['549300GFX6WN7JDUSN34', 'a published LEI'],
  ['HWUPKR0MPOU8FGXBT394', 'Apple Inc.'],
  ['7LTWFZYICNSX8D621K86', 'Deutsche Bank AG'],
  ['WZE1WSENV6JSZFK0JC28', 'BHP Group Limited (docs/registers.md)'],
  ['506700GE1G29325QX363', 'Global Legal Entity Identifier Foundation'],
];

describe('LEI check digits (ISO 17442, MOD 97-10)', () => {
  it('accepts real published LEIs', () => {
    for (const [lei, name] of REAL_LEIS) assert.ok(isValidLei(lei), `${lei} ${name}`);
  });

  it('detects every substitution of a digit by a digit or a letter by a letter', () => {
    const DIGITS = '0123456789';
    const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const [lei] of REAL_LEIS) {
      for (let i = 0; i < lei.length; i++) {
        const char = lei[i] ?? '';
        for (const other of DIGITS.includes(char) ? DIGITS : LETTERS) {
          if (other === char) continue;
          const altered = lei.slice(0, i) + other + lei.slice(i + 1);
          assert.equal(isValidLei(altered), false, altered);
        }
      }
    }
  });

  it('rejects altered check digits, swapped neighbours and anything not 18 + 2 characters', () => {
    for (const bad of [
      '5493001KJTIIGC8Y1R21',
      '5493001KJTIIGC8Y1R13',
      '4593001KJTIIGC8Y1R12',
      'HWUPKR0MPOU8FGXTB394',
      '7LTWFZYICNSX8D612K86',
      '5493001kjtiigc8y1r12',
      '5493001KJTIIGC8Y1R1',
      '5493001KJTIIGC8Y1R120',
      '5493001KJTIIGC8Y1RAB',
      '5493001KJTIIGC8Y1R 2',
      '',
    ]) {
      assert.equal(isValidLei(bad), false, bad);
    }
  });
});

describe('validateIdentifier', () => {
  it('strips spaces and infers the kind from the length', () => {
    assert.deepEqual(validateIdentifier('49 004 028 077'), {
      input: '49 004 028 077',
      normalized: '49004028077',
      identifier_type: 'abn',
      valid: true,
    });
    assert.deepEqual(validateIdentifier(' 004\u00a0028 077 '), {
      input: ' 004\u00a0028 077 ',
      normalized: '004028077',
      identifier_type: 'acn',
      valid: true,
    });
  });

  it('reports a wrong check digit as checksum', () => {
    assert.deepEqual(validateIdentifier('51 824 753 565'), {
      input: '51 824 753 565',
      normalized: '51824753565',
      identifier_type: 'abn',
      valid: false,
      reason: 'checksum',
    });
    assert.equal(validateIdentifier('004028078').valid, false);
  });

  it('reports wrong length or characters as format', () => {
    for (const input of [
      '1234567890',
      '49-004-028-07A',
      '49-004-028-077',
      '',
      '   ',
      '1234567890123',
      'abcdefghi',
    ]) {
      const result = validateIdentifier(input);
      assert.equal(result.valid, false, input);
      assert.equal(result.valid === false && result.reason, 'format', input);
    }
  });
});
