export * from './app-error.js';
export * from './errors.js';
