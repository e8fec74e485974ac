export { createRecognizer, type InspectableRecognizer, type PipelineDetail } from './pipeline.js';
export type { OcrLine, Point } from './ocr/types.js';
export * from './types.js';
