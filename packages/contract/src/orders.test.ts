import { orderNumberSchema } from './orders.ts';
import { orderReferenceSchema } from './withdrawals.ts';

describe('an order number as a buyer types it', () => {
  it('reads any case, spaces or no dashes, and the letters a reader confuses with digits', () => {
    for (const typed of ['ABA-K3QX-9PD2', 'aba-k3qx-9pd2', ' aba k3qx 9pd2 ', 'ABAK3QX9PD2'])
      expect(orderNumberSchema.parse(typed)).toBe('ABA-K3QX-9PD2');
    expect(orderNumberSchema.parse('ABA-1O0I-L111')).toBe('ABA-1001-1111');
  });

  it('refuses what is not one, saying what one looks like', () => {
    for (const typed of ['ABA-K3QX-9PD', 'ABA-K3QX-9PDUU', 'ord_123', 'cs_local_1', ''])
      expect(orderNumberSchema.safeParse(typed).error?.issues[0]?.message).toBe(
        'is not an order number (ABA- and eight letters or digits)',
      );
  });
});

describe('the withdrawal form’s order reference', () => {
  it('takes the order number, or the session id that receipts named before numbers', () => {
    expect(orderReferenceSchema.parse('aba k3qx 9pd2')).toBe('ABA-K3QX-9PD2');
    expect(orderReferenceSchema.parse(' cs_local_abc-1 ')).toBe('cs_local_abc-1');
    expect(orderReferenceSchema.safeParse('ord_123').error?.issues[0]?.message).toBe(
      'is not an order reference (ABA- and eight letters or digits, as on your receipt)',
    );
  });
});
