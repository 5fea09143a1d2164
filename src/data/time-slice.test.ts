import { describe, expect, it } from 'vitest';
import { yieldIfBusy } from './time-slice';

function busy(ms: number): void {
  const t = performance.now();
  while (performance.now() - t < ms);
}

describe('yieldIfBusy', () => {
  it('lets other tasks run once the stretch of work exceeds the budget, and not before', async () => {
    await yieldIfBusy(0); // start a fresh stretch
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await yieldIfBusy(1000); // well within the budget: no yield
    order.push('short');
    busy(15);
    await yieldIfBusy(10); // over the budget: a macrotask turn (the timer may run)
    await new Promise((r) => setTimeout(r, 5));
    expect(order[0]).toBe('short');
    expect(order).toContain('timer');
  });

  it('splits a long loop of small units into several tasks', async () => {
    await yieldIfBusy(0);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    for (let i = 0; i < 20; i++) {
      busy(3);
      await yieldIfBusy(8);
    }
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2); // the interval got turns during the loop
  });
});
