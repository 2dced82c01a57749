// Storage's error answers: a body {statusCode, code, error, message} whose statusCode is the error's own status as
// text, sent with HTTP 400 for every error below 500 (500 stays 500), as the storage server's error handler does.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /** The HTTP status the storage server really answers with. */
  get httpStatus(): number {
    return this.status >= 500 ? 500 : 400;
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  bucketNotFound: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  alreadyExists: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  mimeType: (type: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  contentMismatch: (type: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `file content does not match mime type ${type}`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  rls: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Bad Request', message),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidFileSize: () =>
    new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  notFoundRoute: (method: string, path: string) =>
    new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`),
  internal: () => new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
  featureNotEnabled: (feature: string) =>
    new StorageError(409, 'FeatureNotEnabled', 'FeatureNotEnabled', `The feature ${feature} is not enabled for this resource`),
};

/** Maps a database error raised while running as the caller to what Storage answers. */
export function fromDatabaseError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  const err = e as { code?: string; message?: string };
  if (err?.code === '42501') {
    return /row-level security/.test(err.message ?? '') ? errors.rls() : errors.accessDenied(err.message ?? 'Access denied');
  }
  if (err?.code === '23505') return errors.alreadyExists();
  if (err?.code === '23514' || err?.code === '22021' || err?.code === '22P05') return errors.invalidKey(err.message ?? '');
  if (err?.code === '23503') return new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
  if (err?.code === 'P0001' || err?.code?.startsWith('22')) return errors.invalidRequest(err.message ?? 'Invalid request');
  throw e;
}
