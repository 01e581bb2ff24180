// What the deploy check prints: a line a step with its time, and the failure that stops it.
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

let stepStarted = Date.now();
export function step(text) {
  stepStarted = Date.now();
  process.stdout.write(`• ${text} … `);
}
export function done(detail = '') {
  process.stdout.write(`ok${detail ? ` (${detail})` : ''} [${seconds(Date.now() - stepStarted)}]\n`);
}

export class CheckFailed extends Error {}
export function expect(condition, message) {
  if (!condition) throw new CheckFailed(message);
}
