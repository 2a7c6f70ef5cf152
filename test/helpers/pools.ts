// Analysis pools for tests: one worker each, generous budgets unless a test narrows one,
// all destroyed after the describe block that made them.
import { afterAll } from 'vitest';
import { AnalysisPool } from '../../services/analysis-pool.ts';

/** Call inside a describe block: returns a maker of pools that are destroyed after it. */
export function testPools(): (budget: Partial<AnalysisPool['budget']>) => AnalysisPool {
  const pools: AnalysisPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.destroy()));
  });
  return (budget) => {
    const p = new AnalysisPool({
      workers: 1,
      timeoutMs: 20_000,
      heapMb: 512,
      recycleMb: 1024,
      queueMb: 512,
      queueWaitMs: 120_000,
      ...budget,
    });
    pools.push(p);
    return p;
  };
}
