/** A refusal the user should read: code 400 (or the given code) with a Chinese message, never a stack. */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code: number = 400,
  ) {
    super(message);
  }
}

export const fail = (message: string, code = 400): never => {
  throw new BizError(message, code);
};

/** Token endpoint failures keep the OAuth2 shape `{error, error_description}` (contract §2.4). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}
