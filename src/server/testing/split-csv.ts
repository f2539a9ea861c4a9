/** How a spreadsheet reads one CSV line split on `separator`, honouring RFC 4180 quotes. */
export function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  return [...cells, cell];
}
