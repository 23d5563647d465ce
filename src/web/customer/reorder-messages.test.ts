import { describe, expect, it } from 'vitest';
import { reorderMissingText, reorderOfferText } from './reorder-messages';

const line = (name: string, reason: 'unavailable' | 'options') => ({ menuItemId: null, name, quantity: 1, reason });

describe('what "Order Again" could not re-add', () => {
  it('names the dishes no longer sold', () => {
    expect(reorderMissingText([line('Turkish Tea', 'unavailable'), line('Baklava', 'unavailable')])).toBe(
      'Not added to your cart: Turkish Tea, Baklava.',
    );
  });

  it('asks for the options of a dish whose options changed, one or several', () => {
    expect(reorderMissingText([line('Chicken Wrap', 'options')])).toBe(
      'Its options have changed, choose them again: Chicken Wrap.',
    );
    expect(reorderMissingText([line('Chicken Wrap', 'options'), line('Mixed Grill', 'options')])).toBe(
      'Their options have changed, choose them again: Chicken Wrap, Mixed Grill.',
    );
  });

  it('says both when both happened', () => {
    expect(reorderMissingText([line('Turkish Tea', 'unavailable'), line('Chicken Wrap', 'options')])).toBe(
      'Not added to your cart: Turkish Tea. Its options have changed, choose them again: Chicken Wrap.',
    );
  });
});

describe('what "Order Again" says about the offer', () => {
  const offer = (label: string, savingMinor: number) => ({ label, savingMinor });

  it('says an offer the order had has ended', () => {
    expect(reorderOfferText({ then: offer('20% off, up to £5', 299), now: null })).toBe(
      'Offer ended: 20% off, up to £5 no longer applies, so your total may be higher than last time.',
    );
  });

  it('says a new offer applies, with what it saves now', () => {
    expect(reorderOfferText({ then: null, now: offer('£5 off when you spend £20', 500) })).toBe(
      'New offer: £5 off when you spend £20, saving £5.00 on this order.',
    );
  });

  it('says one offer gave way to another', () => {
    expect(reorderOfferText({ then: offer('Free delivery', 249), now: offer('20% off', 410) })).toBe(
      'Offer changed: Free delivery has ended; 20% off applies now.',
    );
  });

  it('says nothing when the same offer applies or there is none', () => {
    expect(reorderOfferText({ then: offer('20% off', 300), now: offer('20% off', 320) })).toBe('');
    expect(reorderOfferText({ then: null, now: null })).toBe('');
  });
});
