import { describe, expect, it } from 'vitest';
import { attributeText } from './attribute-text';

describe('attribute text', () => {
  it('shows each attribute type as plain text', () => {
    expect(attributeText({ name: 'a', type: 'char', value: '<script>x</script>' })).toBe('<script>x</script>');
    expect(attributeText({ name: 'a', type: 'string', value: ['one'] })).toBe('one');
    expect(attributeText({ name: 'a', type: 'string', value: ['a', 'b"c'] })).toBe('"a", "b\\"c"');
    expect(attributeText({ name: 'a', type: 'int64', value: [2n ** 62n + 1n, -1n] })).toBe('4611686018427387905, -1');
    expect(attributeText({ name: 'a', type: 'float', value: [1.5, -0] })).toBe('1.5, 0');
  });
});
