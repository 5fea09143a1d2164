import { describe, expect, it } from 'vitest';
import { MetadataError } from '../errors';
import { JsonNumber, jsonKeys, parseJson, unparse, type JsonObject } from './json';

const num = (v: unknown) => (v instanceof JsonNumber ? v.text : `not a number: ${JSON.stringify(v)}`);

describe('parseJson', () => {
  it('keeps object keys in document order, integer-like keys too (JavaScript lists those first)', () => {
    const text = '{"1d": 3, "5": 2, "time": {"size": 2, "0": [1, {"b": 1, "10": 2, "a": 3}]}, "0": "x"}';
    const v = parseJson(text, 'k') as JsonObject;
    expect(jsonKeys(v)).toEqual(['1d', '5', 'time', '0']);
    expect(Object.keys(v)).toEqual(['0', '5', '1d', 'time']); // the plain object's own order, for contrast
    const time = v.time as JsonObject;
    expect(jsonKeys(time)).toEqual(['size', '0']);
    expect(unparse(v)).toBe('{"1d": 3, "5": 2, "time": {"size": 2, "0": [1,{"b": 1, "10": 2, "a": 3}]}, "0": "x"}');
    // Keys and strings that hold the marker or look like keys inside strings are read as they are.
    const tricky = parseJson('{"\\u0001": 1, "s": "\\"2\\": 3", "2": "\\u0001"}', 'k') as JsonObject;
    expect(jsonKeys(tricky)).toEqual(['\u0001', 's', '2']);
    expect(tricky.s).toBe('"2": 3');
    expect(tricky['2']).toBe('\u0001');
  });

  it('reads the bare NaN, Infinity and -Infinity Python writes as numbers, outside strings only', () => {
    const v = parseJson('{"a": NaN, "b": [1.0, Infinity, -Infinity], "s": "NaN Infinity", "NaN": -1}', 'k') as Record<
      string,
      unknown
    >;
    expect(num(v.a)).toBe('NaN');
    expect(Number.isNaN((v.a as JsonNumber).toNumber())).toBe(true);
    expect((v.b as unknown[]).map(num)).toEqual(['1.0', 'Infinity', '-Infinity']);
    expect((v.b as JsonNumber[])[2]?.toNumber()).toBe(-Infinity);
    expect(v.s).toBe('NaN Infinity');
    expect(num(v.NaN)).toBe('-1');
  });

  it('keeps 64-bit integers exact next to non-finite words', () => {
    const v = parseJson('[NaN, 9007199254740993, -9223372036854775808]', 'k') as JsonNumber[];
    expect(v.map((x) => x.text)).toEqual(['NaN', '9007199254740993', '-9223372036854775808']);
    expect(v[1]?.toBigInt()).toBe(9007199254740993n);
  });

  it('never confuses a string that spells its internal token with a number', () => {
    for (const s of ['~nonfinite0~NaN', '\\u007enonfinite0~NaN', '\\u007enonfinite1~Infinity']) {
      const v = parseJson(`{"x": "${s}", "y": NaN, "~nonfinite0~": 1}`, 'k') as Record<string, unknown>;
      expect(v.x).toBe(JSON.parse(`"${s}"`));
      expect(num(v.y)).toBe('NaN');
      expect(num(v['~nonfinite0~'])).toBe('1');
    }
  });

  it('reads control characters netcdf-c leaves unescaped inside strings', () => {
    const v = parseJson('{"a": "x\u0001\u001c\ty", "b": [NaN, "\u0002"]}', 'k') as Record<string, unknown>;
    expect(v.a).toBe('x\u0001\u001c\ty');
    expect((v.b as unknown[])[1]).toBe('\u0002');
    expect(num((v.b as unknown[])[0])).toBe('NaN');
  });

  it('keeps one value of a duplicated key holding a non-finite number', () => {
    const v = parseJson('{"a": NaN, "a": NaN, "b": 1}', 'k') as Record<string, unknown>;
    expect(num(v.a)).toBe('NaN');
  });

  it('still rejects what is not JSON, naming the key', () => {
    for (const bad of ['{"a": nan}', '{"a": NaNa}', '{"a": -NaN}', '{"a": Inf}', '[NaN,']) {
      expect(() => parseJson(bad, 'g/.zattrs')).toThrow(MetadataError);
    }
  });
});
