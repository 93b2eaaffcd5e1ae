/** The documentation of the local API, generated from the contract (see docs/*.ts). */
export * from './adspower.ts';
export * from './calls.ts';
export * from './examples.ts';
export * from './mcp.ts';
export * from './openapi.ts';
export * from './pages.ts';
export * from './postman.ts';
export * from './purposes.ts';
export * from './schema.ts';
export * from './service.ts';
