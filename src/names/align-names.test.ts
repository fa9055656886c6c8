import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareNames } from './align-names.ts';
import { KEY_LEGAL_FORMS } from './legal-forms.ts';
import { prepareName } from './name-tokens.ts';

// The default review threshold (src/screen/screen-entity.ts).
const REVIEW = 0.88;
const person = (a: string, b: string) => compareNames(prepareName(a), prepareName(b), { person: true });
const body = (a: string, b: string) => compareNames(prepareName(a), prepareName(b));
const matches = (score: number, label: string) => assert.ok(score >= REVIEW, `${label}: ${score}`);
const differs = (score: number, label: string) => assert.ok(score < REVIEW, `${label}: ${score}`);

describe('names compared as aligned tokens: each kind of variant matches, the look-alike does not', () => {
  it('legal forms, in any language, written out or abbreviated, at either end', () => {
    matches(
      body('JSC Quillmarsh Widgets Corporation', 'Quillmarsh Widgets Corporation Joint Stock Company').score,
      'JSC',
    );
    matches(body('OOO Romashkino', 'Romashkino LLC').score, 'OOO');
    matches(body('ООО «Ромашкино»', 'Romashkino Limited Liability Company').score, 'Cyrillic OOO');
    matches(body('Brandolux S.R.L.', 'Brandolux Societatea cu Raspundere Limitata').score, 'SRL');
    matches(body('Kestrelbau GmbH', 'Kestrelbau').score, 'GmbH');
    differs(body('Banco Quillmarsh', 'Banco Quillmarsh Chile').score, 'a qualifier added');
    assert.deepEqual(prepareName('Romashkino Sp. z o.o.').legalForms, ['LLC']);
    // The Gulf's shareholding and limited-liability forms.
    matches(body('Quillmarsh Bank B.S.C.', 'Quillmarsh Bank').score, 'B.S.C.');
    matches(body('Quillmarsh Trading Q.P.S.C.', 'Quillmarsh Trading Joint Stock Company').score, 'Q.P.S.C.');
    assert.deepEqual(prepareName('Quillmarsh Trading W.L.L.').legalForms, ['LLC']);
    assert.deepEqual(prepareName('Quillmarsh Oil SAOG').legalForms, ['JSC']);
    // Forms written as one word, in initials at an organisation's end (not a person's initials).
    matches(
      body('Quillmarsh Trading P.J.S.C.', 'Quillmarsh Trading Public Joint Stock Company').score,
      'P.J.S.C.',
    );
    matches(body('Quillmarsh Z.A.O.', 'Quillmarsh CJSC').score, 'Z.A.O.');
    assert.deepEqual(body('Quillmarsh Tornavik O.O.O.', 'Quillmarsh Tornavik LLC').legalForms.screened, [
      'LLC',
    ]);
    matches(person('Petrov P. A. O.', 'Petrov P. A. O.').score, 'a person’s initials stay initials');
    differs(person('Petrov P. A. O.', 'Petrov I. I. O.').score, 'other initials');
  });

  it('initials, punctuation, joined and split words', () => {
    matches(body('J.P. Thornbury & Co.', 'JP Thornbury & Co').score, 'initials joined');
    matches(person('J.C. Bloggsworth', 'Jean-Claude Bloggsworth').score, 'initials for names');
    matches(body('QuillmarshAG', 'Quillmarsh AG').score, 'camel case');
    matches(body('Northwindle Shipping', 'North Windle Shipping').score, 'split word');
    differs(person('J.C. Bloggsworth', 'Jean-Claude Harrowfield').score, 'another family name');
    // Letters without a vowel run together are not taken for initials: NG is a family name.
    differs(person('Peter Ng', 'Peter Nathan Green').score, 'NG is not N. G.');
    matches(body('Tornavi Hldgs', 'Tornavi Holdings').score, 'Hldgs for Holdings');
  });

  it('digits for letters, numbers as words and numbers that differ', () => {
    matches(person('B0r1s Vantorov', 'Boris Vantorov').score, 'digits for letters');
    matches(body('3 Rivers Quillmarsh Trading', 'Three Rivers Quillmarsh Trading').score, 'number as a word');
    matches(body('1st Quillmarsh Bank', 'First Quillmarsh Bank').score, 'ordinal');
    differs(body('Quillmarsh Fund 2005-A', 'Quillmarsh Fund 2006-A').score, 'another number');
    matches(body('Quillmarsh Star 1', 'Quillmarsh Star I').score, 'a Roman numeral of one letter');
    matches(body('Quillmarsh Star V', 'Quillmarsh Star 5').score, 'V for 5');
    differs(body('Quillmarsh Star V', 'Quillmarsh Star 6').score, 'V is not 6');
    differs(body('Quillmarsh Partners IV', 'Quillmarsh Partners V').score, 'another Roman numeral');
    differs(body('Star Kestrel 5', 'Star Kestrel 6').score, 'a vessel numbered differently');
  });

  it('other scripts and spelling variants of transliterated names', () => {
    matches(person('Хасан Махмудов', 'Hasan Makhmudov').score, 'Cyrillic');
    matches(person('حسن محمود', 'Hassan Mahmoud').score, 'Arabic');
    matches(person('Mokhammad Yusuf Kharbani', 'Muhammed Youssef Kharbani').score, 'spellings');
    matches(person('Saladinov', 'Salladinov').score, 'a single word with a typo');
    // ВОН is the Korean name Won, not the particle von (which Cyrillic writes ФОН).
    matches(person('ВОН ЧОЛ ПАК', 'Won Chol Pak').score, 'Won in Cyrillic');
    differs(person('ВОН ЧОЛ ПАК', 'Kim Chol Pak').score, 'Won is a name to compare');
    const how = person('Mokhammad Kharbani', 'Muhammed Kharbani').aligned.map((a) => a.how);
    assert.deepEqual(how.sort(), ['exact', 'spelling']);
  });

  it('Hasan and Husayn, Saad and Said: a short A against a long I or a diphthong names another', () => {
    differs(person('Quillam Hassan Tarvi', 'Quillam Hussein Tarvi').score, 'Hassan, Hussein');
    differs(person('Quillam Saad Tarvi', 'Quillam Said Tarvi').score, 'Saad, Said');
    matches(person('Quillam Hasan Tarvi', 'Quillam Hassan Tarvi').score, 'Hasan, Hassan');
    matches(person('Quillam Husain Tarvi', 'Quillam Husayn Tarvi').score, 'Husain, Husayn');
    matches(person('Quillam Hamed Tarvi', 'Quillam Hamid Tarvi').score, 'E for I');
    matches(
      person('Quillam Jibril Tarvi', 'Quillam Jabril Tarvi').score,
      'a short vowel unwritten in Arabic',
    );
    matches(person('Quillam Baasyir Tarvi', 'Quillam Baaysir Tarvi').score, 'letters swapped');
  });

  it('Chinese and Korean syllables: a front vowel against a back one names another, A and O do not', () => {
    differs(person('Hing Quanliang', 'Hong Quanliang').score, 'HING, HONG');
    matches(person('Wong Kar Quvai', 'Wang Kar Quvai').score, 'WONG, WANG: Cantonese and Mandarin');
    differs(person('Zhao Quanliang', 'Zhou Quanliang').score, 'ZHAO, ZHOU: two pinyin syllables');
    matches(person('Nguyen Van Quvanh', 'Ngyuen Van Quvanh').score, 'NGYUEN: a letter swapped');
    differs(person('Choe Dong Jin', 'Choe Dong Jun').score, 'JIN, JUN');
    matches(person('Kim Chol Quvan', 'Kim Chul Quvan').score, 'CHOL, CHUL: one syllable');
    matches(person('Zaid Quvandi', 'Zeid Quvandi').score, 'A and E');
    matches(person('Ahmad Harb al-Kurdavi', 'Ahmad Harb al-Kirdavi').score, 'Arabic short vowels');
    matches(person('Ahmad Harb al-Kurd', 'Ahmad Harb al-Kird').score, 'Arabic short vowels, a short word');
  });

  it('a typo in a short word: one consonant for an unlike one makes another name', () => {
    differs(person('Andrei Folvin', 'Andrei Fokvin').score, 'M for K');
    differs(person('Peter Harsen', 'Peter Jarsen').score, 'H for J, first letter');
    differs(person('James Cartel', 'James Carvel').score, 'T for V');
    matches(person('Andrei Folvin', 'Andrei Folvinn').score, 'a letter written twice');
    matches(person('Andrei Folvin', 'Andrei Flovin').score, 'letters swapped');
    matches(person('Andrei Folvin', 'Andrei Folvan').score, 'a vowel for a vowel');
    matches(person('Andrei Folvin', 'Andrei Folfin').score, 'V and F');
    matches(body('Ummat Quillvar', 'Ummah Quillvar').score, 'Arabic ة written T or H');
    matches(person('Saladinov', 'Saladimov').score, 'a long word keeps any one edit');
  });

  it('patronymics and middle names: different counts against, missing counts for nothing', () => {
    matches(person('Ivan Petrovich Sidorenkov', 'Ivan Sidorenkov').score, 'patronymic missing');
    differs(person('Ivan Petrovich Sidorenkov', 'Ivan Sergeyevich Sidorenkov').score, 'another patronymic');
    differs(person('Khalid Ahmed al-Tamimi', 'Khalid Ahmed al-Harbi').score, 'another last part');
  });

  it('words merely alike name others: a surname with an ending added, another patronymic, another word', () => {
    matches(person('Kostiantyn Velykodnyi', 'Konstantyn Velykodnyi').score, 'a transliterated given name');
    differs(person('Oleg Sokolavin', 'Oleg Sokolavinsky').score, 'a surname with -sky added');
    differs(person('Reza Khoranzi', 'Reza Khoranzadeh').score, 'a surname with -zadeh added');
    differs(
      person('Igor Valentinovich Shchorkin', 'Igor Vasilyevich Shchorkin').score,
      'another patronymic, alike in its ending',
    );
    differs(person('Nasrullah Khan Achvarzai', 'Nasrullah Khan Barvarzai').score, 'another tribe in -zai');
    differs(body('Sunrise Quillvex Exports', 'Sunset Quillvex Exports').score, 'another distinctive word');
    differs(body('Ferrando Trasvalli SpA', 'Ferretti Trasvalli SpA').score, 'another family company');
    differs(
      person('Qusay Hamdan Tikritov', 'Uday Hamdan Tikritov').score,
      'brothers: short names alike by chance',
    );
    differs(
      person('Rana Hamdan Tikritov', 'Raghad Hamdan Tikritov').score,
      'sisters: another short given name',
    );
    differs(
      body('Rimvale Group Professional', 'Rimvale Group Properties').score,
      'another body of like words',
    );
    differs(person('Yun Quan Tsangwell', 'Yun Quan Harbenko').score, 'another family name');
  });

  it('distinctive words weigh more than common ones', () => {
    differs(body('First Bank of Malta', 'First Bank of Mali').score, 'another distinctive word');
    differs(body('Pro Logistik', 'Neo Logistik').score, 'another short word');
    // With list weights: a common word (BANK) left over costs less than a rare one.
    const weight = (t: { text: string }) => (t.text === 'BANK' ? 0.2 : 1);
    const common = compareNames(prepareName('Quillmarsh Kestrel'), prepareName('Quillmarsh Kestrel Bank'), {
      weight,
    });
    const rare = compareNames(prepareName('Quillmarsh Kestrel'), prepareName('Quillmarsh Kestrel Harrow'), {
      weight,
    });
    assert.ok(common.score > rare.score);
  });

  it('explains the alignment and what was left over', () => {
    const c = person('Ivan Sergeyevich Sidorenkov', 'SIDORENKOV, Ivan Petrovich');
    assert.deepEqual(c.unmatched, { screened: ['SERGEYEVICH'], listed: ['PETROVICH'] });
    assert.deepEqual(
      c.aligned.map((a) => [a.screened, a.listed, a.how]),
      [
        ['IVAN', 'IVAN', 'exact'],
        ['SIDORENKOV', 'SIDORENKOV', 'exact'],
      ],
    );
  });

  it('keeps the exact name key’s legal forms as they were (keys are stored)', () => {
    assert.deepEqual([...KEY_LEGAL_FORMS].sort(), [
      'ATF',
      'CO',
      'COMPANY',
      'CORP',
      'CORPORATION',
      'FOR',
      'INC',
      'INCORPORATED',
      'LIMITED',
      'LLC',
      'LTD',
      'NL',
      'PL',
      'PROPRIETARY',
      'PTY',
      'THE',
      'TRUSTEE',
    ]);
  });
});
