/**
 * How the benches that alternate two sides over rounds (batching, languages, skip-checkpoints)
 * state a ratio's uncertainty: one place for the maths.
 */

/** Student's t at 97.5 % for n - 1 degrees of freedom (n rounds), for a 95 % two-sided interval. */
const T975 = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179];

/**
 * The geometric mean of paired ratios (side A ÷ side B of one round) and its 95 % interval, from
 * the mean and spread of their logarithms.
 *
 * @example
 * pairedRatio([1.02, 0.98, 1.0]) // { mean: 1.0, low: 0.95, high: 1.05 } (about)
 */
export function pairedRatio(ratios: readonly number[]): { mean: number; low: number; high: number } {
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const mean = logs.reduce((s, x) => s + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  const half = (T975[n - 1] ?? 1.96) * (sd / Math.sqrt(n));
  return { mean: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half) };
}
