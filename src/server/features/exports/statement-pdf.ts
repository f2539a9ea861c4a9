import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { formatDay, formatInstant } from '../../../shared/display';
import { highScUsdHundredths } from '../../../shared/ledger';
import { formatGrouped, formatSignedGrouped } from '../../../shared/money';
import type { Db } from '../../db/types';
import { drained, stopsWith, turn } from './export-writer';
import { type Balance, checkedSections, type Statement, type Sums, statementTotals } from './statement-data';

/** US Letter, landscape, half-inch margins; 8-point rows. */
const PAGE = { size: 'LETTER', layout: 'landscape', margin: 36 } as const;
const ROW = 11;
const TOP = 36;
const BOTTOM = 612 - 36;
const LEFT = 36;

/** The table's columns: header, left edge and width (points); numbers right-aligned. */
const COLUMNS = [
  { header: 'Date', x: 0, w: 92, right: false },
  { header: 'Type', x: 95, w: 88, right: false },
  { header: 'Unplayed change', x: 186, w: 76, right: true },
  { header: 'Played change', x: 265, w: 74, right: true },
  { header: 'USD change', x: 342, w: 66, right: true },
  { header: 'Unplayed', x: 411, w: 80, right: true },
  { header: 'Played', x: 494, w: 74, right: true },
  { header: 'Total', x: 571, w: 80, right: true },
  { header: 'USD value', x: 654, w: 66, right: true },
] as const;

export const statementTitle = (s: Statement) => `Statement for ${s.customerName}, ${formatDay(s.startDate)} to ${formatDay(s.endDate)}`;

const balanceCells = (b: Balance) => [
  formatGrouped(b.unplayed),
  formatGrouped(b.played),
  formatGrouped(b.unplayed + b.played),
  formatGrouped(highScUsdHundredths(b.unplayed, b.played)),
];

/**
 * The statement as a PDF (pdfkit): selectable text in the standard Helvetica, its title and the office
 * time zone and page number atop every page with the table's header repeated under them. Pages are
 * written as they fill and handed to `out` as pdfkit emits them; the writer waits whenever `out` is
 * full, so a statement of any length holds one page (decision 181).
 */
export async function writeStatementPdf(db: Db, statement: Statement, out: Writable): Promise<number> {
  const signal = stopsWith(out);
  const { default: PDFDocument } = await import('pdfkit');
  const title = statementTitle(statement);
  const doc = new PDFDocument({ ...PAGE, autoFirstPage: false, info: { Title: title, Creator: 'Coin Ledger' }, displayTitle: true });
  doc.on('data', (chunk: Buffer) => out.write(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  let page = 0;
  let y = 0;
  let casino = '';
  const cells = (values: readonly (string | null)[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    values.forEach((v, i) => {
      const c = COLUMNS[i];
      if (v !== null) doc.text(v, LEFT + c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
    });
    y += ROW;
  };
  const newPage = () => {
    doc.addPage(PAGE);
    page += 1;
    doc.font('Helvetica-Bold').fontSize(13).text(title, LEFT, TOP, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Times in ${statement.timeZone}`, LEFT, TOP + 17, { lineBreak: false })
      .text(`Page ${page}`, LEFT, TOP + 17, { width: 720, align: 'right', lineBreak: false });
    y = TOP + 34;
    cells(
      COLUMNS.map((c) => c.header),
      true,
    );
    doc
      .moveTo(LEFT, y - 2)
      .lineTo(LEFT + 720, y - 2)
      .lineWidth(0.5)
      .stroke();
    y += 2;
  };
  /** Room for `rows` more rows, or a new page (with the casino named again when inside a section). */
  const room = async (rows: number) => {
    if (page > 0 && y + rows * ROW <= BOTTOM) return;
    newPage();
    if (casino) cells([`${casino} (continued)`], true);
    signal.throwIfAborted();
    if (out.writableNeedDrain) await drained(out, signal);
    await turn();
  };
  const totals = async (label: string, s: Sums) => {
    await room(7);
    cells([label], true);
    const usd = (name: string, v: number) => cells([name, null, null, null, formatSignedGrouped(v)]);
    usd('Purchases', s.purchases);
    usd('Redemptions', s.redemptions);
    usd('Other USD', s.otherUsd);
    usd('Net USD', s.usd);
    cells(['Coins in', null, null, null, null, null, null, formatSignedGrouped(s.coinsIn)]);
    cells(['Coins out', null, null, null, null, null, null, formatSignedGrouped(s.coinsOut)]);
  };
  let entries = 0;
  try {
    await room(1);
    for await (const part of checkedSections(db, statement)) {
      if (part.kind === 'start') {
        casino = '';
        await room(3);
        y += 4;
        casino = part.section.casinoName;
        cells([casino], true);
        cells([`Opening, ${formatDay(statement.startDate)}`, null, null, null, null, ...balanceCells(part.section.opening)]);
      } else if (part.kind === 'entry') {
        await room(1);
        const e = part.entry;
        cells([
          formatInstant(e.date, statement.timeZone),
          e.typeName,
          formatSignedGrouped(e.unplayedChange),
          formatSignedGrouped(e.playedChange),
          formatSignedGrouped(e.usdChange),
          formatGrouped(e.unplayedAfter),
          formatGrouped(e.playedAfter),
          formatGrouped(e.totalAfter),
          formatGrouped(highScUsdHundredths(e.unplayedAfter, e.playedAfter)),
        ]);
        entries += 1;
      } else {
        await room(1);
        cells([`Closing, ${formatDay(statement.endDate)}`, null, null, null, null, ...balanceCells(part.section.closing)]);
        await totals(`Totals at ${casino}`, part.section.sums);
        casino = '';
      }
    }
    if (statement.sections.length === 0) cells(['This customer has no casino accounts.']);
    await totals(`Totals for ${statement.customerName}`, statementTotals(statement));
    doc.end();
    await ended;
    out.end();
    await finished(out);
    return entries;
  } catch (error) {
    doc.removeAllListeners('data');
    throw error;
  }
}
