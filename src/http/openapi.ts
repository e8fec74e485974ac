const errorBody = (example: string) => ({
  description: example,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { error: example },
    },
  },
});

/** OpenAPI 3.1 description of the public endpoint, served at /openapi.json. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Meter photo recognition API',
    version: '1.0.0',
    description:
      'Reads one photo of a water, electricity, gas or heat meter. Checks happen in this order: 401, 403, 402 ' +
      '(before the body is read), then 400/413 (while reading the upload).',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: {
      MeterType: { type: 'string', enum: ['water_cold', 'water_hot', 'water_unknown', 'electricity', 'gas', 'heat'] },
      Meter: {
        type: 'object',
        required: ['type', 'serialNumber', 'currentReading', 'tariffCount'],
        properties: {
          type: { $ref: '#/components/schemas/MeterType' },
          serialNumber: { type: 'string', description: 'Nameplate serial number; empty when not found.' },
          currentReading: { type: ['number', 'null'], description: 'null when it cannot be read reliably.' },
          tariffCount: { type: ['integer', 'null'], description: 'Electricity only; null otherwise or unknown.' },
        },
      },
      AnalyzeResult: {
        oneOf: [
          {
            type: 'object',
            required: ['success', 'meter'],
            properties: { success: { const: true }, meter: { $ref: '#/components/schemas/Meter' } },
          },
          {
            type: 'object',
            required: ['success', 'error'],
            properties: { success: { const: false }, error: { type: 'string', example: 'NO_VALID_PHOTO' } },
          },
        ],
      },
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    '/api/meters/analyze': {
      post: {
        summary: 'Recognise a meter from a photo',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image'],
                properties: { image: { type: 'string', format: 'binary', description: 'JPEG or PNG, at most 20 MiB' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Processed; success false when no meter could be recognised (error NO_VALID_PHOTO).',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/AnalyzeResult' } } },
          },
          '400': errorBody('No file uploaded'),
          '401': errorBody('Unauthorized'),
          '402': errorBody('Payment required'),
          '403': errorBody('Client blocked'),
          '413': errorBody('File too large'),
          '500': errorBody('Internal server error'),
          '503': {
            ...errorBody('Server busy, retry later'),
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
          },
        },
      },
    },
  },
} as const;
