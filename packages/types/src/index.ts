/**
 * Types of the latest version (7.7) of the street-works event interface. Each version also has
 * its own export path: `@street-events/types/v7.0` … `@street-events/types/v7.7`.
 */
export * from './generated/v7_7.js';
