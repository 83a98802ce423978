import type { ApiErrorBody } from '@circo/shared-contracts';

/** A coded domain error: the filter turns it into the API's one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Pick<ApiErrorBody, 'errors' | 'data'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field ? { errors: [{ field, code, message }] } : {});
export const forbidden = (code: string, message: string, data?: Record<string, unknown>) =>
  new AppError(403, code, message, data ? { data } : {});
export const conflict = (code: string, message: string) => new AppError(409, code, message);
