/**
 * What can go wrong asking the ABR web services (docs/registers.md §1.1–1.2), as four closed kinds of
 * one `AbrFailure`. They are the client's own: the verbs that call the ABR say what each means to
 * their callers (an outage is a 502 to a resolve). Messages never carry the authentication GUID
 * (the client scrubs them; see `withoutSecret`).
 */
export class AbrFailure extends Error {}

/** A well-formed identifier the register does not hold. Lookups turn it into `null`. */
export class AbrNotFound extends AbrFailure {
  constructor(message = 'No record found on the ABR') {
    super(message);
    this.name = 'AbrNotFound';
  }
}

/** The ABR (or our shape check) refused the identifier: wrong length, bad check digit. */
export class AbrInvalidIdentifier extends AbrFailure {
  constructor(message: string) {
    super(message);
    this.name = 'AbrInvalidIdentifier';
  }
}

/** Our GUID is missing, unknown or cancelled: a configuration problem, not an outage. */
export class AbrAuthError extends AbrFailure {
  constructor(message: string) {
    super(message);
    this.name = 'AbrAuthError';
  }
}

/** HTTP 5xx, timeout, refused connection, the ABR's own "system problems", or a body we cannot read. */
export class AbrUnavailable extends AbrFailure {
  constructor(message: string) {
    super(message);
    this.name = 'AbrUnavailable';
  }
}

export type AbrError = AbrNotFound | AbrInvalidIdentifier | AbrAuthError | AbrUnavailable;

/** True when the ABR could not answer right now (worth retrying later or falling back to bulk data). */
export function isUpstreamOutage(error: unknown): error is AbrUnavailable {
  return error instanceof AbrUnavailable;
}

/**
 * Maps an ABR error text — XML `exceptionDescription` or JSON `Message` — to its kind. Keyed on the
 * description because the `exceptionCode` per description varies between captures (docs/registers.md §1.2).
 * An unrecognised description is treated as an outage: the ABR answered, but not with data.
 */
export function errorFromAbrMessage(description: string): AbrError {
  const text = description.trim();
  const message = `ABR: ${text}`;
  if (/^no records? found/i.test(text)) return new AbrNotFound(message);
  if (/GUID|registration for the party/i.test(text)) return new AbrAuthError(message);
  if (/not a valid ABN or ACN|is invalid in .*search|does not match search type/i.test(text)) {
    return new AbrInvalidIdentifier(message);
  }
  return new AbrUnavailable(message);
}

/** Replaces every occurrence of `secret` in the error's message and stack, in place. */
export function withoutSecret<E extends Error>(error: E, secret: string): E {
  if (secret === '') return error;
  error.message = error.message.replaceAll(secret, '[guid]');
  if (error.stack) error.stack = error.stack.replaceAll(secret, '[guid]');
  return error;
}
