import { callerTraceIds } from './caller-trace-ids.ts';

describe('callerTraceIds', () => {
  it("reads a kept trace's id and the caller's span from a traceparent", () => {
    expect(callerTraceIds('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      parent_span_id: '00f067aa0ba902b7',
    });
  });

  it.each([
    ['missing', undefined],
    ['not kept (sampled flag off)', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00'],
    ['of another version', '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['cut short', '00-4bf92f3577b34da6a3ce929d0e0e47-00f067aa0ba902b7-01'],
    ['in capitals', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'],
    ['with something after it', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x'],
  ])('gives nothing for a traceparent %s', (_case, header) => {
    expect(callerTraceIds(header)).toEqual({});
  });
});
