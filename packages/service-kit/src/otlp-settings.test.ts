import { otlpEndpointSchema, otlpHeadersSchema, traceSampleRatioSchema } from './otlp-settings.ts';

describe('the OTLP settings', () => {
  it('keep every trace unless told a share, from 0 to 1', () => {
    expect(traceSampleRatioSchema.parse(undefined)).toBe(1);
    expect(traceSampleRatioSchema.parse('')).toBe(1);
    expect(traceSampleRatioSchema.parse('0.1')).toBe(0.1);
    expect(traceSampleRatioSchema.parse('0')).toBe(0);
  });

  it.each(['2', '-0.5', 'half'])('refuse the share %s with what it must be', (value) => {
    const parsed = traceSampleRatioSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'must be a number from 0 to 1, e.g. 0.1 to keep one trace in ten',
    );
  });

  it('read the endpoint and the headers a hosted service asks for', () => {
    expect(otlpEndpointSchema.parse('http://otel-collector:4318')).toBe(
      'http://otel-collector:4318',
    );
    expect(otlpEndpointSchema.safeParse('otel-collector:4318').success).toBe(false);
    expect(otlpHeadersSchema.parse('x-api-key=abc%3D,team=shop')).toEqual({
      'x-api-key': 'abc=',
      team: 'shop',
    });
  });
});
