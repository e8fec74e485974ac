export { MeterClient, ANALYZE_PATH, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from './client.js';
export type { AnalyzeOptions, MeterClientOptions, RetryInfo } from './client.js';
export {
  MeterApiError,
  MeterBadRequestError,
  MeterUnauthorizedError,
  MeterPaymentRequiredError,
  MeterClientBlockedError,
  MeterPayloadTooLargeError,
  MeterUnavailableError,
  MeterServerError,
  MeterNetworkError,
  MeterTimeoutError,
  MeterAbortError,
} from './errors.js';
export type { MeterApiErrorCode } from './errors.js';
export { METER_TYPES } from './types.js';
export type {
  AnalyzeFailure,
  AnalyzeResult,
  AnalyzeSuccess,
  ImageInput,
  Meter,
  MeterType,
  ReactNativeFile,
} from './types.js';
export type { ImagePartOptions } from './image.js';
