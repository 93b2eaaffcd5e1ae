/** Form fields of every cloud call (../shared/spec/site-console-tickets.md §7, ../shared/DESIGN.md "Fixed names and ports"). */
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
