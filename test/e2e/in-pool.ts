/**
 * Runs `work` on every item, at most `size` at a time, for end-to-end work that mostly waits on
 * the engine's processes (stacks of independent cases, the bad-input previews, the secret scan's
 * projects).
 */
export async function inPool<T>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
