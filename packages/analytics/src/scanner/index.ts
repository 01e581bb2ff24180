export * from './errors.js';
export * from './tokenizer.js';
export * from './fields.js';
export * from './parser.js';
export * from './field-table.js';
export * from './evaluate.js';
export * from './scan.js';
export * from './presets.js';
