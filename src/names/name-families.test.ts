import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedParty } from '../../test/helpers/listed-party.ts';
import { ListIndex } from '../screen/list-index.ts';
import { compareNames, REVIEW_THRESHOLD } from './align-names.ts';
import { prepareName } from './name-tokens.ts';

// The families of other names a listed party goes by (docs/screening.md): each one matches, and
// the look-alike naming another party does not. Every name here is made up.
const person = (a: string, b: string, weight?: (t: { text: string }) => number) =>
  compareNames(prepareName(a), prepareName(b), { person: true, weight }).score;
const body = (a: string, b: string) => compareNames(prepareName(a), prepareName(b)).score;
const matches = (score: number, label: string) => assert.ok(score >= REVIEW_THRESHOLD, `${label}: ${score}`);
const differs = (score: number, label: string) => assert.ok(score < REVIEW_THRESHOLD, `${label}: ${score}`);

describe('families of other names: the variant matches, the look-alike does not', () => {
  it('the Persian and Urdu ezafe, written or left out', () => {
    matches(body('Bank-e Quillzamin', 'Quillzamin Bank'), 'Bank-e');
    matches(body('Lashkar-i-Tornavi', 'Lashkar e-Tornavi'), 'i and e');
    matches(body('Mehr-e Tornavi-ye Quillzar', 'Mehr Tornavi Quillzar'), 'more than one');
    differs(body('Bank-e Quillzamin', 'Bank-e Tornavi'), 'another bank');
  });

  it('a legal form in initials in front of an organisation’s one word', () => {
    matches(body('S.A. Veltrona', 'Veltrona S.A.'), 'S.A. in front');
    matches(body('C.A. Quillmarsh', 'Quillmarsh, C.A.'), 'C.A. in front');
    matches(body('A.G. Tornavik', 'Tornavik AG'), 'A.G. in front');
    differs(body('S.A. Veltrona', 'Kolvesta S.A.'), 'another company');
    // Between people, two initials in front of one word stay a person's initials.
    matches(person('S.A. Qelbiyah', 'Samir Adnan Qelbiyah'), 'initials of a person');
    differs(person('S.A. Qelbiyah', 'Tariq Qelbiyah'), 'initials another person’s name does not start with');
  });

  it('and written in another language (Spanish Y, German UND), before a legal form too', () => {
    matches(body('Quillmarsh y Cia', 'Quillmarsh & Cia'), 'Y before a legal form');
    matches(body('Veltrona y Tornavi S.A.S.', 'Veltrona & Tornavi S.A.S.'), 'Y between words');
    matches(body('Tornavi und Partner GmbH', 'Tornavi & Partner GmbH'), 'UND');
    differs(body('Quillmarsh y Cia', 'Kolvesta & Cia'), 'another company');
    differs(body('Tornavi und Partner GmbH', 'Tornavi und Sohn GmbH'), 'another partner');
  });

  it('the Arabic article assimilated to the next letter, written apart or joined', () => {
    matches(person('Abd ar-Rashwan Qelbiyah', 'Abd al-Rashwan Qelbiyah'), 'ar- for al-');
    matches(person('Abdurrashwan Qelbiyah', 'Abd al-Rashwan Qelbiyah'), 'joined');
    matches(body('Annurqa Welfare Organisation', 'Al Nurqa Welfare Organisation'), 'joined at the front');
    matches(
      body('Alharamayn Quillmarsh Foundation', 'Al-Haramain Quillmarsh Foundation'),
      'joined, spelt otherwise',
    );
    differs(person('Abd ar-Rashwan Qelbiyah', 'Abd ar-Rashwan Tormiyah'), 'another family name');
  });

  it('a name split in Arabic script and written as one word in Latin letters, taken whole', () => {
    matches(person('سالم قلبي خيل', 'Salem Qelbikhel'), 'both words for the one');
    differs(person('سالم قلبي خيل', 'Salem Tormikhel'), 'another family name');
  });

  it('Arabic script: particles, compounds written as one word, Persian readings', () => {
    matches(person('سالم بن زرقان', 'Salem bin Zarqan'), 'bin in Arabic script');
    matches(person('عبدالحكيم قرطبي', "'Abd al-Hakim Qurtubi"), 'Abd joined to the article');
    matches(person('نظیر قرطبی', 'Nazir Qurtubi'), 'ظ read as Z');
    differs(person('سالم بن زرقان', 'Salem bin Fadlan'), 'another father');
  });

  it('Arabic script: بن joined to the next name, and the Tuareg AG (son of)', () => {
    matches(person('سالم بنقلبي', 'Salem Ben Qelbi'), 'بن joined');
    matches(person('موسى اغ قلباني', 'Musa Ag Qelbani'), 'اغ and AG');
    matches(person('Musa Ag Qelbani', 'Musa Qelbani'), 'AG left out');
    differs(person('سالم بنقلبي', 'Salem Ben Tormi'), 'another father');
    differs(person('موسى اغ قلباني', 'Musa Ag Tormani'), 'another family name');
  });

  it('Arabic script: a name compounded with Allah, joined or apart in Latin', () => {
    matches(person('فیض الله قرطبی', 'Faizullah Qurtubi'), 'joined, a Persian reading');
    matches(person('نصر الله قرطبي', 'Nasr Allah Qurtubi'), 'apart');
    // Each of two words alike takes the one in its own place (NUR with NURULLAH, NURI with NURI).
    matches(person('نور الله نوری', 'Nurullah Nuri'), 'beside a word alike');
    matches(person('نور الله نوری', 'Nur Allah Nuri'), 'apart, beside a word alike');
    differs(person('نور الله قرطبي', 'Nasrullah Qurtubi'), 'another compound');
  });

  it('transliteration systems that swap letters', () => {
    matches(
      person('Aliaksandr Hryhorevich Tsvilkouski', 'Aleksandr Grigorevich Tsvilkouski'),
      'Belarusian H for G',
    );
    matches(person('Dzmitry Tsvilkouski', 'Dmitri Tsvilkouski'), 'DZ for D');
    matches(person('Uladzimir Tsvilkouski', 'Vladimir Tsvilkouski'), 'U for V');
    matches(person('Yosef Quillbern', 'Josef Quillbern'), 'J for Y');
    matches(person('Mehdi Ghaselvandi', 'Mehdi Qaselvandi'), 'GH for Q');
    matches(person('Kadhimar Tornavi', 'Kazimar Tornavi'), 'DH for Z');
    differs(person('Ghadeer Tsvilkouski', 'Haidar Tsvilkouski'), 'GH is not H');
    differs(
      person('Aliaksandr Hryhorevich Tsvilkouski', 'Aliaksandr Mikalaevich Tsvilkouski'),
      'another patronymic',
    );
  });

  it('one given name in another language, and the patronymics made from it', () => {
    matches(
      person('Mykola Mykolayovych Tsvilkouski', 'Nikolay Nikolayevich Tsvilkouski'),
      'Ukrainian and Russian',
    );
    matches(person('Mikalai Tsvilkouski', 'Nikolai Tsvilkouski'), 'Belarusian and Russian');
    matches(person('Olexiy Tsvilkouski', 'Aleksey Tsvilkouski'), 'OLEKSIY, ALEKSEY, X for KS');
    matches(person('Olha Mykolaivna Tsvilkouski', 'Olga Nikolaevna Tsvilkouski'), 'a daughter’s patronymic');
    matches(person('Микола Цвілковський', 'Nikolay Tsvilkovskiy'), 'in Cyrillic against Latin');
    matches(person('Yosef Quillbern', 'Joseph Quillbern'), 'Hebrew and English');
    matches(person('Γεώργιος Τορναβής', 'George Tornavis'), 'Greek and English');
    matches(person('Nikolaos Tornavis', 'Nicholas Tornavis'), 'Greek and English, in Latin letters');
    matches(person('Pedro Quillbern', 'Pyotr Quillbern'), 'Spanish and Russian');
    matches(person('Ismail Quillbern', 'Ishmael Quillbern'), 'Arabic and English');
    differs(person('Pedro Quillbern', 'Pavel Quillbern'), 'another name');
    differs(person('George Tornavis', 'Gregory Tornavis'), 'another name, alike');
    const c = compareNames(prepareName('Mykola Quillbern'), prepareName('Nikolay Quillbern'), {
      person: true,
    });
    assert.deepEqual(c.aligned.map((a) => a.how).sort(), ['exact', 'given_name']);
    differs(
      person('Mykola Mykolayovych Tsvilkouski', 'Nikolay Petrovich Tsvilkouski'),
      'another father’s name',
    );
    differs(person('Mykola Tsvilkouski', 'Mykyta Tsvilkouski'), 'another given name');
    differs(person('Mykola Mykolayovych Tsvilkouski', 'Nikolay Mykolayovych Quillbern'), 'another family');
  });

  it('vowel digraphs and syllables romanised voiced or not (Korean, Wade-Giles)', () => {
    matches(person('Moon Chol Pyangrim', 'Mun Chol Pyangrim'), 'OO for U');
    matches(person('Chong Kuk Ryomsan', 'Jong Guk Ryomsan'), 'McCune-Reischauer and Revised');
    differs(person('Pak Kuk Ryomsan', 'Kim Kuk Ryomsan'), 'another family name');
  });

  it('singular and plural, noun and adjective', () => {
    matches(body('Quillmarsh Industries', 'Quillmarsh Industry'), 'plural');
    matches(body('Quillmarsh Metallurgical Plant', 'Quillmarsh Metallurgy Plant'), 'adjective');
    differs(body('Quillmarsh Industries', 'Brandolux Industries'), 'another distinctive word');
  });

  it('a word saying what kind of body it is, added or left out; an acronym of the name', () => {
    matches(
      body('Sanvoral for Relief and Development', 'Sanvoral Association for Relief and Development'),
      'association left out',
    );
    matches(body('Tornavi Quillmarsh Network', 'Tornavi Quillmarsh'), 'network added');
    matches(body('Daevong Credit Bank', 'Daevong Credit Bank (DCB)'), 'acronym in brackets');
    matches(body('Kala Quillnaft Tehran Company', 'Kala Quillnaft Co. Tehran'), 'legal form inside');
    matches(
      body('Jamaat Qurvan al-Tahib wal-Mustazir', "JAMA'AT QURVAN AL-TAHIB WAL-MUSTAZIR (JQTM)"),
      'an acronym leaving out the joined wal-',
    );
    differs(body('Daevong Credit Bank (XQZ)', 'Daevong Credit Bank'), 'a word that is no acronym of it');
    matches(
      body(
        'Quvorea Mining Development Trading Corp',
        'Quvorea Mining Development Trading Corporation (QUMID)',
      ),
      "an acronym in brackets of each word's first letters",
    );
    differs(body('Banco Quvan', 'Banco Quvan (Chile)'), 'a place in brackets');
    matches(
      body(
        'Foreign Trade Bank of the DPRK',
        "Foreign Trade Bank of the Democratic People's Republic of Korea",
      ),
      'a country abbreviated',
    );
    matches(person('Rok Kralj', 'Rock Kralj'), 'Rok is a given name, not a country');
    differs(
      body('Jamaat Qurvan al-Tahib wal-Mustazir', "JAMA'AT QURVAN AL-TAHIB WAL-MUSTAZIR (JQWX)"),
      'letters that are not its initials',
    );
    differs(body('Sanvoral Trading Malta', 'Sanvoral Trading'), 'a place added');
  });

  it('legal forms of more languages and kinds', () => {
    matches(body('Quillmarsh Step AB', 'Quillmarsh Step S.A.'), 'AB and S.A.');
    matches(body('Brandolux Oy', 'Brandolux'), 'Finnish Oy');
    matches(body('Grupo Quillmarsh Lda', 'Grupo Quillmarsh Limitada'), 'Portuguese Lda');
    matches(body('Bolsavik EIRL', 'Bolsavik S.A.'), 'another kind costs little');
    differs(body('Bolsavik EIRL', 'Tornavik S.A.'), 'another name');
  });

  it('legal forms after a comma, one after another, and initials in front of a family name', () => {
    matches(body('Quillmarsh Holding, S.A.', 'Quillmarsh Holding SA'), 'a form after the comma');
    matches(body('Grupo Tornavik, C.A. LLC', 'Grupo Tornavik C.A.'), 'two forms after the comma');
    matches(body('L.L.C. Brandolux Cargo', 'Brandolux Cargo LLC'), 'a form in initials in front');
    matches(person('S.A. Qelbiyah', 'Safwan Qelbiyah'), "a person's two initials in front");
    differs(body('Quillmarsh Holding, S.A.', 'Tornavik Holding, S.A.'), 'another name');
    differs(person('S.A. Qelbiyah', 'Tariq Qelbiyah'), 'initials of another given name');
  });

  it('legal forms of northern, central and eastern Europe, abbreviated and written out', () => {
    matches(body('Tornavik ApS', 'Tornavik Anpartsselskab'), 'Danish ApS');
    matches(body('Tornavik Oy', 'Tornavik Osakeyhtiö'), 'Finnish Oy');
    matches(body('Tornavik AB', 'Tornavik Aktiebolag'), 'Swedish AB');
    matches(body('Tornavik a.s.', 'Tornavik akciová společnost'), 'Czech a.s.');
    matches(body('Tornavik A.Ş.', 'Tornavik Anonim Şirketi'), 'Turkish A.S., an organisation’s');
    matches(body('Tornavik AS', 'Tornavik A.S.'), 'AS run together');
    matches(body('Tornavik Kft.', 'Tornavik Korlátolt Felelősségű Társaság'), 'Hungarian Kft.');
    matches(body('Tornavik Zrt.', 'Tornavik Zártkörűen Működő Részvénytársaság'), 'Hungarian Zrt.');
    matches(body('Tornavik s.r.o.', 'Tornavik spol. s r.o.'), 'Czech s.r.o.');
    matches(body('Tornavik d.o.o.', 'Tornavik društvo s ograničenom odgovornošću'), 'Croatian d.o.o.');
    matches(body('Tornavik UAB', 'Tornavik Uždaroji akcinė bendrovė'), 'Lithuanian UAB');
    matches(body('Tornavik Sdn. Bhd.', 'Tornavik Sendirian Berhad'), 'Malaysian Sdn. Bhd.');
    matches(body('Tornavik SAS', 'Tornavik Société par actions simplifiée'), 'French S.A.S.');
    matches(body('Tornavik OHG', 'Tornavik Offene Handelsgesellschaft'), 'German OHG');
    matches(body('Tornavik Anstalt', 'Tornavik Establishment'), 'Anstalt');
    differs(body('Tornavik ApS', 'Kolvesta ApS'), 'another company');
    differs(body('Tornavik Kft.', 'Tornavik Trading Kft.'), 'a word added');
    // Letters that are as often initials or an acronym are not taken for a form: A.S., KG, CV; and
    // APS, SNC and EST only at the end.
    matches(body('As-Sahab Tornavi', 'Al-Sahab Tornavi'), 'the article assimilated');
    matches(person('Rajesh A S', 'Rajesh Anand Subramaniam'), 'a person’s initials at the end');
    differs(body('KG Tornavik', 'CV Tornavik'), 'two acronyms');
    differs(body('APS Tornavik Group', 'Tornavik Group'), 'an acronym in front');
    differs(body('SNC Tornavik', 'Tornavik'), 'an acronym in front');
    matches(body('Tornavik Trading Est.', 'Tornavik Trading Establishment'), 'Est. at an organisation’s end');
    matches(
      person('Yusuf Tornavi Est', 'Yusuf Tornavi'),
      'a person’s trailing EST is a word, not a legal form',
    );
    assert.deepEqual(prepareName('Yusuf Tornavi Est').legalForms, []);
    assert.deepEqual(prepareName('As-Sahab Tornavi').legalForms, []);
  });

  it('legal forms written out in Russian, Ukrainian and Arabic letters; Arabic ف for V', () => {
    matches(body('Публичное акционерное общество «Торнавик»', 'PJSC Tornavik'), 'Russian public JSC');
    matches(body('Закрытое акционерное общество «Торнавик»', 'CJSC Tornavik'), 'Russian closed JSC');
    matches(body('Товариство з обмеженою відповідальністю «Торнавік»', 'Tornavik LLC'), 'Ukrainian LLC');
    matches(body('Приватне акціонерне товариство «Торнавік»', 'Tornavik PRAT'), 'Ukrainian private JSC');
    matches(body('شركة تورنافيك', 'Tornavik Company'), 'شركة, and ف for V');
    matches(body('شركة تورنافيك المحدودة', 'Tornavik Limited'), 'المحدودة');
    differs(body('شركة تورنافيك', 'Tornapik Company'), 'another consonant');
    differs(body('Публичное акционерное общество «Торнавик»', 'PJSC Kolvesta'), 'another company');
    matches(
      body('د بصیر او ضرنویل حواله', 'Basir and Zarnawil Hawala'),
      'Pashto د (of) and او (and) standing alone',
    );
    differs(body('د بصیر او ضرنویل حواله', 'Basir and Zarnawil Qolvand Hawala'), 'a word more');
  });

  it('names written without spaces: Han and kana syllables against one Latin word', () => {
    matches(body('托纳维克有限公司', 'Tuonaweike Co Ltd'), 'four Han syllables as one word');
    matches(
      body('株式会社トルナビック', 'Torunabikku Kabushiki Kaisha'),
      'kanji and kana apart, a small tsu',
    );
    assert.equal(prepareName('山田たろう').tokens.at(-1)?.text, 'TAROU', 'kanji and kana apart');
    differs(body('托纳维克有限公司', 'Tuonaweiba Co Ltd'), 'another name');
  });

  it('more legal forms: S.A.R.L., BVBA, ASBL, PJS, public shareholding, Turkish sirketi', () => {
    matches(body('Reemvola Pharmaceutical, S.A.R.L.', 'Reemvola Pharmaceutical'), 'S.A.R.L.');
    matches(body('Kardivon BVBA', 'Kardivon'), 'BVBA');
    matches(
      body(
        'Tosevan Melli Investment Company Public Shareholding Company',
        'Tosevan Melli Investment Company',
      ),
      'public shareholding',
    );
    matches(body('Trigovan Kargo Lojistik Limited Sirketi', 'Trigovan Kargo Lojistik'), 'limited sirketi');
    matches(body('Tehvan Gostaresh Company PJS', 'Tehvan Gostaresh Company, P.J.S.'), 'PJS');
    matches(
      body('Granavura S de PR de RL de CV', 'Granavura, S. de P.R. de R.L. de C.V.'),
      'S. de P.R. de R.L.',
    );
    differs(body('Kardivon BVBA', 'Tornavik BVBA'), 'another name');
  });

  it("words companies abbreviate, Messrs and a vessel's prefix", () => {
    matches(body('Al-Omvy & Bros. Money Exchange', 'Al-Omvy and Brothers Money Exchange'), 'Bros.');
    matches(body('Sadivan Caran Eng. Co.', 'Sadivan Caran Engineering Company'), 'Eng.');
    matches(body('Brandolux Intl Mfg', 'Brandolux International Manufacturing'), 'Intl, Mfg');
    matches(
      body('Naftovan Intertrade Company (NVIC)', 'Naftovan Intertrade Co. (NVIC) Limited'),
      'Co. inside',
    );
    matches(body('M/S. Al Zarvooni Exchange', 'Al Zarvooni Exchange'), 'Messrs');
    matches(body('M.V. Quillcarnes', 'Quillcarnes'), 'M.V.');
    differs(
      body('Sadivan Caran Eng. Co.', 'Sadivan Tornavi Engineering Company'),
      'another distinctive word',
    );
    differs(body('M/S. Al Zarvooni Exchange', 'Al Tornavi Exchange'), 'another name');
    assert.equal(prepareName('M.T.R. Victorval').tokens.length, 4, 'initials, not a vessel prefix');
  });

  it("an organisation's word written in part; not a person's", () => {
    matches(body('Pacivora Shipping & Trans', 'Pacivora Shipping and Transportation Limited'), 'TRANS');
    matches(body('Korvansan Shpg Co', 'Korvansan Shipping Company'), 'SHPG');
    matches(body('Belvize Shipping Line Serv Ltd', 'Belvize Shipping Line Service Limited'), 'SERV');
    differs(body('Pacivora Shipping & Trans', 'Pacivora Shipping and Tornavi Limited'), 'another word');
    differs(person('Ali Quellbach', 'Aliabadi Quellbach'), "a person's name is not written in part");
  });

  it("titles in front of a person's names: Sayyid, Hafiz, Chaudhry, Daw, military ranks", () => {
    matches(person('Sayyid Zafirah Quellbach', 'Zafirah Quellbach'), 'Sayyid');
    matches(person('Zafirah Quellbach', 'Hafiz Zafirah Quellbach'), 'Hafiz on the listed side');
    matches(person('General Tornavi Hassak Quellbach', 'Tornavi Hassak Quellbach'), 'a rank');
    matches(person('Daw Yinvar Thuzan', 'Yinvar Thuzan'), 'Daw');
    differs(person('Zafirah Sayyid Quellbach', 'Zafirah Tornavi Quellbach'), 'a title in place of a name');
    differs(
      person('Zafirah Quellbach Chaudhry', 'Zafirah Quellbach Tornavi'),
      'a title in place of a family name',
    );
    differs(person('Sayyid Zafirah Quellbach', 'Sayyid Omarov Quellbach'), 'another given name');
    matches(person('Shri Zafirah Quellbach', 'Zafirah Quellbach'), 'Shri');
    matches(person('Khun Yinvar Thuzan', 'Yinvar Thuzan'), 'Khun');
    matches(person('Alhaji Zafirah Quellbach', 'Zafirah Quellbach'), 'Alhaji');
    matches(person('Ayatollah Zafirah Quellbach', 'Zafirah Quellbach'), 'Ayatollah');
    matches(person('Lt. Col. Tornavi Quellbach', 'Tornavi Quellbach'), 'a rank abbreviated');
    matches(person('H.E. Zafirah Quellbach', 'Zafirah Quellbach'), 'His Excellency');
    differs(person('Zafirah Shri Quellbach', 'Zafirah Tornavi Quellbach'), 'Shri in place of a name');
  });

  it('Arabic vowels as Latin spellings write them: O or U, E or I, AY or EI, a final H', () => {
    matches(person('Ahmed Hassvan AL-OBEIDI', 'Ahmad Hassvan AL-UBAYDI'), 'OBEIDI and UBAYDI');
    matches(person('Abu Obaida Qelbiyah', 'Abu Ubaydah Qelbiyah'), 'OBAIDA and UBAYDAH');
    differs(person('Ahmed Hassvan AL-OBEIDI', 'Ahmed Hassvan AL-ABADI'), 'another family name');
  });

  it("a generation's mark (Jr., Sr.) written or left out", () => {
    matches(person('Felvano Semborvio Delos Reyvas', 'Felvano Semborvio, Jr. Delos Reyvas'), 'Jr.');
    matches(person('Arturo Quillmeza Sr', 'Arturo Quillmeza'), 'Sr');
    differs(person('Felvano Semborvio Jr.', 'Felvano Tornavi Jr.'), 'another family name');
  });

  it('a Korean syllable of two letters romanised voiced or not', () => {
    matches(person('Yong Chol Cho', 'Yong Chol Jo'), 'CHO and JO');
    matches(person('Kyu-Chang Ju', 'Kyu Chang Chu'), 'JU and CHU');
    differs(person('Yong Chol Cho', 'Yong Chol Ko'), 'another family name');
  });

  it('Korean names in Han characters, read as Korean reads them', () => {
    matches(person('金明洙', 'Kim Myong Su'), '金 as the family name KIM');
    matches(person('李泰錫', 'Lee Tae-seok'), '李 as LEE');
    matches(person('盧承範', 'Roh Seung-beom'), '盧 as NO, ROH');
    matches(person('金明洙', '김명수'), 'Han against Hangul');
    matches(person('金明洙', 'Jin Mingzhu'), 'still in Mandarin too');
    differs(person('金明洙', 'Kim Myong Chol'), 'another given name');
    differs(person('李泰錫', 'Park Tae-seok'), 'another family name');
    matches(person('李良浩', 'Lee Yang-ho'), 'the given name begun as a word is (良 as 양)');
    matches(person('(李泰錫)', 'Lee Tae-seok'), 'in brackets');
    matches(person('\uF90A明洙', 'Kim Myong Su'), 'a compatibility character for 金');
    assert.equal(
      prepareName('金龙贸易有限公司').korean,
      undefined,
      'a Chinese company is not read in Korean',
    );
    assert.equal(prepareName('山田 たろう').korean, undefined, 'nor a Japanese name written with kana');
  });

  it('names in Han characters read in Cantonese, as Hong Kong spells them', () => {
    matches(person('張偉樂', 'Cheung Wai-lok'), 'Hong Kong spelling');
    matches(person('Cheung Wai-lok', '張偉樂'), 'the other way round');
    matches(person('曾志恒', 'Tsang Chi Hang'), '曾 as a family name, TSANG');
    matches(person('周樂天', 'Chow Lok Tin'), 'CHOW and CHAU');
    matches(person('葉志明', 'Ip Chi Ming'), 'YIP and IP');
    differs(person('陳俊傑', 'Chan Chuen Kit'), '俊 CHUN is not 全 CHUEN');
    matches(person('梁振邦', 'Leung Chun-pong'), '振 spelt CHUN');
    differs(person('陳振邦', 'Chun Chun Pong'), '陳 CHAN is not CHUN');
    differs(person('陳全邦', 'Chan Chun Pong'), '全 CHUEN is not CHUN');
    differs(person('胡英', '吳英'), 'two names in Han characters agree in Mandarin or not at all');
    matches(person('李家華', 'Lee Ka Wah'), 'a final H');
    matches(person('張偉樂', 'Zhang Weile'), 'still in Mandarin too');
    differs(person('張偉樂', 'Chung Wai-lok'), '張 is not CHUNG: a syllable’s vowels tell characters apart');
    differs(person('張偉樂', 'Cheung Wai-lam'), 'another given name');
    differs(person('李家華', 'Lee Kam Wah'), 'one letter more is another syllable');
    // Hong Kong adds an English given name, before or after the Chinese ones.
    matches(person('張偉樂', 'Peter Cheung Wai-lok'), 'an English name in front');
    matches(person('張偉樂', 'CHEUNG, Wai Lok Peter'), 'an English name after');
    matches(person('Peter Cheung Wai-lok', '張偉樂'), 'screened with the English name');
    differs(person('張偉樂', 'Peter Cheung Wai-ming'), 'an English name and another given name');
    differs(person('張偉樂', 'Peter Chung Wai-lok'), 'an English name and another family name');
    differs(person('張偉樂', 'Cheung Wai Lok Ming'), 'a syllable added is another name');
    differs(person('黎明', 'Lai Ming Fai'), 'a syllable added after the name too');
    differs(person('楊志明', 'Au Yeung Chi Ming'), 'a family name of two syllables');
    differs(person('陳大文', 'Peter Paul Chan Tai Man'), 'two English names');
    differs(body('沙田有限公司', 'Tin Limited'), '沙 SA is a syllable, not a legal form');
    differs(person('張沙', 'Cheung SA'), 'nor in a person’s name');
    // A company: its legal form read as the table knows it.
    matches(body('長豐實業有限公司', 'Cheung Fung Sat Yip Ltd'), 'a company');
    const company = prepareName('長豐實業有限公司');
    assert.ok(company.legalForms.length > 0);
    assert.deepEqual(company.cantonese?.legalForms, company.legalForms, 'the same legal form in Cantonese');
    assert.equal(
      prepareName('山田 たろう').cantonese,
      undefined,
      'a Japanese name written with kana is not read in Cantonese',
    );
  });

  it('Korean: Hangul read syllable by syllable, the romanisations and the usual spellings of family names', () => {
    matches(person('김선평', 'Kim Son Pyong'), 'McCune-Reischauer');
    matches(person('김선평', 'Gim Seon-pyeong'), 'Revised Romanisation');
    matches(person('이철수', 'Lee Chul-su'), '이 as LEE, ㅓ as U');
    matches(person('이철수', 'Ri Chol Su'), '이 as RI, ㅓ as O');
    matches(person('박영철', 'Park Young-chul'), '박 as PARK');
    matches(person('Kim Son Un', 'Kim Seon Eun'), 'ㅡ as U and as EU, in Latin letters');
    differs(person('이철수', 'Ri Chol Man'), 'another given name');
    differs(person('김선평', 'Kim Son Il'), 'another given name');
    differs(person('Lee Chul-su', 'Park Chul-su'), 'another family name');
    // Korean family names' spellings and ㅓ as U are read only against Hangul: elsewhere JOE is not
    // CHOI, YEO not YU, ANN not AHN.
    differs(person('Joe Tormelly', 'Choi Tormelly'), 'JOE and CHOI');
    differs(person('Yeo Kok Leong', 'Yu Kok Leong'), 'YEO and YU');
    differs(person('Ann Qelbridge', 'Ahn Qelbridge'), 'ANN and AHN');
    matches(person('Wu Chun Hung', 'Woo Chun Hung'), 'WU and WOO');
    matches(person('Choi Ka Ming', 'Tsoi Ka Ming'), 'CHOI and TSOI');
  });

  it('foreign names written in katakana, as Japan writes them', () => {
    matches(person('ボリス・タルケロフ', 'Boris Tarkelov'), 'a vowel after every consonant, L as R, V as FU');
    matches(person('Boris Tarkelov', 'ボリス・タルケロフ'), 'the other way round');
    matches(person('ドミトリー・クイルバノフ', 'Dmitry Quilbanov'), 'DO for D, a long vowel');
    matches(person('ヴィクトル・タルケロフ', 'Viktor Tarkelov'), 'small kana: ヴィ as VI');
    matches(person('ウラジスラフ・タルケロフ', 'Vladislav Tarkelov'), 'a V in front written as a vowel');
    matches(person('アフマド・ゼルバーニ', 'Ahmad Zelbani'), 'an H before a consonant as FU');
    matches(person('アハマド・ゼルバーニ', 'Ahmad Zelbani'), 'or as HA');
    matches(person('ガース・コービン', 'Garth Corbin'), 'an English R after a vowel as a long vowel');
    matches(body('ガゼルバンク', 'Gazelbank'), 'an organisation');
    differs(person('ボリス・タルケロフ', 'Boris Tarkunov'), 'other consonants');
    differs(person('ドミトリー・クイルバノフ', 'Dmitry Kalbanov'), 'another first vowel');
    differs(person('ボリス・タルケロフ', 'Boris Tarkelova Samir'), 'another name added');
    differs(person('サミ・ゼルバーニ', 'Shami Zelbani'), 'サ is SA, not SHA');
    differs(person('ジョー・バイデル', 'Joe Bodel'), 'no looser rule for kana (BAIDERU, BODEL)');
  });

  it('Thai: vowels written before their consonant, silent letters, and Sanskrit-style spellings', () => {
    matches(person('สมศักดิ์ เพชรทอง', 'Somsak Phetthong'), 'เ read after its consonant');
    matches(person('สมศักดิ์ เวชชาวงศ์', 'Somsak Vejjawong'), 'ช as J, ว as V');
    assert.deepEqual(
      prepareName('จันทร์ ประยุทธ์').tokens.map((t) => t.text),
      ['CHAN', 'PRAYUTH'],
      'ทร์ silent after a short vowel, ธ์ silent',
    );
    differs(person('สมศักดิ์ เวชชาวงศ์', 'Somsak Vejjakul'), 'another family name');
  });

  it('Korean: Hangul syllables against one word in another romanisation', () => {
    matches(person('김명수', 'Kim Myongsu'), 'McCune-Reischauer, the given name as one word');
    matches(person('김명수', 'Gim Myeongsu'), 'Revised Romanisation as one word');
    matches(person('Kim Myongsu', '김명수'), 'the other way round');
    matches(person('최룡철', 'Choe Ryongchol'), 'ㄹ and ㅓ in the word');
    matches(person('박택호', 'Pak Thaekho'), 'an aspirate in the word');
    differs(person('김명수', 'Kim Myongsik'), 'another second syllable');
    differs(person('최룡철', 'Choe Ryongchun'), 'another second syllable, in the word');
  });

  it('Korean against Hangul: ㄹ at a syllable’s start, and aspirates written with an H', () => {
    // Between two Latin spellings, the Korean readings do not hold: Chinese LI and YI, YU and RYU
    // are different family names.
    differs(person('Yi Gang Tormelly', 'Li Gang Tormelly'), 'Chinese YI and LI');
    differs(person('Yu Jian Tormelly', 'Ryu Jian Tormelly'), 'YU and RYU');
    matches(person('류경식', 'Ryu Kyong Sik'), '류 as RYU');
    matches(person('류경식', 'Yu Kyong-sik'), '류 as YU');
    matches(person('정룡택', 'Jong Ryong Thaek'), 'ㄹ as R, ㅌ as TH');
    matches(person('정룡택', 'Jeong Yong-taek'), 'ㄹ left out before Y');
    differs(person('류경식', 'Ryu Kyong Chol'), 'another given name');
    differs(person('정룡택', 'Jong Ryong Chol'), 'another given name, after ㄹ');
    // A syllable whose first consonant differs is another syllable, not a typo.
    differs(person('Chol Song Jo', 'Chol Yong Jo'), 'SONG and YONG');
    differs(person('Mark Tornavi', 'Park Tornavi'), 'MARK and PARK');
    matches(person('Fink Tornavi', 'Vink Tornavi'), 'a first letter that sounds alike is still a typo');
    matches(person('Chol Tong Jo', 'Chol Dong Jo'), 'TONG and DONG, as romanisations write it');
    matches(person('Chol Song Jo', 'Chol Sonng Jo'), 'a letter doubled is still a typo');
  });

  it('Indonesian and Malay names in the spelling of before 1972', () => {
    matches(person('Tjokro Qelbiwono', 'Cokro Qelbiwono'), 'TJ for C');
    matches(person('Tjokro Qelbiwono', 'Chokro Qelbiwono'), 'TJ for CH');
    matches(person('Joesoef Qelbiwono', 'Yusuf Qelbiwono'), 'J for Y, OE for U');
    matches(person('Soedjatmiko Qelbiwono', 'Sujatmiko Qelbiwono'), 'OE for U, DJ for J');
    differs(person('Tjokro Qelbiwono', 'Tjipto Qelbiwono'), 'another name in the old spelling');
    differs(person('Djoko Qelbiwono', 'Yoko Qelbiwono'), 'DJ is J, not Y');
  });

  it('Vietnamese: Văn is a middle name, not Dutch van', () => {
    differs(person('Nguyen Van Quyth', 'Nguyen Duc Quyth'), 'Văn against another middle name');
    differs(person('Nguyễn Văn Quyth', 'Nguyen Duc Quyth'), 'written with its diacritics');
    matches(person('Nguyễn Văn Quyth', 'Nguyen Van Quyth'), 'the same name');
    matches(person('Nguyen Van Quyth', 'Nguyen Quyth'), 'the middle name left out');
    matches(person('Hendrik van Quylenburg', 'Hendrik Quylenburg'), 'Dutch van is still a particle');
  });

  it('Chinese: Han against Wade-Giles', () => {
    matches(person('林晓峰', 'Lin Hsiao-feng'), 'HS for X');
    matches(person('曹泽宏', 'Tsao Tse-hung'), 'TS for C and Z, -UNG for -ONG');
    differs(person('林晓峰', 'Lin Hsiao-ming'), 'another given name');
    differs(person('曹泽宏', 'Tsao Tse-ming'), 'another given name');
    matches(person('Lin Xiaofeng', 'Lin Hsiao-feng'), 'pinyin as one word, Wade-Giles apart');
    matches(person('Cao Zehong', 'Tsao Tse-hung'), 'two Wade-Giles syllables in one pinyin word');
    differs(person('Lin Xiaofeng', 'Lin Hsiao-ming'), 'another given name, one word against two');
    // Wade-Giles syllables in J are pinyin's in R; other words in J are not (JAY is not RAY).
    matches(person('任明', 'Jen Ming'), 'JEN for REN');
    differs(person('Jay Tormelly', 'Ray Tormelly'), 'JAY and RAY');
    matches(person('Hsu Chih-lin', 'Xu Zhilin'), 'CHIH for ZHI');
    differs(person('Hsu Chih-lin', 'Xu Zhiming'), 'another second syllable');
  });

  it('Somali spelling: X for H, C for the Arabic ayn, long vowels written twice', () => {
    matches(person('Mohamed Abdullahi Qorvane', 'Maxamed Cabdullaahi Qorvane'), 'MAXAMED, CABDULLAAHI');
    matches(person('Hassan Qorvane Farah', 'Xasan Qorvane Faarax'), 'XASAN, FAARAX');
    differs(person('Hassan Qorvane Farah', 'Xasan Qorvane Faarid'), 'another family name');
  });

  it('Thai จ as personal names write it, J', () => {
    matches(person('สมชาย ใจดี', 'Somchai Jaidee'), 'ใจดี, JAIDEE');
    differs(person('สมชาย ใจดี', 'Somchai Jaidam'), 'another name');
  });

  it('Hebrew: ב כ פ hard at the start of a word, ה never half of a digraph, בע"מ a limited company', () => {
    matches(person('אברהם כרמוני', 'Avraham Karmoni'), 'כ hard at the start, ב soft inside');
    matches(person('אברהם כרמוני', 'Abraham Carmoni'), 'ב hard inside too');
    matches(person('יוסף כהנובר', 'Joseph Kohanover'), 'כה is K and H');
    matches(person('יוסף כהנובר', 'Yosef Cohanover'), 'another spelling');
    matches(body('סונובר בע״מ', 'Sonover Ltd'), 'בע"מ');
    differs(person('אברהם כרמוני', 'Avraham Peldmor'), 'another family name');
    differs(body('סונובר בע״מ', 'Tolover Ltd'), 'another company');
  });

  it('Armenian family names in Eastern and Western spellings (voiced and voiceless swapped)', () => {
    matches(person('Vazgen Tornasyan', 'Vazgen Dornassian'), 'T and D, -YAN and -IAN');
    matches(person('Aram Gevortyan', 'Aram Kevordian'), 'G and K, T and D');
    matches(person('Վազգեն Տորնասյան', 'Vazgen Dornassian'), 'in Armenian letters');
    differs(person('Aram Tornasyan', 'Aram Dormasyan'), 'voiced, and another consonant');
    differs(person('Aram Tornasyan', 'Aram Karasyan'), 'another family name');
  });

  it('Georgian: ღ written GH or G, ჯ J or DZH, and the Georgian form of a given name', () => {
    matches(person('იოსებ ტორნაღაშვილი', 'Iosif Tornagashvili'), 'ღ as G');
    matches(person('Ioseb Jughavelidze', 'Iosif Dzhugavelidze'), 'GH and G, J and DZH, IOSEB and IOSIF');
    differs(person('Ioseb Jughavelidze', 'Ioseb Dzhugamelidze'), 'another family name');
  });

  it('Greek as it is spoken: ΜΠ, ΝΤ, ΓΚ, ΓΓ, ΑΥ, ΕΥ, ΟΥ, ΓΙ, Χ, Η and Υ', () => {
    matches(person('Ντόρα Μπακογιάννη', 'Dora Bakoyanni'), 'ΝΤ and ΜΠ at the start, ΓΙ as Y');
    matches(person('Ευάγγελος Πάγκαλος', 'Evangelos Pangalos'), 'ΕΥ as EV, ΓΓ and ΓΚ as NG');
    matches(person('Παύλος Χρυσοχοΐδης', 'Pavlos Hrisohoidis'), 'ΑΥ as AV, Χ as H, Υ as I');
    matches(person('Παύλος Χρυσοχοΐδης', 'Paulos Chrysochoidis'), 'letter by letter still');
    differs(person('Ντόρα Μπακογιάννη', 'Dora Papadaki'), 'another family name');
    differs(person('Παύλος Χρυσοχοΐδης', 'Petros Hrisohoidis'), 'another given name');
  });

  it('Hebrew: Latin spellings of צ, ח, ו and י (TZ or Z, CH, W, J), and בן', () => {
    matches(person('יצחק כרמוני', 'Yitzhak Karmoni'), 'TZ for צ');
    matches(person('צבי כרמוני', 'Zvi Karmoni'), 'Z for צ');
    matches(person('חיים כרמוני', 'Chaim Karmoni'), 'CH for ח');
    matches(person('מנחם ויצקובר', 'Menachem Weizkover'), 'CH for ח, W for ו, Z for צ');
    matches(person('בנימין כרמוני', 'Benjamin Karmoni'), 'J for י');
    matches(person('משה בן כרמוני', 'Moshe Ben Karmoni'), 'בן as BEN');
    differs(person('חיים כרמוני', 'Shaim Karmoni'), 'SH is not ח');
    differs(person('צבי כרמוני', 'Tovi Karmoni'), 'another name');
  });

  it('Indic scripts and Thai: the anusvara as the nasal of the next consonant, a silent letter left out', () => {
    matches(person('सुरेंद्र पाटिलकर', 'Surendra Patilkar'), 'ं before द as N');
    matches(person('हाफ़िज़ पाटिलकर', 'Hafiz Patilkar'), 'the nukta: फ़ as F, ज़ as Z');
    matches(
      person('\u0939\u093e\u095e\u093f\u095b \u092a\u093e\u091f\u093f\u0932\u0915\u0930', 'Hafiz Patilkar'),
      'precomposed',
    );
    differs(person('हाफ़िज़ पाटिलकर', 'Hapij Patilkar'), 'PH and J are other letters');
    matches(person('संजय कुंबलकर', 'Sanjay Kumbalkar'), 'ं before ज as N, before ब as M');
    matches(person('সঞ্জয় কুম্বলকর', 'Sanjay Kumbalkar'), 'Bengali');
    matches(person('สมศักดิ์ ทองดีวงศ์', 'Somsak Thongdeewong'), 'the thanthakhat');
    differs(person('सुरेंद्र पाटिलकर', 'Surendra Deshwalkar'), 'another family name');
    differs(person('สมศักดิ์ ทองดีวงศ์', 'Somchai Thongdeewong'), 'another given name');
  });

  it('a Slavic name as German and Polish spell it: CH for KH, W for V, SCH for SH, J for Y', () => {
    matches(person('Михаил Хорватов', 'Michail Chorwatow'), 'from Cyrillic');
    matches(person('Mikhail Khorvatov', 'Michail Chorwatow'), 'two Latin spellings');
    matches(person('Сергей Ивашов', 'Sergej Iwaschow'), 'SCH and J');
    differs(person('Михаил Хорватов', 'Michail Chorwatin'), 'another family name');
    differs(person('Сергей Ивашов', 'Sergej Iwanow'), 'another family name, spelt alike');
    differs(person('Michelle Petrovska', 'Mikhail Petrovska'), 'MICHELLE and MIKHAIL');
    matches(person('Юрий Ковалчуков', 'Jurij Kowaltschukow'), 'TSCH for Ч');
    matches(person('Dmitri Kusvezow', 'Dmitri Kuzvetsov'), 'German S for З and Z for Ц');
    matches(person('Sergej Tschemesow', 'Sergei Chemezov'), 'TSCH, S and W');
    differs(person('Dmitri Kusvezow', 'Dmitri Kuzvetlov'), 'another consonant');
  });

  it('a Russian or Arabic name as French spells it: OU, TCH, CH, J, GU, an I in front', () => {
    matches(person('Iouri Tornatchouk', 'Yuri Tornachuk'), 'I for Y, OU for U, TCH for CH');
    matches(person('Юрий Торнатчук', 'Iouri Tornatchouk'), 'against Cyrillic');
    matches(person('Sergueï Choïvanov', 'Sergei Shoivanov'), 'GU before E, CH for SH');
    matches(person('Gueorgui Joukalov', 'Georgy Zhukalov'), 'J for ZH');
    matches(person('Vladimir Poutalnine', 'Vladimir Putalnin'), 'a final -INE');
    matches(person('Cherif Qelbaoui', 'Sharif Qelbawi'), 'an Arabic name');
    differs(person('Iouri Tornatchouk', 'Yuri Tornapuk'), 'another family name');
    differs(person('Gueorgui Joukalov', 'Georgy Chukalov'), 'J is not CH');
  });

  it('a Slavic name as Belarusian Latin spellings write it: ў for В, A for unstressed O, H for Г', () => {
    matches(person('Mikalai DRABAVANAU', 'Nikolai DROBOVANOV'), '-AU for -OV, A for O');
    matches(person('Siarhei PAULOUSKI', 'Sergei PAVLOVSKY'), 'AU and OU before a consonant');
    differs(person('Siarhei PAULOUSKI', 'Siarhei KAZLOUSKI'), 'another family name');
    differs(person('Mikalai DRABAVANAU', 'Mikalai TRUBANAU'), 'another family name with ў');
  });

  it('Arabic vowels: E for A or I, a final Y for I', () => {
    matches(person('Nabil QERTEBE', 'Nabil QARTABI'), 'E for fatha and kasra');
    differs(person('Ameen Qelbrawi', 'Eman Qelbrawi'), 'E for A twice, and first: another name');
    matches(person('Amin ALQORESHY', 'Amin AL-QURAYSHI'), 'E for AY, a final Y');
    differs(person('Nabil QERTEBE', 'Nabil QERMANI'), 'another family name');
  });

  it('a final Y after a consonant read as I', () => {
    matches(person('Sami Aly Quarzeni', 'Sami Ali Quarzeni'), 'ALY and ALI');
    differs(person('Sami Aly Quarzeni', 'Sami Alam Quarzeni'), 'another middle name');
  });

  it('numbers in two words, a letter written twice as digits, F for פ, DZH for J', () => {
    matches(body('Quillvar 21 Ltd', 'Quillvar Twenty One Ltd'), 'twenty one');
    matches(body('Quillvar 21st Trading', 'Quillvar Twenty-First Trading'), 'twenty-first');
    differs(body('Quillvar 22 Ltd', 'Quillvar Twenty One Ltd'), 'another number');
    matches(body('AL N00R QUILLVAR', 'AL NOOR QUILLVAR'), 'N00R');
    matches(body('VABO2008 EOOD', 'VABO 2008 EOOD'), 'a number after the letters stays a number');
    matches(person('אברהם פרילדמן', 'Avraham Frieldman'), 'F for פ at the start');
    differs(person('אברהם פרילדמן', 'Avraham Frieldbarg'), 'other consonants');
    matches(person('Zurab Javarinidze', 'Zurab Dzhavarinidze'), 'DZH for J without GH');
  });

  it('words apart against one word spelt otherwise, the consonants the same', () => {
    matches(person('Abdelkader Qelvari', 'Abdul Qadir Qelvari'), 'ABDELKADER, ABDUL QADIR');
    matches(person('Hamdi Zahreddine', 'Hamdi Zaher el Dine'), 'ZAHREDDINE, ZAHER EL DINE');
    differs(person('Nur Ali Qelvari', 'Nurallah Qelvari'), 'NUR ALI is not NURALLAH');
  });

  it('vessels: prefixes without stops and No. before the number', () => {
    matches(body('MV Quillan Star', 'Quillan Star'), 'MV before two words');
    matches(body('M.Y. Quillanova', 'Quillanova'), 'M.Y.');
    matches(body('Motor Yacht Quillanova', 'Quillanova'), 'Motor Yacht');
    matches(body('Ji Quvan No. 6', 'Ji Quvan 6'), 'No. before the number');
    differs(person('MV Quvanrao', 'Quvanrao'), 'MV before one word is initials');
    differs(body('Quvegas', 'Quvegasus'), 'a word written in part is no abbreviation two letters short');
  });

  it('a family name with a family ending added, and a first letter for an unlike one', () => {
    differs(person('Oleg Quvanov', 'Oleg Quvanovsky'), '-SKY added');
    differs(person('Reza Quvandi', 'Reza Quvandizadeh'), '-ZADEH added');
    differs(person('Carlos Alberto Fernandez', 'Carlos Alberto Hernandez'), 'F for H in front');
    matches(person('Valerii Quvanov', 'Valeri Quvanov'), 'a final vowel added');
    matches(person('Osman Aroun Quvanov', 'Osman Haroun Quvanov'), 'a letter left out in front');
  });

  it('patronymics: left out in any order; a given name and patronymic alone are not the person', () => {
    matches(person('Quvanov Alisher Burkhanovich', 'Alisher Quvanov'), 'family name first, patronymic');
    differs(person('Vladislav Vladislavovich', 'Vladislav Vladislavovich Quvanov'), 'no family name');
    matches(person('Arturo Quvanez', 'Arturo Quvanez Gaspar'), 'a second family name left out');
    matches(person('Senior General Min Quvan Hlaing', 'Min Quvan Hlaing'), 'a senior rank');
  });

  it('Bengali and Devanagari SH, Bengali জ as Z; Persian ژ as J; ة before another noun as -AT; Arabic Z and H', () => {
    matches(person('শেখ হাসিনা', 'Sheikh Hasina'), 'শ as SH, SHEKH a title');
    matches(person('বেনজীর আহমেদ', 'Benazir Ahmed'), 'জ as Z');
    matches(person('अमित शाह', 'Amit Shah'), 'श as SH');
    matches(person('محمود احمدی‌نژاد', 'Mahmoud Ahmadinejad'), 'ژ as J');
    matches(body('هيئة تحرير الشام', "Hay'at Tahrir al-Sham"), 'ة as -AT before another noun');
    matches(person('مسعود اظہر', 'Masood Azhar'), 'ZH as Z and H');
    differs(person('مسعود اظہر', 'Masood Anwar'), 'another name');
  });

  it('Slavic names in the Latin spellings of several languages; Korean Park and Pak; an article inside or assimilated', () => {
    matches(person('Ivan Kvaznetsoff', 'Ivan Kvaznecov'), '-OFF, C for TS');
    matches(person('Ivan Semjonovkin', 'Ivan Semenovkin'), 'JO for Ё');
    matches(person('Ivan Kravtchenkov', 'Ivan Krawczenkov'), 'TCH, CZ; W');
    matches(person('Ivan Szczerbalov', 'Ivan Shcherbalov'), 'SZCZ for Щ');
    matches(person('Ivan Ivanoff', 'Ivan Iwanow'), '-OFF and -OW');
    differs(person('Nikos Petrou', 'Nikos Petroff'), 'Greek -OU is not -OV');
    differs(person('Anna Sjoberg', 'Anna Seeberg'), 'not a Slavic name');
    differs(person('Sajed Quvandi', 'Zayed Quvandi'), 'German S and Z only in a Slavic name');
    differs(person('Markus Schmidt', 'Mark Schmidt'), 'MARKUS is a name, not MARK and an article');
    differs(person('Yunus Sultan', 'Yun Sultan'), 'YUNUS before S');
    differs(person('Ivan Kvaznetsoff', 'Ivan Kvaznecovsky'), 'an ending added');
    matches(person('Park Quvong Ju', 'Pak Quvong Ju'), 'PARK, PAK');
    matches(person('Zaki ur Rehman Quvlakhi', 'Zakiur Rahman Quvlakhi'), 'ZAKIUR: an assimilated article');
    matches(person('Jalal al-Din Quvqani', 'Jalaluddin Quvqani'), 'JALALUDDIN: the article inside');
    differs(person('Mansur Quvqani', 'Mans Quvqani'), 'MANSUR is no article');
  });

  it('what a review of this round took back', () => {
    matches(person('Faisal Quvandi', 'Fasal Quvandi'), 'a letter of a diphthong left out');
    matches(person('Ridwan Quvandi', 'Rizwan Quvandi'), 'D and Z for ض');
    matches(person('Ximena Quvandez', 'Jimena Quvandez'), 'Spanish X and J');
    matches(person('Recep Quvandi', 'Rejep Quvandi'), 'Turkish C and J');
    differs(person('Xuan Quvanh', 'Huan Quvanh'), 'pinyin X is not Somali');
    differs(person('Cortez Quvandi', 'Ortiz Quvandi'), 'C in front kept outside a Somali name');
    matches(person('Lê Văn Quvanh', 'Le Quvanh'), 'Vietnamese LE is a family name, VAN a middle name');
    matches(body('Quvan Trade LLC', 'Quvan Traders LLC'), 'TRADE, TRADERS');
    differs(person('MV Quvanrao Rao', 'Quvanrao Rao'), 'MV in front of a person is initials');
    matches(body('MV Quvan Star', 'Quvan Star'), 'MV in front of a vessel or organisation');
    differs(person('Gen Quvatani', 'Quvatani'), 'Gen without a stop is a name');
    matches(person('Brig. Gen. Quvan Hassan', 'Quvan Hassan'), 'Gen. with its stop is a rank');
  });

  it('Persian given names written as one word against two', () => {
    matches(person('محمدجواد قلبی', 'Mohammad Javad Qalbi'), 'محمدجواد, D then J');
    matches(person('محمدرضا قلبی', 'Mohammad Reza Qalbi'), 'محمدرضا, ض as Z');
    matches(person('غلامرضا قلبی', 'Gholam Reza Qalbi'), 'غلامرضا');
    differs(person('محمدرضا قلبی', 'Mohammad Rahim Qalbi'), 'another second name');
  });

  it('given names abbreviated with a full stop', () => {
    matches(person('Ma. Fernanda Quelvez', 'María Fernanda Quelvez'), 'Ma. for María');
    matches(person('Fco. Javier Quelvez', 'Francisco Javier Quelvez'), 'Fco. for Francisco');
    matches(person('Md. Abdul Quelvari', 'Muhammad Abdul Quelvari'), 'Md. for Muhammad');
    matches(person('Wm. Quelvey', 'William Quelvey'), 'Wm. for William');
    differs(person('Ma Ying Quelvez', 'Maria Ying Quelvez'), 'Ma without a stop is a name');
  });

  it('legal forms of Vietnam, Turkey and Uzbekistan', () => {
    matches(body('Công ty TNHH Quyvanh Long', 'Quyvanh Long Company Limited'), 'công ty TNHH');
    matches(body('Cong Ty Co Phan Quyvanh Long', 'Quyvanh Long JSC'), 'công ty cổ phần');
    matches(body('Quvandiz Nakliyat Ltd. Şti.', 'Quvandiz Nakliyat Limited Sirketi'), 'Ltd. Şti.');
    matches(body('Quvandiz Neftgaz MChJ', 'Quvandiz Neftgaz LLC'), 'MChJ');
    differs(body('Công ty TNHH Quyvanh Long', 'Quyvanh Phat Company Limited'), 'another name');
  });

  it('legal forms of China, Japan, Korea and Iran, and two forms one after another', () => {
    matches(body('华翔贸易有限公司', 'Huaxiang Maoyi Youxian Gongsi'), '有限公司 and its pinyin');
    matches(body('华翔贸易有限公司', 'Huaxiang Maoyi Co., Ltd.'), '有限公司 and Co., Ltd.');
    matches(body('トモエ株式会社', 'Tomoe Kabushiki Kaisha'), '株式会社');
    // K.K. and SHARIKA are as often a person's initials and given name.
    matches(person('KK Sharmavan', 'Sharmavan, K.K.'), 'initials K.K.');
    matches(person('Sharika Fernandel', 'FERNANDEL, Sharika'), 'the given name Sharika');
    matches(body('Hanbit Jusik Hoesa', 'Hanbit Co., Ltd.'), 'jusik hoesa');
    matches(body('Sherkat Sahami Khass Tolidi Parsavand', 'Tolidi Parsavand PJSC'), 'sherkat sahami khass');
    matches(body('Quelmar Consultores, C.A. S.A.', 'Quelmar Consultores, C.A.'), 'C.A. S.A.');
    matches(
      body('Tornavik Petrochemical Private Joint Stock Company', 'Tornavik Petrochemical PJSC'),
      'private JSC',
    );
    matches(body('Tornavik Bank Public Joint Stock', 'Tornavik Bank'), 'public joint stock');
    matches(body('Quelmar Digital S.A. de C.V. S.A.', 'Quelmar Digital S.A. de C.V.'), 'S.A. de C.V. S.A.');
    differs(body('华翔贸易有限公司', 'Hualong Maoyi Youxian Gongsi'), 'another company');
    differs(body('Sherkat Sahami Khass Tolidi Parsavand', 'Tolidi Kermavand Company'), 'another company');
    differs(body('Quelmar Consultores, C.A. S.A.', 'Torvel Consultores, C.A.'), 'another company');
    // Initials in front of a name are still a person's, however many, and beside a form's.
    matches(person('S.A.M.A. Qelbi', 'Samir Adnan Mahmud Ali Qelbi'), 'initials');
    matches(person('C.A. S.A. Qelbiro', 'Carlos Alberto Sergio Antonio Qelbiro'), 'initials spelling forms');
  });

  it('an Arabic H after T, K, S or G is a letter of its own, and Limited in Arabic letters', () => {
    matches(person('طه قلبيرو', 'Taha Qelbiro'), 'ط ه as T-H');
    matches(person('طاهر قلبيرو', 'Taher Qelbiro'), 'an alif between');
    matches(person('سهيل قلبيرو', 'Suhail Qelbiro'), 'س ه as S-H');
    matches(person('فتحي قلبيرو', 'Fathi Qelbiro'), 'TH written as one in Latin too');
    differs(person('طه قلبيرو', 'Tariq Qelbiro'), 'another given name');
    matches(body('راحت قلمار لمتد', 'Rahat Quelmar Ltd.'), 'لمتد');
    matches(body('راحت قلمار ليميتد', 'Rahat Quelmar Limited'), 'ليميتد');
    matches(body('Quelmar Trading LMTD', 'Quelmar Trading Limited'), 'LMTD');
    differs(body('راحت قلمار لمتد', 'Rahat Torvel Ltd.'), 'another company');
  });

  it('an Arabic-script word and a Latin one a consonant apart only where Latin writes it otherwise', () => {
    matches(person('رجب قلبيرو', 'Ragab Qelbiro'), 'ج as G');
    matches(person('لاغوب قلبيرو', 'Laagoub Qelbiro'), 'غ as G');
    matches(person('فيصل قلبيرو', 'Faycal Qelbiro'), 'ص as Ç');
    matches(person('بريخ قلبيرو', 'Barich Qelbiro'), 'a final خ as CH');
    matches(person('عامر چوہدرو', 'Aamir Chaudhro'), 'an H on the other side of its neighbour');
    differs(person('رجب قلبيرو', 'Rajan Qelbiro'), 'another consonant');
    differs(person('فيصل قلبيرو', 'Fakil Qelbiro'), 'K where no Ç was written');
    differs(person('بريخ قلبيرو', 'Baris Qelbiro'), 'S where no CH was written');
    differs(person('طاهر قلبيرو', 'Tamer Qelbiro'), 'an M for the H');
    differs(person('سهيل قلبيرو', 'Sami Qelbiro'), 'an M for the L');
    matches(person('سامي قلبروخ', 'Sami Qelbarouk'), 'a final خ as K');
    matches(person('سامي قلبروخ', 'Sami Qelbarukh'), 'a final خ as KH');
    matches(person('ברוך קלבירו', 'Baruk Qelbiro'), 'a final ך as K');
    differs(person('بحري قلبيرو', 'Bachir Qelbiro'), 'a CH inside the word is not خ');
  });

  it('Muhammad in front of a given name, written or left out', () => {
    matches(person('Muhammad Zafvir Iqbalov', 'Zafvir Iqbalov'), 'Muhammad left out');
    matches(person('Talvha Saeedov', 'Mohammed Talvha Saeedov'), 'Mohammed on the listed side');
    differs(person('Muhammad Barzan Ibrahim Qelbiyah', 'Ali Barzan Ibrahim Qelbiyah'), 'a brother');
    differs(person('Muhammad Iqbalov', 'Zafvir Iqbalov'), 'Muhammad as the given name');
  });

  it('a foreign name spelt in Cyrillic: Дж for J, Х for H', () => {
    matches(person('ДЖОЕ КВИЛЛМАН', 'Joe Quillman'), 'Дж for J');
    matches(person('ПАЕК ЧАНГ ХО', 'Paek Chang-Ho'), 'Х for H');
    matches(person('ХАДЖДЖИ АДАМ ТОРНАВИ', 'Hajji Adam Tornavi'), 'a title spelt so');
    differs(person('ДЖОЕ КВИЛЛМАН', 'Mo Quillman'), 'another given name');
    differs(person('ПАЕК ЧАНГ ХО', 'Paek Chang-Mo'), 'another syllable');
  });

  it('the Arabic article joined to a name of three letters', () => {
    matches(person('Zakvan ALALI', "Zakvan AL-'ALI"), 'ALALI');
    matches(person('Sultan Hashvim ALTAI', "Sultan Hashvim AL-TA'I"), 'ALTAI');
    differs(person('Zakvan ALALI', 'Zakvan AL-OMARI'), 'another family name');
  });

  it('Latin spellings of Arabic letters: ق as Q, K, G or GH; ذ as DH, TH, Z or D; ZH; DJ for J', () => {
    matches(person('Saadvan GHATHAFI', 'Saadvan QADHAFI'), 'GH and TH');
    matches(person('Saadvan GADDAFI', 'Saadvan QADHAFI'), 'G and DD');
    matches(person('Natheer Quellbach', 'Nazeer Quellbach'), 'TH and Z');
    matches(person('Djamel Quellbach', 'Jamal Quellbach'), 'DJ for J');
    matches(person('عمر قدير', 'Omar Ghedeir'), 'ق as GH against Arabic script');
    matches(person('الأزهر قرطبي', 'Azhar Qurtubi'), 'ZH against Arabic script');
    differs(person('Saadvan QADHAFI', 'Saadvan KHALIFI'), 'another family name');
    differs(person('Hamid Quellbach', 'Ahmad Quellbach'), 'the same consonants, another start');
  });

  it('a person named with fewer parts: after the same names only, and only distinctive ones', () => {
    matches(person('Arturo Quillmeza', 'Arturo Quillmeza Gaspertz'), 'second family name left out');
    matches(person('Zafirah Tornavi Quellbach', 'Zafirah Tornavi'), 'a part added at the end');
    differs(person('Barzan Ibrahim Qelbiyah', 'Omar Barzan Ibrahim Qelbiyah'), 'another given name in front');
    // Common names given in part say too little about which person they name.
    const common = (t: { text: string }) => (['MUHAMMAD', 'ABDALLAH'].includes(t.text) ? 0.35 : 1);
    differs(person('Muhammad Abdallah', 'Muhammad Abdallah Qelbiyah', common), 'common names only');
    matches(person('Arturo Quillmeza', 'Arturo Quillmeza Gaspertz', common), 'rare names');
  });
});

describe('the same letters with the words broken elsewhere', () => {
  it('matches however many words are joined or split, and explains it as joined', () => {
    matches(body('THEQUILLMARS L L C', 'The Quillmars L.L.C.'), 'an article joined, a legal form split');
    matches(body('Tornavi Compa Nia Quillvera', 'Tornavi Compania Quillvera'), 'a word split');
    matches(
      person('Gasparadi Quillmeza Quillmeza', 'Gaspar Adi Quillmeza Quillmeza'),
      'beside a repeated name',
    );
    const c = compareNames(prepareName('Quillsil-Ver Brid GE'), prepareName('Quillsilver Bridge'));
    assert.deepEqual(
      c.aligned.map((a) => a.how),
      ['joined'],
    );
  });

  it('does not match names with other letters, or too short to tell', () => {
    differs(body('THEQUILLMARS L L C', 'The Quillmarsh L.L.C.'), 'a letter more');
    assert.ok(body('AB CD', 'ABCD') < 0.97, 'under eight letters the words are compared as words');
  });
});

describe('candidates found for these families (the list index)', () => {
  // Enough other names that a shared common word alone does not make a candidate.
  const others = Array.from({ length: 300 }, (_, i) =>
    listedParty(`o${i}`, `Quillgaye Person${i} Tornavi${i % 7}`),
  );
  // Names sharing one family name, which only initials tell apart.
  const family = Array.from({ length: 120 }, (_, i) => listedParty(`f${i}`, `Given${i} Other${i} Ahmavolov`));
  const index = new ListIndex([
    ...others,
    ...family,
    listedParty('nazem', 'Nazem Said Ahmavolov'),
    listedParty('jek', 'J & E K'),
    listedParty('beneath', 'Bravenathco'),
    listedParty('haroun', 'Haroun Quillgaye'),
    listedParty('wailok', 'Cheung Wai-lok'),
    listedParty('ryongchol', 'Choe Ryongchol'),
    listedParty('taekho', '박택호'),
    listedParty('tarkelov', 'Boris Tarkelov'),
    listedParty('kvelbonov', 'ウラジスラフ・クヴェルボノフ'),
    listedParty('chihang', '曾志恒'),
    listedParty('kader', 'Abdelkader Zanbourqi'),
    listedParty('hryhory', 'Aliaksandr Hryhorevich Tsvilkouski'),
    listedParty('eagles', 'The Quillmars L.L.C.'),
    listedParty('chulsu', 'Ri Chol Su'),
    listedParty('karmoni', 'Avraham Karmoni'),
    listedParty('patilkar', 'Surendra Patilkar'),
    listedParty('chorwatow', 'Michail Chorwatow'),
    listedParty('qelbasin', 'Abdul Aziz Qelbasin'),
    listedParty('myongsu', '金明洙'),
    listedParty('taeseok', 'Lee Tae-seok'),
    listedParty('qelbichenko', 'Nikolay Nikolayevich Qelbichenko'),
    listedParty('weizkover', 'Chaim Weizkover'),
    listedParty('vaikover', 'Dora Vaikover'),
    listedParty('zhouxiao', 'Zhou Xiaoqiang'),
    listedParty('faarax', 'Maxamed Cabdullaahi Qorvaax'),
  ]);
  const found = (name: string) => index.match(name, REVIEW_THRESHOLD).map((m) => m.entry.record.key);

  it('a first letter left out or changed', () => {
    assert.ok(found('Aroun Quillgaye').includes('haroun'));
  });

  it('a word the list never uses, one letter apart from a listed word anywhere in it', () => {
    assert.ok(found('Bravenahco').includes('beneath'), 'a letter left out');
    assert.ok(found('Bravenatcho').includes('beneath'), 'two letters swapped');
    assert.deepEqual(found('Bravoxalco'), [], 'more than one letter apart');
  });

  it('a Korean name in Han characters by its Korean reading, either side', () => {
    assert.ok(found('Kim Myong Su').includes('myongsu'), 'listed in Han, screened in Latin');
    assert.ok(found('李泰錫').includes('taeseok'), 'listed in Latin, screened in Han');
    assert.deepEqual(found('Kim Myong Chol'), [], 'another given name');
  });

  it('Hangul syllables and one Latin word in another romanisation, either side', () => {
    assert.ok(found('최룡철').includes('ryongchol'), 'listed in Latin, screened in Hangul');
    assert.ok(found('Pak Thaekho').includes('taekho'), 'listed in Hangul, screened in Latin');
    assert.deepEqual(found('Pak Thaekhun'), [], 'another second syllable');
  });

  it('a foreign name in katakana and in Latin letters, either side', () => {
    assert.ok(found('ボリス・タルケロフ').includes('tarkelov'), 'listed in Latin, screened in katakana');
    assert.ok(found('Vladislav Kvelbonov').includes('kvelbonov'), 'listed in katakana, screened in Latin');
    assert.deepEqual(found('ボリス・タルクノフ'), [], 'other consonants');
  });

  it('a name in Han characters by its Cantonese reading, either side', () => {
    assert.ok(found('張偉樂').includes('wailok'), 'listed in Latin, screened in Han');
    assert.ok(found('Tsang Chi Hang').includes('chihang'), 'listed in Han, screened in Latin');
    assert.deepEqual(found('Tsang Chi Lok'), [], 'another given name');
    assert.deepEqual(found('Tang Chi Hang'), [], 'another family name');
  });

  it('a given name and patronymic in another language’s form, which share no spelling', () => {
    assert.ok(found('Mykola Mykolayovych Qelbichenko').includes('qelbichenko'), 'Ukrainian forms');
    assert.deepEqual(found('Mykola Petrovych Qelbichenko'), [], 'another father');
  });

  it('Wade-Giles syllables apart against pinyin as one word; Somali spelling', () => {
    assert.ok(found('Chou Hsiao-chiang').includes('zhouxiao'), 'screened in Wade-Giles');
    assert.ok(found('Mohamed Abdullahi Qorvah').includes('faarax'), 'listed in Somali spelling');
  });

  it('a name of initials only', () => {
    assert.ok(found('J.E.K.').includes('jek'));
  });

  it('initials with a common family name: the names whose words start with them first', () => {
    assert.ok(found('N.S. Ahmavolov').includes('nazem'));
    assert.ok(!found('T.R. Ahmavolov').includes('nazem'));
  });

  it('two Arabic-script words written as one Latin word', () => {
    assert.ok(found('عبد القادر زنبورقي').includes('kader'));
  });

  it('names in Hangul, Hebrew and Devanagari', () => {
    assert.ok(found('이철수').includes('chulsu'));
    assert.ok(found('אברהם כרמוני').includes('karmoni'));
    assert.ok(found('सुरेंद्र पाटिलकर').includes('patilkar'));
    assert.deepEqual(found('이철만'), []);
    assert.ok(found('Михаил Хорватов').includes('chorwatow'), 'a German spelling of a Cyrillic name');
    assert.ok(found('חיים ויצקובר').includes('weizkover'), 'Hebrew against CH, W and Z');
    assert.ok(found('Ντόρα Βαϊκόβερ').includes('vaikover'), 'Greek as it is spoken');
  });

  it('a name with a legal form against a list of people: only the same letters with other word breaks', () => {
    const people = new ListIndex(
      [listedParty('qelbi', 'Qelbi Tormanco'), listedParty('tormanco', 'Tormanco Ltd'), ...others],
      { people: true },
    );
    const among = (name: string) => people.match(name, REVIEW_THRESHOLD).map((m) => m.entry.record.key);
    assert.deepEqual(among('Qelbi Tormanco Pty Ltd'), [], 'a company is not a listed person');
    assert.deepEqual(among('TORMAN CO LTD'), ['tormanco'], 'the same letters');
    assert.deepEqual(among('Qelbi Tormanco'), ['qelbi'], 'without a legal form, a person');
  });

  it('Arabic-script words of one consonant besides their vowels (عزيز, AZIZ)', () => {
    assert.ok(found('عبد العزيز قلباسین').includes('qelbasin'));
  });

  it('looser consonants', () => {
    assert.ok(found('Aleksandr Grigorevich Tsvilkouski').includes('hryhory'));
    assert.deepEqual(found('Aleksandr Mikalaevich Tsvilkouski'), []);
  });

  it('the same letters with the words broken elsewhere, where no word is shared', () => {
    assert.ok(found('THEQUILLMARS L L C').includes('eagles'));
    assert.ok(!found('THEQUILLMARSH L L C').includes('eagles'));
  });
});
