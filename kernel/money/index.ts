export * from './asset.js';
export * from './decimal.js';
export * from './amount-field.js';
export * from './rate.js';
