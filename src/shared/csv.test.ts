import { describe, expect, it } from 'vitest';
import { csvCell, csvRows, undefused } from './csv.ts';

describe('CSV cells', () => {
  it('defuses a cell a spreadsheet would run (= + - @ tab CR at the start) with an apostrophe (OWASP)', () => {
    expect(['=1+1', '+1 555', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1 555",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
    ]);
    expect(csvCell('Maria Lopez')).toBe('Maria Lopez');
    expect(csvCell("O'Brien")).toBe("O'Brien");
  });

  it('gives every value back whole through csvRows and undefused, even one that already starts with an apostrophe', () => {
    const values = ['=HYPERLINK("x")', "'=already quoted", "'", "O'Brien", 'a, "b"\nc', '-', '', "''+1"];
    const [row] = csvRows(values.map(csvCell).join(','));
    expect(row!.map(undefused)).toEqual(values);
  });
});
