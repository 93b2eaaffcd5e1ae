/** Form fields of every cloud call; the calls themselves are CLOUD_CALLS of ../routes.ts. */
export * from './account.ts';
export * from './content.ts';
export * from './credential.ts';
export * from './library.ts';
export * from './local.ts';
export * from './ticket.ts';
export * from './content-answers.ts';
export * from './staff.ts';
export * from './team.ts';
export * from './sync.ts';
export * from './chunks.ts';
export * from './snapshot.ts';
