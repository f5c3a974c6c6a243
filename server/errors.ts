/**
 * An error a service (or a plugin) raises on purpose: its message is shown to the user as is,
 * with `statusCode` and an optional `code` for the browser to branch on. The one error handler
 * (server/plugins/errors.ts) turns it into JSON `{ error, message, code? }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
