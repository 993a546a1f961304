import { jest } from '@jest/globals';
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { AlwaysOnSampler, SamplingDecision, type Sampler } from '@opentelemetry/sdk-trace';
import { CappedSampler } from './tracing.ts';

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
});
