// The API core: a plain library over the service's REST API v1.1. It knows nothing of GitHub.
export * from './client.ts';
export * from './clock.ts';
export * from './errors.ts';
export * from './records.ts';
export * from './ssh.ts';
export * from './transport.ts';
export * from './validate.ts';
export { paginate } from './paginate.ts';
