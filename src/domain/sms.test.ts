import { describe, expect, it } from 'vitest';
import { SMS_TEXT_MAX, codeLikeNumbers, orderNumbersIn, smsBody, toE164 } from './sms';

describe('smsBody', () => {
  it('keeps a short text as it is and adds the link after it', () => {
    expect(smsBody('Hot Grill accepted order HN-100234.', 'https://halalnosh.example/orders/HN-100234')).toBe(
      'Hot Grill accepted order HN-100234. https://halalnosh.example/orders/HN-100234',
    );
  });

  it('says a link the text already ends with once, with its label, after the words', () => {
    const link = 'https://halalnosh.example/order/HN-100016';
    expect(
      smsBody(`Bab Al-Yemen has accepted your order and is preparing it.\n\nTrack your order: ${link}`, link),
    ).toBe(`Bab Al-Yemen has accepted your order and is preparing it. Track your order: ${link}`);
  });

  it('keeps the link whole when a long text is clipped before it', () => {
    const link = 'https://halalnosh.example/order/HN-100016?token=abc';
    const body = smsBody(`${'word '.repeat(60)}\nTrack your order: ${link}\nQuestions? Call us.`, link);
    expect(body).toMatch(/word\.\.\. Track your order: https:\/\/halalnosh\.example\/order\/HN-100016\?token=abc$/);
  });

  it('writes plain punctuation and one line, so the text stays in the GSM alphabet', () => {
    expect(smsBody('Your driver’s on the way…\n“Ali” – 5 min')).toBe('Your driver\'s on the way... "Ali" - 5 min');
  });

  it('clips a long text at a word to one part', () => {
    const body = smsBody('word '.repeat(60));
    expect(body.length).toBeLessThanOrEqual(SMS_TEXT_MAX);
    expect(body).toMatch(/word\.\.\.$/);
  });
});

describe('codeLikeNumbers', () => {
  it('finds a standalone four-digit number', () => {
    expect(codeLikeNumbers('Your delivery code is 4821. Show it to your driver.')).toEqual(['4821']);
    expect(codeLikeNumbers('Code: 0042')).toEqual(['0042']);
  });

  it('ignores order numbers, longer numbers, times and amounts', () => {
    expect(codeLikeNumbers('Order HN-100234 at 19:40, total £1250.00, call 07700900123')).toEqual([]);
    expect(codeLikeNumbers('HN-1234 ready')).toEqual([]);
  });
});

describe('orderNumbersIn', () => {
  it('lists each order number once', () => {
    expect(orderNumbersIn('HN-100234 and HN-100235, HN-100234 again')).toEqual(['HN-100234', 'HN-100235']);
  });
});

describe('toE164', () => {
  it('turns UK numbers into international form', () => {
    expect(toE164('07700 900123')).toBe('+447700900123');
    expect(toE164('+44 7700 900123')).toBe('+447700900123');
    expect(toE164('0044 (7700) 900-123')).toBe('+447700900123');
    expect(toE164('020 7946 0018')).toBe('+442079460018');
  });

  it('refuses what is not a phone number', () => {
    expect(toE164('call me')).toBeNull();
    expect(toE164('12345')).toBeNull();
  });
});
