import { describe, expect, it } from 'vitest';
import { parseTopic, postcodeArea } from './topics';

describe('topics', () => {
  it('parses each known topic shape', () => {
    expect(parseTopic('admin')).toEqual({ kind: 'admin' });
    expect(parseTopic('jobs:E')).toEqual({ kind: 'jobs', area: 'E' });
    expect(parseTopic('order:6f1c2a4e-0b7d-4f5e-9a3b-2c1d0e9f8a7b')).toEqual({
      kind: 'order',
      id: '6f1c2a4e-0b7d-4f5e-9a3b-2c1d0e9f8a7b',
    });
  });
  it('rejects anything else', () => {
    for (const bad of ['', 'order:HN-1', 'jobs:e1', 'site:x', 'user:', 'admin:1', 'order:a:b'])
      expect(parseTopic(bad)).toBeNull();
  });
});

describe('postcodeArea', () => {
  it('takes the leading letters of a postcode or outward code', () => {
    expect(postcodeArea('E1 6AN')).toBe('E');
    expect(postcodeArea('sw1a 1aa')).toBe('SW');
    expect(postcodeArea('EC2')).toBe('EC');
  });
  it('answers null for text that is not a postcode', () => {
    expect(postcodeArea('London')).toBeNull();
  });
});
