/**
 * Forms of one given name in different languages (docs/screening.md, given names in other
 * languages): a Ukrainian MYKOLA is a Russian NIKOLAY and a Belarusian MIKALAI; an OLEKSIY is an
 * ALEKSEY; a YOSEF is a JOSEPH. Transliteration rules cannot reach these (the letters differ, not
 * their spelling), so each name's forms are listed here, as Latin transliteration writes them.
 * Patronymics are made from the father's given name (MYKOLAYOVYCH, NIKOLAYEVICH), so they agree
 * through the same table. Only names whose forms are one name are listed: a diminutive or a
 * related name (IVAN and JOHN, YURI and GEORGIY) is another name, as far as screening is concerned.
 */

import { remembered } from './remembered.ts';

export const GIVEN_NAME_FORMS: readonly string[] = [
  // East Slavic: Russian, Ukrainian, Belarusian (and Polish where it is the same name).
  'ALEKSANDR ALEXANDR OLEKSANDR OLEXANDR ALIAKSANDR ALYAKSANDR ALEKSANDER ALEKSANDRE',
  'ALEKSEY ALEKSEI ALEXEY ALEXEI ALEKSIY OLEKSIY OLEKSII OLEXIY OLEXII ALIAKSEI ALYAKSEY ALIAKSEJ',
  'ANATOLIY ANATOLII ANATOLY ANATOL ANATOLI',
  'ANDREY ANDREI ANDRIY ANDRII ANDREJ ANDRZEJ',
  'ARKADIY ARKADII ARKADY ARKADZ ARKADZI',
  'ARTEM ARTYOM ARTIOM ARTSIOM ARTSEM',
  'BORIS BARYS BORYS',
  'DENIS DENYS DZIANIS DZENIS',
  'DMITRIY DMITRII DMITRY DMITRI DMYTRO DZMITRY DZMITRYI DZMITRIY',
  'FEDOR FYODOR FEODOR FEDIR FIODAR FIODOR TEODOR',
  'GENNADIY GENNADII GENNADY HENNADIY HENNADII HENADZ HENADZI',
  'GEORGIY GEORGII GEORGY HEORHIY HEORHII GIORGI GEORGI',
  'GRIGORIY GRIGORII GRIGORY HRYHORIY HRYHORII HRYHOR RYHOR GRZEGORZ',
  'IGOR IHOR IHAR',
  'ILYA ILIA ILLIA ILLYA ILLIYA',
  'IVAN IWAN IVANE',
  'KIRILL KYRYLO KIRYL KIRILO',
  'KONSTANTIN KOSTIANTYN KOSTYANTYN KANSTANTSIN KONSTANTYN KONSTANTY',
  'LEONID LEANID',
  'MAKSIM MAKSYM MAXIM',
  'MATVEY MATVEI MATVIY MATVII MATSVEI',
  'MIKHAIL MYKHAILO MYKHAYLO MIKHAYLO MIKHAL MICHAL MICHAEL MIKHAEL MICHEL MIGUEL MIKAIL MIKAEL',
  'NIKITA MYKYTA MIKITA',
  'NIKOLAY NIKOLAI MYKOLA MIKALAI MIKALAY MIKOLA MIKOLAJ NIKALAI',
  'OLEG OLEH ALEH',
  'PAVEL PAVLO PAVAL PAWEL PAVL',
  'PETR PYOTR PIOTR PETRO PIATRO PYATRO',
  'ROMAN RAMAN',
  'SEMYON SEMEN SEMION SIAMION SYAMYON',
  'SERGEY SERGEI SERHIY SERHII SIARHEI SYARHEY SERGIY SERGII',
  'STANISLAV STANISLAU STANISLAW',
  'STEPAN STSIAPAN STSEPAN STIAPAN STEFAN',
  'TIMOFEY TIMOFEI TYMOFIY TYMOFII TSIMAFEI',
  'VADIM VADYM VADZIM',
  'VALERIY VALERII VALERY VALERYI',
  'VASILIY VASILII VASILY VASYL VASIL',
  'VIKTOR VIKTAR WIKTOR',
  'VITALIY VITALII VITALY VITALI VITAL',
  'VLADIMIR VOLODYMYR ULADZIMIR WLODZIMIERZ',
  'VLADISLAV VLADYSLAV ULADZISLAU WLADYSLAW',
  'VYACHESLAV VIACHESLAV VYACHASLAU VIACHASLAU',
  'YAKOV YAKIV YAKAU JAKUB IAKOV JACOB YAAKOV YAQUB YAKUB YACOUB',
  'YAROSLAV IAROSLAV YARASLAU JAROSLAW',
  'YEVGENIY YEVGENI EVGENIY EVGENII EVGENY YEVHEN YEVHENIY YAUHEN IAUHEN EUGENIUSZ',
  'YURIY YURII YURY YURI IURII JURIJ',
  'ALLA ALA',
  'ANNA HANNA GANNA',
  'DARYA DARIA DARYNA',
  'YEKATERINA EKATERINA KATERYNA KATSIARYNA KATARZYNA',
  'YELENA ELENA OLENA ALENA',
  'GALINA HALYNA HALINA',
  'IRINA IRYNA',
  'LYUDMILA LUDMILA LIUDMYLA LIUDMILA',
  'NADEZHDA NADIYA NADIIA NADZEYA NADZEIA',
  'NATALYA NATALIA NATALIYA NATALIIA NATALLIA',
  'OLGA OLHA VOLHA',
  'SVETLANA SVITLANA SVIATLANA SVYATLANA',
  'TATYANA TATIANA TETIANA TETYANA TATSIANA',
  'VALENTINA VALENTYNA VALIANTSINA',
  // The same name in the languages of the Bible and the Quran, as they are written in Latin.
  'JOSEPH JOSEF YOSEF IOSIF YOSYP YAZEP JOZEF JOSIP GIUSEPPE YUSUF YOUSSEF YOUSEF YUSSEF YOUSSOUF',
  'MOSES MOSHE MOUSSA MUSA',
  'SOLOMON SHLOMO SULAYMAN SULEIMAN SULEYMAN SOLIMAN',
  'DAVID DAVYD DAWUD DAOUD DAVIT DAWOOD',
];

/**
 * A name's form read for the table: X as KS, W as V, letters written twice once, and the end a
 * Slavic name's form varies in (-Y, -I, -IY, -II) left off, so that NIKOLAY, NIKOLAI and the
 * NIKOLAY of NIKOLAYEVICH read alike.
 */
const read = (form: string) =>
  form
    .replace(/X/g, 'KS')
    .replace(/W/g, 'V')
    .replace(/(.)\1/g, '$1')
    .replace(/(?<=..)[IYJ]+$/, '');

const GROUPS: ReadonlyMap<string, number> = new Map(
  GIVEN_NAME_FORMS.flatMap((line, group) => line.split(' ').map((form) => [read(form), group] as const)),
);

/**
 * A patronymic's endings, Russian, Ukrainian and Belarusian, for a son (-OVICH, -YOVYCH, -AVICH) and a
 * daughter (-OVNA, -IVNA, -AVNA): what is left is the father's given name.
 */
const PATRONYMIC = /^(.{3,}?)(?:[OEA]V[IY]CH|[OEA]VNA|Y?IVNA)$/;

/**
 * The name a given name or patronymic is a form of, as `"given:N"` or `"father:N"`; null when the
 * table does not hold it. Two words are the same name in another language when these agree.
 */
export const givenNameOf = remembered((word: string): string | null => {
  const given = GROUPS.get(read(word));
  if (given !== undefined) return `given:${given}`;
  const stem = PATRONYMIC.exec(word)?.[1];
  if (stem === undefined) return null;
  const father = GROUPS.get(read(stem));
  return father === undefined ? null : `father:${father}`;
});
