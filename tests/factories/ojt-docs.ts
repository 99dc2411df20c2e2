/**
 * OJT paperwork fixtures: a host agreement recorded through the model, a checklist made complete
 * (every item received on paper) so a placement may deploy, and small real files (a clean PDF,
 * PDFs with JavaScript or encrypted, a PNG) built with the libraries, never by hand.
 */
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import type { Db } from "../../db/client";
import type { OjtConfig, OjtCtx } from "../../app/models/ojt/config";
import { setAgreement } from "../../app/models/ojt/agreements.server";
import { checklistOf, markReceived } from "../../app/models/ojt/documents.server";
import { loadPlacementView } from "../../app/models/ojt/placement.server";
import { todayOf } from "../../app/models/ojt/config";

/** The CLI's reach (every programme): for fixtures that act "as the college". */
export const systemCtx = (db: Db, cfg: OjtConfig): OjtCtx => ({
  db,
  actor: null,
  ojt: cfg,
  system: true,
});

/** Records a host agreement valid until `validUntil` (default: far in the future). */
export async function recordMoa(
  db: Db,
  cfg: OjtConfig,
  companyId: string,
  o: { signedAt?: string; validUntil?: string; notarized?: boolean } = {},
) {
  return setAgreement(systemCtx(db, cfg), companyId, {
    signedAt: o.signedAt ?? "2025-01-15",
    validUntil: o.validUntil ?? "2035-12-31",
    notarized: o.notarized ?? true,
    signatories: [
      { name: "Jose Rizal", position: "General Manager" },
      { name: "Ana Reyes", position: "OJT Coordinator" },
    ],
  });
}

/** Marks every required document of a placement received on paper (today, as the college). */
export async function completeChecklist(db: Db, cfg: OjtConfig, placementId: string) {
  const view = await loadPlacementView(db, placementId);
  if (!view) throw new Error("no such placement");
  for (const item of await checklistOf(db, view.courseId))
    await markReceived(systemCtx(db, cfg), placementId, item.kind, todayOf(cfg));
}

/** A one-page PDF made by pdf-lib. */
export async function cleanPdf(text = "Training plan"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14 });
  return doc.save();
}

/** A PDF whose catalog opens with a JavaScript action (what must be refused). */
export async function pdfWithJavaScript(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const action = doc.context.obj({
    Type: "Action",
    S: "JavaScript",
    JS: PDFString.of("app.alert('hello');"),
  });
  doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(action));
  return doc.save();
}

/** A PDF with a page's additional action (/AA) — no /JavaScript name anywhere near the catalog. */
export async function pdfWithPageAction(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const action = doc.context.obj({ S: "JavaScript", JS: PDFString.of("this.print();") });
  page.node.set(PDFName.of("AA"), doc.context.obj({ O: doc.context.register(action) }));
  return doc.save();
}

/**
 * An encrypted PDF: a clean one whose trailer names an /Encrypt dictionary (pdf-lib cannot write
 * real encryption; readers — and pdf-lib's loader — treat the file as encrypted all the same).
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const enc = doc.context.register(
    doc.context.obj({ Filter: "Standard", V: 2, R: 3, Length: 128, P: -3904 }),
  );
  doc.context.trailerInfo.Encrypt = enc;
  return doc.save({ useObjectStreams: false });
}

/** A small real PNG (a grey square) made by sharp. */
export async function smallPng(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 120, g: 120, b: 120 } },
  })
    .png()
    .toBuffer();
}

/** A small real JPEG made by sharp. */
export async function smallJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 60, height: 80, channels: 3, background: { r: 200, g: 180, b: 150 } },
  })
    .jpeg()
    .toBuffer();
}

/** The college's real clock (for HTTP tests, whose server reads the real time). */
export const realClockCfg: OjtConfig = {
  timeZone: "Asia/Manila",
  publicUrl: "http://runway.test",
  collegeName: "Test College",
};
