// Number cells as Excel shows them (`teamctl help glossary-files`, "Spreadsheets (.xlsx)"): the formats teamctl applies,
// the date systems with Excel's own 1900 quirks, and General for what it does not apply.
import { describe, expect, it } from 'vitest';
import { formatCode, formatValue, general } from '../../src/files/xlsx/format.js';

const shown = (stored: string, code: string, date1904 = false) => formatValue(stored, code, date1904);

describe('number formats', () => {
  it('General: up to 15 significant digits, exponents as Excel writes them', () => {
    expect([general(42), general(-0.5), general(0.1 + 0.2), general(123456789012345), general(1e21), general(1.5e-7), general(2 / 3)]).toEqual(['42', '-0.5', '0.3', '123456789012345', '1E+21', '1.5E-07', '0.666666666666667']);
  });

  it('integers, decimals, thousands, percentages, scientific, literals, negative and zero sections', () => {
    expect([shown('3.7', '0'), shown('3.14159', '0.00'), shown('1234567.891', '#,##0.00'), shown('0.256', '0%'), shown('12345', '0.00E+00'), shown('12', '00000')]).toEqual(['4', '3.14', '1,234,567.89', '26%', '1.23E+04', '00012']);
    expect([shown('42', '"EUR "0.00'), shown('7', '[$€-407] #,##0.00'), shown('-5', '#,##0 ;(#,##0)'), shown('0', '0.00;-0.00;"zero"'), shown('1.5', '0.##')]).toEqual(['EUR 42.00', '€ 7.00', '(5)', 'zero', '1.5']);
  });

  it('dates and times: built-in and custom codes, m as minutes after h or before s, AM/PM, elapsed hours', () => {
    expect([shown('45292', formatCode(14, new Map())), shown('45292', 'yyyy-mm-dd'), shown('45292', 'd-mmm-yy'), shown('43831', 'dddd, mmmm d, yyyy')]).toEqual(['1/1/2024', '2024-01-01', '1-Jan-24', 'Wednesday, January 1, 2020']);
    expect([shown('45292.75', 'm/d/yyyy h:mm'), shown('45292.5208333', 'h:mm AM/PM'), shown('0.000694444', 'mm:ss'), shown('1.5', '[h]:mm:ss'), shown('0.5', 'hh:mm:ss')]).toEqual(['1/1/2024 18:00', '12:30 PM', '01:00', '36:00:00', '12:00:00']);
  });

  it("the 1900 system's day 0 and 29 February 1900; the 1904 system", () => {
    expect([shown('0', 'm/d/yyyy'), shown('1', 'm/d/yyyy'), shown('59', 'm/d/yyyy'), shown('60', 'm/d/yyyy'), shown('61', 'm/d/yyyy')]).toEqual(['1/0/1900', '1/1/1900', '2/28/1900', '2/29/1900', '3/1/1900']);
    expect([shown('0', 'm/d/yyyy', true), shown('45292', 'yyyy-mm-dd', true)]).toEqual(['1/1/1904', '2028-01-02']);
  });

  it('what is not applied is General: fractions, conditions, a negative date; custom codes win over built-in ids', () => {
    expect([shown('1.5', '# ?/?'), shown('150', '[>100]0;0.00'), shown('-1', 'yyyy-mm-dd'), shown('2', '@'), shown('abc', '0.00')]).toEqual(['1.5', '150', '-1', '2', 'abc']);
    expect(formatCode(14, new Map([[14, 'yyyy-mm-dd']]))).toBe('yyyy-mm-dd');
    expect(formatCode(200, new Map())).toBe('General');
  });
});
