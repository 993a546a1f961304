import { jest } from '@jest/globals';
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { AlwaysOnSampler, SamplingDecision, type Sampler } from '@opentelemetry/sdk-trace';
import { CappedSampler, eventLoopSaturated } from './tracing.ts';

const decide = (sampler: CappedSampler) =>
  sampler.shouldSample(
    ROOT_CONTEXT,
    '0af7651916cd43dd8448eb211c80319c',
    'GET /',
    SpanKind.SERVER,
    {},
    [],
  ).decision;

describe('CappedSampler', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps what its sampler keeps up to the cap, then nothing until time refills it', () => {
    jest.useFakeTimers({ now: 0 });
    const sampler = new CappedSampler(new AlwaysOnSampler(), 3);
    const burst = Array.from({ length: 5 }, () => decide(sampler));
    expect(burst).toEqual([
      SamplingDecision.RECORD_AND_SAMPLED,
      SamplingDecision.RECORD_AND_SAMPLED,
      SamplingDecision.RECORD_AND_SAMPLED,
      SamplingDecision.NOT_RECORD,
      SamplingDecision.NOT_RECORD,
    ]);
    // A third of a second later, one more (3 a second).
    jest.advanceTimersByTime(340);
    expect(decide(sampler)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler)).toBe(SamplingDecision.NOT_RECORD);
    // Idle for long, it holds no more than the cap.
    jest.advanceTimersByTime(60_000);
    const after = Array.from({ length: 4 }, () => decide(sampler));
    expect(
      after.filter((decision) => decision === SamplingDecision.RECORD_AND_SAMPLED),
    ).toHaveLength(3);
  });

  it('keeps nothing its sampler drops, and spends nothing of the cap on it', () => {
    jest.useFakeTimers({ now: 0 });
    let keep = false;
    const switchable: Sampler = {
      shouldSample: () => ({
        decision: keep ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD,
      }),
    };
    const sampler = new CappedSampler(switchable, 1);
    expect([decide(sampler), decide(sampler)]).toEqual([
      SamplingDecision.NOT_RECORD,
      SamplingDecision.NOT_RECORD,
    ]);
    keep = true;
    expect(decide(sampler)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('while the process is saturated keeps one new trace in ten seconds, and its cap again once it is not', () => {
    jest.useFakeTimers({ now: 0 });
    let saturated = true;
    const reads: number[] = [];
    const sampler = new CappedSampler(new AlwaysOnSampler(), 20, {
      perSecond: 0.1,
      saturated: () => {
        reads.push(Date.now());
        return saturated;
      },
    });
    const kept = (count: number) =>
      Array.from({ length: count }, () => decide(sampler)).filter(
        (decision) => decision === SamplingDecision.RECORD_AND_SAMPLED,
      ).length;
    // Saturated from the first request: one trace, not the burst of 20.
    expect(kept(5)).toBe(1);
    jest.advanceTimersByTime(5_000);
    expect(kept(5)).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(kept(5)).toBe(1);
    // The load is read at most once a second, however many requests ask.
    expect(reads).toEqual([0, 5_000, 10_000]);
    saturated = false;
    jest.advanceTimersByTime(1_000);
    expect(kept(30)).toBe(20);
  });

  it('never keeps more under load than its cap allows: a share of 0 stays 0', () => {
    jest.useFakeTimers({ now: 0 });
    const sampler = new CappedSampler(new AlwaysOnSampler(), 0, {
      perSecond: 0.1,
      saturated: () => true,
    });
    jest.advanceTimersByTime(60_000);
    expect(decide(sampler)).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('eventLoopSaturated', () => {
  it('is saturated after the event loop was kept busy, not after it waited, nor at the first question', async () => {
    const saturated = eventLoopSaturated(0.9);
    const busyFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    busyFor(200);
    // The first question starts the measure: a process's start is not load.
    expect(saturated()).toBe(false);
    busyFor(200);
    expect(saturated()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saturated()).toBe(false);
  });
});
