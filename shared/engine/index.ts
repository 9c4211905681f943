export * from './game.js';
export * from './random.js';
