/**
 * Legal forms: the parts of a name that say what kind of body it is, not which one. One table, read
 * by every name comparison: each kind of form has one canonical name and its spellings across
 * languages, abbreviated and written out (`OOO`, `LLC`, `Limited Liability Company` and `GmbH` are
 * one kind). Spellings are written as the matcher's tokens read them (transliterated, upper case,
 * punctuation as spaces: `Sp. z o.o.` is `SP Z O O`).
 *
 * The exact name key (`nameKey`) drops only the forms marked `key` (the Australian ones), and a
 * trustee's wording: it is stored with every name at ingest, so a word added to or taken from its
 * set would change keys already stored.
 */

type LegalForm = { kind: string; spellings: string[]; key?: string[] };

export const LEGAL_FORMS: readonly LegalForm[] = [
  {
    // A private company whose members' liability is limited, in each language that has one.
    kind: 'LLC',
    key: ['LLC', 'LTD', 'LIMITED', 'PTY', 'PROPRIETARY', 'PL'],
    spellings: [
      'LLC',
      'L L C',
      'LIMITED LIABILITY COMPANY',
      'LTD',
      'LIMITED',
      // Limited abbreviated so, and written in Arabic letters (لمتد, ليمتد, ليميتد).
      'LMTD',
      'LYMTD',
      'LYMYTD',
      'PTY',
      'PROPRIETARY',
      'PL',
      'PTE',
      'PVT',
      'PRIVATE LIMITED',
      'OOO',
      'TOO',
      'TOV',
      'OBSHCHESTVO S OGRANICHENNOY OTVETSTVENNOSTYU',
      'OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTIU',
      'TOVARYSTVO Z OBMEZHENOYU VIDPOVIDALNISTYU',
      'GMBH',
      'GESELLSCHAFT MIT BESCHRANKTER HAFTUNG',
      'SRL',
      'S R L',
      'SOCIETATEA CU RASPUNDERE LIMITATA',
      'SOCIETA A RESPONSABILITA LIMITATA',
      'SOCIEDAD DE RESPONSABILIDAD LIMITADA',
      'SARL',
      'S A R L',
      'SOCIETE A RESPONSABILITE LIMITEE',
      // Belgian BVBA and SPRL; Turkish limited sirketi.
      'BVBA',
      'SPRL',
      'LIMITED SIRKETI',
      'SP Z O O',
      'SPOLKA Z OGRANICZONA ODPOWIEDZIALNOSCIA',
      'LTDA',
      'LIMITADA',
      'BV',
      'B V',
      'BESLOTEN VENNOOTSCHAP',
      'DOO',
      'D O O',
      'SRO',
      'S R O',
      // With limited liability (the Gulf's W.L.L.).
      'WLL',
      'W L L',
      'SDN BHD',
      'BHD',
      'KFT',
      'EOOD',
      'OOD',
      'S DE RL',
      'S DE R L',
      'S DE RL DE CV',
      'S DE R L DE C V',
      // Portuguese limitada; Mexico's rural production company of limited liability.
      'LDA',
      'S P R DE R L',
      'SPR DE RL',
      'SOCIEDAD DE PRODUCCION RURAL DE RESPONSABILIDAD LIMITADA',
      'S DE P R DE R L',
      'S DE PR DE RL',
      'S DE P R DE R L DE C V',
      'S DE PR DE RL DE CV',
      // Chinese 有限公司 and 有限责任公司 (pinyin, and as any-ascii reads them, syllable by syllable),
      // Japanese yugen and godo kaisha, Korean 유한회사.
      'YOUXIAN GONGSI',
      'YOU XIAN GONG SI',
      'YOUXIAN ZEREN GONGSI',
      'YOU XIAN ZE REN GONG SI',
      'YUGEN KAISHA',
      'GODO KAISHA',
      'YUHAN HOESA',
      'YU HAN HOE SA',
      // Danish anpartsselskab; Hungarian kft.; Czech and Slovak spol. s r.o.; Croatian, Serbian and
      // Slovene d.o.o. (Macedonian DOOEL, one member's); Estonian osauhing; Latvian SIA written out;
      // Malaysian sendirian berhad; Portuguese sociedade limitada and por quotas.
      'APS',
      'ANPARTSSELSKAB',
      'KORLATOLT FELELOSSEGU TARSASAG',
      'SPOL S R O',
      'SPOLECNOST S RUCENIM OMEZENYM',
      'SPOLOCNOST S RUCENIM OBMEDZENYM',
      'DRUSTVO S OGRANICENOM ODGOVORNOSCU',
      'DRUZBA Z OMEJENO ODGOVORNOSTJO',
      'DOOEL',
      'OSAUHING',
      'SABIEDRIBA AR IEROBEZOTU ATBILDIBU',
      'SENDIRIAN BERHAD',
      'BERHAD',
      'SOCIEDADE LIMITADA',
      'SOCIEDADE POR QUOTAS',
      // Ukrainian as any-ascii reads it (И as I); Arabic al-mahdouda (limited) and dh.m.m.
      'TOVARISTVO Z OBMEZHENOYU VIDPOVIDALNISTYU',
      'MHDWD',
      'DH M M',
      // Turkish Ltd. Şti.; Vietnamese công ty TNHH (trách nhiệm hữu hạn); Uzbek MChJ.
      'LTD STI',
      'CONG TY TNHH',
      'CONG TY TRACH NHIEM HUU HAN',
      'TNHH',
      'MCHJ',
    ],
  },
  {
    // A company whose capital is in shares: joint-stock, public, anonymous, Aktiengesellschaft.
    kind: 'JSC',
    spellings: [
      'JSC',
      'J S C',
      'JOINT STOCK COMPANY',
      'AO',
      'A O',
      'AKTSIONERNOE OBSHCHESTVO',
      'AKTSIONERNOYE OBSHCHESTVO',
      'OJSC',
      'OPEN JOINT STOCK COMPANY',
      'OAO',
      'CJSC',
      'CLOSED JOINT STOCK COMPANY',
      'ZAO',
      'PJSC',
      'PUBLIC JOINT STOCK COMPANY',
      'PUBLIC JOINT STOCK CO',
      'PUBLIC JOINT STOCK',
      'PRIVATE JOINT STOCK COMPANY',
      'PRIVATE JOINT STOCK CORPORATION',
      'PRIVATE JOINT STOCK',
      'OPEN JOINT STOCK',
      'CLOSED JOINT STOCK',
      'PUBLIC COMPANY LIMITED',
      'PAO',
      'PAT',
      'PRAT',
      'SA',
      'S A',
      'SOCIEDAD ANONIMA',
      'SOCIETE ANONYME',
      'SAL',
      'S A L',
      'AG',
      'AKTIENGESELLSCHAFT',
      'SPA',
      'S P A',
      'SOCIETA PER AZIONI',
      'PLC',
      'P L C',
      'PUBLIC LIMITED COMPANY',
      // Shareholding companies of the Gulf and Iran (public, private: PJS).
      'PUBLIC SHAREHOLDING COMPANY',
      'PRIVATE SHAREHOLDING COMPANY',
      'SHAREHOLDING COMPANY',
      'PJS',
      'P J S',
      // Their abbreviations: Bahraini (B.S.C., closed B.S.C.(c)), Qatari (Q.S.C., Q.P.S.C.), Kuwaiti
      // (K.S.C., K.S.C.P.), Omani (S.A.O.G., S.A.O.C.) and Jordanian or Emirati (P.S.C.).
      'BSC',
      'B S C',
      'B S C C',
      'QSC',
      'Q S C',
      'QPSC',
      'Q P S C',
      'KSC',
      'K S C',
      'KSCP',
      'K S C P',
      'SAOG',
      'S A O G',
      'SAOC',
      'S A O C',
      'PSC',
      'P S C',
      'ANONIM SIRKETI',
      // Vietnamese công ty cổ phần; Uzbek aksiyadorlik jamiyati.
      'CONG TY CO PHAN',
      'CTCP',
      'AKSIYADORLIK JAMIYATI',
      'NV',
      'N V',
      'NAAMLOZE VENNOOTSCHAP',
      'ASA',
      'OYJ',
      'PT',
      'TBK',
      'JSCO',
      'SAS',
      'S A S',
      'SA DE CV',
      'S A DE C V',
      'SAPI DE CV',
      'S A P I DE C V',
      'CA',
      'C A',
      'EAD',
      // Chinese 股份有限公司; Japanese kabushiki kaisha (not `K.K.`, a person's initials as often), and
      // 株式会社 as any-ascii reads it (in Mandarin);
      // Korean 주식회사; Iranian private and public joint-stock companies (sahami khass, sahami aam).
      'GUFEN YOUXIAN GONGSI',
      'GU FEN YOU XIAN GONG SI',
      'KABUSHIKI KAISHA',
      'KABUSHIKIKAISHA',
      'ZHU SHI HUI SHE',
      'JUSIK HOESA',
      'CHUSIK HOESA',
      'JU SIG HOE SA',
      'SHERKAT SAHAMI KHASS',
      'SHERKAT SAHAMI KHAS',
      'SHERKAT SAHAMI AAM',
      'SAHAMI KHASS',
      'SAHAMI KHAS',
      'SAHAMI AAM',
      // Finnish osakeyhtio, Swedish aktiebolag (not `A.S.` or `AS`, which read as initials: `A.S. Qelbi`).
      'OY',
      'AB',
      // Written out: Danish, Norwegian, Swedish, Finnish and Estonian; Czech and Slovak akciova
      // spolecnost (not `a.s.` nor the Turkish `A.S.`, a person's initials as often); Hungarian Zrt.,
      // Nyrt. and rt.; Lithuanian UAB and AB; French and Colombian S.A.S.; Portuguese S.A.; the
      // European company; Indonesian perseroan terbatas (PT); Ukrainian AT, PAT and PrAT.
      'AKTIESELSKAB',
      'AKSJESELSKAP',
      'AKTIEBOLAG',
      'OSAKEYHTIO',
      'JULKINEN OSAKEYHTIO',
      'AKTSIASELTS',
      'AKCIOVA SPOLECNOST',
      'AKCIOVA SPOLOCNOST',
      'ZRT',
      'NYRT',
      'RESZVENYTARSASAG',
      'ZARTKORUEN MUKODO RESZVENYTARSASAG',
      'NYILVANOSAN MUKODO RESZVENYTARSASAG',
      'UAB',
      'AKCINE BENDROVE',
      'UZDAROJI AKCINE BENDROVE',
      'SOCIETE PAR ACTIONS SIMPLIFIEE',
      'SOCIETE PAR ACTIONS',
      'SOCIEDAD POR ACCIONES SIMPLIFICADA',
      'SOCIEDADE ANONIMA',
      'SOCIETAS EUROPAEA',
      'PERSEROAN TERBATAS',
      'AKTSIONERNE TOVARYSTVO',
      'PUBLICHNE AKTSIONERNE TOVARYSTVO',
      'PRYVATNE AKTSIONERNE TOVARYSTVO',
      'AKTSIONERNE TOVARYSTVO',
      'AKTSIONERNE TOVARISTVO',
      'PUBLICHNE AKTSIONERNE TOVARISTVO',
      'PRIVATNE AKTSIONERNE TOVARISTVO',
      // Russian public, open, closed and non-public joint-stock companies written out; Lebanese and
      // Kuwaiti sh.m.l. and sh.m.k. in Arabic letters.
      'PUBLICHNOE AKTSIONERNOE OBSHCHESTVO',
      'OTKRYTOE AKTSIONERNOE OBSHCHESTVO',
      'ZAKRYTOE AKTSIONERNOE OBSHCHESTVO',
      'NEPUBLICHNOE AKTSIONERNOE OBSHCHESTVO',
      'SH M L',
      'SH M K',
    ],
  },
  { kind: 'INC', key: ['INC', 'INCORPORATED'], spellings: ['INC', 'INCORPORATED'] },
  {
    kind: 'CORP',
    key: ['CORP', 'CORPORATION'],
    spellings: ['CORP', 'CORPORATION', 'KORPORATSIYA', 'CORPORACION'],
  },
  {
    kind: 'CO',
    key: ['CO', 'COMPANY'],
    spellings: [
      'CO',
      'COMPANY',
      'CIE',
      'CIA',
      'COMPANIA',
      'COMPAGNIE',
      'KOMPANIYA',
      'COMPANHIA',
      // Chinese 公司, Korean 회사, Arabic and Persian sharikat and sherkat (not SHARIKA, a given name).
      'GONGSI',
      'GONG SI',
      'HOESA',
      'HOE SA',
      'SHERKAT',
      'SHARIKAT',
      'SHIRKAT',
      // شركة and شرکت in Arabic letters.
      'SHRK',
      'SHRKT',
      // Vietnamese công ty.
      'CONG TY',
    ],
  },
  { kind: 'NL', key: ['NL'], spellings: ['NL', 'NO LIABILITY'] },
  {
    kind: 'LLP',
    spellings: [
      'LLP',
      'L L P',
      'LIMITED LIABILITY PARTNERSHIP',
      'LP',
      'L P',
      'LIMITED PARTNERSHIP',
      'S EN C',
      'S EN C A',
      'S EN C S',
      'S C S',
      'SCS',
      // A partnership in fact (sociedad de hecho).
      'S DE H',
      // German OHG, Kommanditgesellschaft and Offene Handelsgesellschaft, French SNC and société en
      // commandite, Spanish and Danish partnerships, the Dutch and Indonesian commanditaire
      // vennootschap (not `KG` nor `CV`, a person's initials and an acronym as often).
      'KOMMANDITGESELLSCHAFT',
      'OHG',
      'OFFENE HANDELSGESELLSCHAFT',
      'SNC',
      'SOCIETE EN NOM COLLECTIF',
      'SOCIETE EN COMMANDITE',
      'SOCIEDAD EN COMANDITA',
      'SOCIEDAD COLECTIVA',
      'KOMMANDITSELSKAB',
      'COMMANDITAIRE VENNOOTSCHAP',
    ],
  },
  {
    // A sole trader's undertaking (empresa unipersonal, entreprise unipersonnelle).
    kind: 'SOLE',
    spellings: ['EMPRESA UNIPERSONAL', 'EIRL', 'EURL'],
  },
  {
    // A not-for-profit association (Belgian ASBL and VZW, German eingetragener Verein).
    kind: 'NPO',
    spellings: ['ASBL', 'VZW', 'EINGETRAGENER VEREIN'],
  },
  {
    kind: 'FZE',
    spellings: ['FZE', 'F Z E', 'FREE ZONE ESTABLISHMENT', 'FZCO', 'FZC', 'FZ LLC', 'DMCC'],
  },
  {
    // An establishment: Liechtenstein's Anstalt, the Gulf's Est.
    kind: 'EST',
    // مؤسسة in Arabic letters too; `Est.` only at the end of an organisation's name (align-names.ts).
    spellings: ['ANSTALT', 'ESTABLISHMENT', 'MUSS'],
  },
  {
    // A state-owned enterprise as the former Soviet states name it.
    kind: 'SUE',
    spellings: ['FGUP', 'GUP', 'MUP', 'SUE', 'FSUE', 'UNITARY ENTERPRISE', 'STATE UNITARY ENTERPRISE'],
  },
];

/** The words `nameKey` drops: the Australian forms and a trustee's wording ("THE TRUSTEE FOR …"). */
export const KEY_LEGAL_FORMS: ReadonlySet<string> = new Set([
  ...LEGAL_FORMS.flatMap((f) => f.key ?? []),
  'THE',
  'TRUSTEE',
  'FOR',
  'ATF',
]);

/** Each spelling's tokens and its kind, longest first (so `JOINT STOCK COMPANY` wins over `COMPANY`). */
export const LEGAL_FORM_SPELLINGS: ReadonlyArray<{ tokens: string[]; kind: string }> = LEGAL_FORMS.flatMap(
  (f) => f.spellings.map((s) => ({ tokens: s.split(' '), kind: f.kind })),
).sort((a, b) => b.tokens.length - a.tokens.length);

/**
 * Spellings that are a legal form only at the end of a name: in front they are as often an
 * organisation's own acronym (`APS Group`, `SNC-Lavalin`).
 */
export const ONLY_AT_THE_END: ReadonlySet<string> = new Set(['APS', 'SNC', 'OHG', 'ZRT', 'NYRT']);

/** The longest spelling a form may have, in tokens. */
export const LONGEST_LEGAL_FORM = LEGAL_FORM_SPELLINGS[0]?.tokens.length ?? 1;

type Spelling = (typeof LEGAL_FORM_SPELLINGS)[number];
const byToken = (at: (tokens: string[]) => string | undefined) => {
  const map = new Map<string, Spelling[]>();
  for (const f of LEGAL_FORM_SPELLINGS) {
    const token = at(f.tokens) as string;
    map.set(token, [...(map.get(token) ?? []), f]);
  }
  return map;
};
const BY_FIRST = byToken((t) => t[0]);
const BY_LAST = byToken((t) => t.at(-1));
const ORDER = new Map(LEGAL_FORM_SPELLINGS.map((f, i) => [f, i]));

/**
 * The spellings that could end a run of words with `last` or start one with `first`, in the order of
 * `LEGAL_FORM_SPELLINGS` (longest first): what a name's words need checking against.
 */
export function spellingsAround(first: string | undefined, last: string | undefined): readonly Spelling[] {
  const a = (first !== undefined && BY_FIRST.get(first)) || [];
  const b = spellingsEndingWith(last);
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])].sort((x, y) => (ORDER.get(x) as number) - (ORDER.get(y) as number));
}

/** The spellings ending with `last`, longest first. */
export function spellingsEndingWith(last: string | undefined): readonly Spelling[] {
  return (last !== undefined && BY_LAST.get(last)) || [];
}
