import { clean, isoDate } from '../values.ts';
import { type AbrEntity, type AbrName, abnStatus, asicNumber, individualName } from './entity.ts';
import { AbrUnavailable, errorFromAbrMessage } from './errors.ts';
import { child, children, childText, descendant, parseXml, type XmlElement } from './xml.ts';

/**
 * Reads the `ABRPayloadSearchResults` answer of SearchByABNv202001 / SearchByASICv201408
 * (docs/registers.md §1.2). Throws the typed error for an `exception` answer (AbrNotFound for
 * "No records found") and AbrUnavailable for anything that is not this payload.
 */
export function parseEntityPayload(body: string, clock: () => number): AbrEntity {
  const response = responseOf(body);
  const entity = response.children.find((c) => c.name.startsWith('businessEntity'));
  if (!entity) throw new AbrUnavailable('ABR answer holds neither a business entity nor an exception');
  return toEntity(entity, response, clock);
}

/**
 * Reads the SearchByUpdateEvent answer: the ABNs under `response/abnList`. The list's inner shape is
 * [U] (docs/registers.md names only `abnList`), so both `<abn>` and `<identifierValue>` leaves are taken,
 * at any depth. "No records found" means no ABN changed that day.
 */
export function parseAbnListPayload(body: string): string[] {
  const response = responseOf(body, { notFoundIsEmpty: true });
  if (!response) return [];
  const list = child(response, 'abnList');
  if (!list) throw new AbrUnavailable('ABR answer holds neither an ABN list nor an exception');
  const abns = new Set<string>();
  const walk = (element: XmlElement): void => {
    for (const c of element.children) {
      const text = c.text.trim();
      if ((c.name === 'abn' || c.name === 'identifierValue') && /^\d{11}$/.test(text)) abns.add(text);
      walk(c);
    }
  };
  walk(list);
  return [...abns];
}

function responseOf(body: string): XmlElement;
function responseOf(body: string, options: { notFoundIsEmpty: true }): XmlElement | null;
function responseOf(body: string, options?: { notFoundIsEmpty: true }): XmlElement | null {
  let document: XmlElement;
  try {
    document = parseXml(body);
  } catch {
    throw new AbrUnavailable('ABR answer is not well-formed XML');
  }
  const payload = descendant(document, 'ABRPayloadSearchResults');
  const response = child(payload, 'response');
  if (!response) throw new AbrUnavailable('ABR answer is not an ABRPayloadSearchResults document');
  const exception = child(response, 'exception');
  if (exception) {
    const error = errorFromAbrMessage(childText(exception, 'exceptionDescription'));
    if (options?.notFoundIsEmpty && error.name === 'AbrNotFound') return null;
    throw error;
  }
  return response;
}

function toEntity(entity: XmlElement, response: XmlElement, clock: () => number): AbrEntity {
  const abnElements = children(entity, 'ABN');
  const abnElement = abnElements.find((a) => childText(a, 'isCurrentIndicator') === 'Y') ?? abnElements[0];
  const abn = childText(abnElement, 'identifierValue');
  const status = current(children(entity, 'entityStatus'));
  const statusValue = abnStatus(childText(status, 'entityStatusCode'));
  if (!/^\d{11}$/.test(abn) || !statusValue)
    throw new AbrUnavailable('ABR entity lacks an ABN or its status');

  const type = child(entity, 'entityType');
  const gst = children(entity, 'goodsAndServicesTax').find(isOpen);
  const address = current(children(entity, 'mainBusinessPhysicalAddress'));
  const mainName = current(children(entity, 'mainName'));
  const legalName = mainName ? undefined : current(children(entity, 'legalName'));
  const individual = legalName
    ? {
        given: clean(childText(legalName, 'givenName')),
        other_given: clean(childText(legalName, 'otherGivenName')),
        family: clean(childText(legalName, 'familyName')),
      }
    : null;
  const retrieved = new Date(childText(response, 'dateTimeRetrieved'));

  return {
    abn,
    abn_status: statusValue,
    abn_status_from: isoDate(childText(status, 'effectiveFrom')),
    acn: asicNumber(childText(entity, 'ASICNumber')),
    entity_type_code: clean(childText(type, 'entityTypeCode')),
    entity_type_text: clean(childText(type, 'entityDescription')),
    entity_name: individual ? individualName(individual) : clean(childText(mainName, 'organisationName')),
    individual,
    gst_registered: gst !== undefined,
    gst_from: gst ? isoDate(childText(gst, 'effectiveFrom')) : null,
    state: clean(childText(address, 'stateCode')),
    postcode: clean(childText(address, 'postcode')),
    business_names: names(children(entity, 'businessName')),
    trading_names: names([...children(entity, 'mainTradingName'), ...children(entity, 'otherTradingName')]),
    record_last_updated: isoDate(childText(entity, 'recordLastUpdatedDate')),
    date_register_last_updated: isoDate(childText(response, 'dateRegisterLastUpdated')),
    retrieved_at: (Number.isNaN(retrieved.getTime()) ? new Date(clock()) : retrieved).toISOString(),
  };
}

/** A period is open when `effectiveTo` is absent or the `0001-01-01` "no date". */
function isOpen(period: XmlElement): boolean {
  return isoDate(childText(period, 'effectiveTo')) === null;
}

/** The open period, else the first listed (history N returns only the latest). */
function current(periods: XmlElement[]): XmlElement | undefined {
  return periods.find(isOpen) ?? periods[0];
}

function names(elements: XmlElement[]): AbrName[] {
  return elements.flatMap((e) => {
    const name = clean(childText(e, 'organisationName'));
    return name ? [{ name, from: isoDate(childText(e, 'effectiveFrom')) }] : [];
  });
}
