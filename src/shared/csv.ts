/**
 * CSV as spreadsheets read and write it (RFC 4180), shared by every import and export. A cell that
 * a spreadsheet would run as a formula (= + - @ tab or CR at the start) is written with an apostrophe in
 * front, so an exported row can't execute anything when opened; `undefused` takes it off again
 * when the file comes back.
 */
/** A formula (= + - @ tab CR first, per OWASP), or one already written with apostrophes in front ('=x). */
const DEFUSE = /^'*[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  // A value that already looks defused ('=x) gets one more too, so `undefused` gives it back whole.
  if (DEFUSE.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A cell as it was before csvCell defused it. */
export const undefused = (cell: string): string =>
  cell.startsWith("'") && DEFUSE.test(cell.slice(1)) ? cell.slice(1) : cell;

/** Rows of a CSV text: quoted fields may hold commas, doubled quotes and line breaks. Linear. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** The rows of an uploaded file: without a byte-order mark and blank rows. */
export const csvRows = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''));
