/** Why a request was rejected: the caller may want to tell a timeout from a business error. */
export type RequestErrorKind = 'response' | 'unauthorized' | 'whitelist' | 'timeout' | 'network';

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** body.code || HTTP status; 0 when no response arrived. */
    readonly status = 0,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}
