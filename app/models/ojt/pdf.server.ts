/**
 * The completion certificate and the certified daily time record as PDF files, written with
 * pdf-lib (no PDF syntax of our own) and the QR code's modules from `qrcode` drawn as squares.
 * Text uses the standard Helvetica fonts; a character they cannot show is printed as "?".
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import type { CertificateFacts, DtrFacts } from "./completion.server";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);

/** The text with every character the font cannot encode replaced by "?". */
function printable(font: PDFFont, text: string): string {
  const ok = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) out += ok.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}

/** Words wrapped to lines no wider than `width` (a word longer than a line is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printable(font, text).split(/\s+/).filter(Boolean)) {
    let w = word;
    while (font.widthOfTextAtSize(w, size) > width) {
      let cut = w.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > width) cut--;
      if (line) lines.push(line);
      lines.push(w.slice(0, cut));
      line = "";
      w = w.slice(cut);
    }
    const next = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

function centered(page: PDFPage, font: PDFFont, text: string, size: number, y: number) {
  const t = printable(font, text);
  const x = (page.getWidth() - font.widthOfTextAtSize(t, size)) / 2;
  page.drawText(t, { x, y, size, font, color: INK });
}

/** The QR code of `text` drawn as dark squares, its lower-left corner at (x, y), `size` wide. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + quiet * 2);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        page.drawRectangle({
          x: x + (c + quiet) * cell,
          y: y + size - (r + quiet + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
}

const hoursText = (h: number) => `${h % 1 ? h.toFixed(2) : h} hours`;

/** The completion certificate (one A4 page). */
export async function certificatePdf(f: CertificateFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of completion ${f.code}`);
  doc.setAuthor(f.collegeName);
  doc.setCreator("Runway");
  doc.setSubject(`On-the-job training of ${f.studentName}`);
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  page.drawRectangle({
    x: 25,
    y: 25,
    width: width - 50,
    height: height - 50,
    borderColor: INK,
    borderWidth: 1.5,
  });
  let y = height - 110;
  centered(page, bold, f.collegeName, 16, y);
  y -= 50;
  centered(page, bold, "Certificate of Completion", 26, y);
  y -= 24;
  centered(page, regular, "On-the-Job Training", 14, y);
  y -= 50;
  centered(page, regular, "This certifies that", 12, y);
  y -= 32;
  centered(page, bold, f.studentName, 22, y);
  y -= 22;
  if (f.studentNumber) {
    centered(page, regular, `Student number ${f.studentNumber}`, 11, y);
    y -= 22;
  }
  centered(page, regular, `of ${f.programme}`, 12, y);
  y -= 30;
  const body = `completed ${hoursText(f.approvedHours)} of on-the-job training (${hoursText(f.requiredHours)} required) at ${f.host}, from ${formatCalendarDate(f.startDate)} to ${formatCalendarDate(f.completedOn)}.`;
  for (const line of wrap(regular, 12, body, width - 2 * MARGIN - 40)) {
    centered(page, regular, line, 12, y);
    y -= 17;
  }
  y -= 40;
  if (f.coordinator) {
    centered(page, bold, f.coordinator, 12, y);
    y -= 15;
    centered(page, regular, "OJT Coordinator", 10, y);
  }
  // The verification block: QR code, the code and the address it encodes.
  const qrSize = 110;
  drawQr(page, f.url, MARGIN, 60, qrSize);
  const tx = MARGIN + qrSize + 15;
  page.drawText("Verify this certificate", { x: tx, y: 140, size: 11, font: bold, color: INK });
  page.drawText(`Verification code: ${f.code}`, { x: tx, y: 122, size: 10, font: regular });
  page.drawText(printable(regular, f.url), { x: tx, y: 106, size: 9, font: regular, color: MUTED });
  page.drawText(`Issued ${formatCalendarDate(f.completedOn)}`, {
    x: tx,
    y: 90,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return doc.save();
}

interface Column {
  title: string;
  width: number;
}

/** The certified daily time record: every entry by date, then every week's sign-off. */
export async function dtrPdf(f: DtrFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Daily time record of ${f.studentName}`);
  doc.setAuthor(f.collegeName);
  doc.setCreator("Runway");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 9;
  const lineH = 12;
  let page = doc.addPage(A4);
  let y = page.getHeight() - MARGIN;
  const text = (s: string, x: number, font = regular, sz = size, color = INK) =>
    page.drawText(printable(font, s), { x, y, size: sz, font, color });
  const newPage = () => {
    page = doc.addPage(A4);
    y = page.getHeight() - MARGIN;
  };
  const need = (h: number) => {
    if (y - h < MARGIN) newPage();
  };

  text(f.collegeName, MARGIN, bold, 12);
  y -= 20;
  text("Certified Daily Time Record — On-the-Job Training", MARGIN, bold, 14);
  y -= 22;
  const header: [string, string][] = [
    ["Student", `${f.studentName}${f.studentNumber ? ` (${f.studentNumber})` : ""}`],
    ["Programme", f.programme],
    ["Host", f.host],
    ["Supervisor", f.supervisor],
    ["Period", `${formatCalendarDate(f.startDate)} to ${formatCalendarDate(f.endDate)}`],
    ["Hours", `${f.approvedHours} approved of ${f.requiredHours} required`],
    ["Coordinator", f.coordinator ?? "—"],
    ["Status", f.status],
  ];
  if (f.certificateCode) header.push(["Certificate", f.certificateCode]);
  for (const [k, v] of header) {
    text(k, MARGIN, bold);
    text(v, MARGIN + 80);
    y -= lineH;
  }
  y -= 10;

  const cols: Column[] = [
    { title: "Date", width: 85 },
    { title: "In", width: 38 },
    { title: "Out", width: 38 },
    { title: "Break", width: 40 },
    { title: "Hours", width: 40 },
    { title: "Tasks", width: A4[0] - 2 * MARGIN - 241 },
  ];
  const row = (cells: string[], font = regular) => {
    const tasks = wrap(font, size, cells[5], cols[5].width - 4);
    need(tasks.length * lineH + 2);
    let x = MARGIN;
    cells.slice(0, 5).forEach((c, i) => {
      text(c, x, font);
      x += cols[i].width;
    });
    tasks.forEach((t, i) => page.drawText(t, { x, y: y - i * lineH, size, font, color: INK }));
    y -= tasks.length * lineH + 2;
  };
  const tableHead = () =>
    row(
      cols.map((c) => c.title),
      bold,
    );
  tableHead();
  if (!f.days.length) row(["", "", "", "", "", "No entries."]);
  for (const d of f.days) {
    const before = page;
    const tasks = wrap(regular, size, d.tasks, cols[5].width - 4);
    need(tasks.length * lineH + 2);
    if (page !== before) tableHead();
    row([
      formatCalendarDate(d.date, true),
      d.timeIn,
      d.timeOut,
      `${d.breakMinutes} min`,
      String(d.hours),
      d.tasks,
    ]);
  }
  y -= 12;
  need(3 * lineH);
  text("Weekly sign-off by the host supervisor", MARGIN, bold, 11);
  y -= 16;
  const weekCols = [110, 70, 50, 140];
  const weekRow = (cells: string[], font = regular) => {
    need(lineH);
    let x = MARGIN;
    cells.forEach((c, i) => {
      text(c, x, font);
      x += weekCols[i] ?? 0;
    });
    y -= lineH;
  };
  weekRow(["Week of", "State", "Hours", "Supervisor", "Date"], bold);
  for (const w of f.weeks)
    weekRow([
      formatCalendarDate(w.weekStart),
      w.state,
      String(w.hours),
      w.decidedBy ?? "",
      w.decidedAt ? formatDateTime(w.decidedAt, f.timeZone) : "",
    ]);
  y -= 8;
  need(lineH);
  text(`Dates and times are on the college's clock (${f.timeZone}).`, MARGIN, regular, 8, MUTED);
  const pages = doc.getPages();
  pages.forEach((p, i) =>
    p.drawText(`Page ${i + 1} of ${pages.length}`, {
      x: A4[0] - MARGIN - 60,
      y: 25,
      size: 8,
      font: regular,
      color: MUTED,
    }),
  );
  return doc.save();
}
