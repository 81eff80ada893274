export * from './app-error.js';
export * from './errors.js';
export * from './query-parameters.js';
