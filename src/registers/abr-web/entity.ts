/**
 * One ABN as the ABR web services describe it (docs/registers.md §1.3), the same shape from the XML
 * (`businessEntity202001`/`…201408`) and the JSON (`AbnDetails`) endpoints. Dates are `YYYY-MM-DD`;
 * the web services' `0001-01-01` "no date" becomes null. Fields an endpoint does not return are null.
 */
export type AbrEntity = {
  abn: string;
  abn_status: AbnStatus;
  abn_status_from: string | null;
  /** `ASICNumber`: ACN (or ARBN — the ABR does not say which), null for non-companies. */
  acn: string | null;
  entity_type_code: string | null;
  entity_type_text: string | null;
  /** `mainName` for organisations; `FAMILY, GIVEN OTHER` for individuals. */
  entity_name: string | null;
  /** `legalName` parts for individuals (XML only; the JSON gives only the joined name). */
  individual: AbrIndividual | null;
  gst_registered: boolean;
  /** Start of the open GST period; null when not currently registered. */
  gst_from: string | null;
  state: string | null;
  postcode: string | null;
  business_names: AbrName[];
  /** `mainTradingName` + `otherTradingName` (frozen since 2012, retired Nov 2025); null from the JSON, which never returns them. */
  trading_names: AbrName[] | null;
  record_last_updated: string | null;
  date_register_last_updated: string | null;
  /** The ABR's `dateTimeRetrieved` (XML) or our clock when the answer arrived (JSON), as ISO 8601 UTC. */
  retrieved_at: string;
};

export type AbnStatus = 'Active' | 'Cancelled';
export type AbrName = { name: string; from: string | null };
export type AbrIndividual = { given: string | null; other_given: string | null; family: string | null };

export function abnStatus(value: string): AbnStatus | null {
  const v = value.trim().toLowerCase();
  return v === 'active' ? 'Active' : v === 'cancelled' ? 'Cancelled' : null;
}

/** Individuals are named "FAMILY, GIVEN OTHER", as the JSON endpoint and ABN Lookup show them. */
export function individualName(person: AbrIndividual): string | null {
  const given = [person.given, person.other_given].filter(Boolean).join(' ');
  if (person.family && given) return `${person.family}, ${given}`;
  return person.family ?? (given || null);
}

/**
 * The ABR's `ASICNumber`/`Acn` as given: 9 digits, not re-checked. The register is authoritative
 * here and does publish numbers that fail the ACN check digit (the DTA's `172177893`, docs/registers.md §1.1).
 */
export function asicNumber(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}
