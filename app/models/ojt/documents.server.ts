/**
 * The OJT checklist: the documents each programme requires (admins edit them; the default list
 * otherwise) and each placement's record of them — a student's upload, a coordinator's "received
 * on paper" with date and who, or a waiver with its reason. The newest record of a kind is its
 * state; no record is "missing". A placement is deployed only with nothing missing (ADR 116).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { ojtChecklists, ojtFiles, placementDocuments, users } from "#db/schema";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import { requireAdmin } from "../context";
import { resolveCourse } from "../course/course.server";
import { nowOf, todayOf, type OjtCtx } from "./config";
import { checkUpload, loadOjtFile, storeOjtFile, type OjtFileRow } from "./ojt-files.server";
import {
  DEFAULT_CHECKLIST,
  normalizeChecklist,
  PAPERWORK_MSG,
  type ChecklistItemJson,
  type ChecklistState,
  type DocumentJson,
} from "./paperwork.schema";
import { manageablePlacement, readablePlacement, type PlacementView } from "./placement.server";

export interface ChecklistJson {
  courseId: string;
  course: { id: string; code: string; name: string };
  /** True while the programme uses the default list (no admin has edited it). */
  isDefault: boolean;
  items: { kind: string; label: string }[];
}

/** The required documents of a programme (the default list when none was set, or no programme). */
export async function checklistOf(
  db: DbOrTx,
  courseId: string | null,
): Promise<{ kind: string; label: string }[]> {
  if (!courseId) return [...DEFAULT_CHECKLIST];
  const [r] = await db
    .select({ items: ojtChecklists.items })
    .from(ojtChecklists)
    .where(eq(ojtChecklists.courseId, courseId));
  return r ? r.items : [...DEFAULT_CHECKLIST];
}

async function courseOr404(db: Db, ref: string) {
  const c = await resolveCourse(db, ref);
  if (!c) throw new NotFound("Programme not found");
  return c;
}

/** GET /api/courses/{id}/ojt-checklist (admin). */
export async function getChecklist(ctx: OjtCtx, courseRef: string): Promise<ChecklistJson> {
  requireAdmin(ctx);
  const c = await courseOr404(ctx.db, courseRef);
  const [r] = await ctx.db.select().from(ojtChecklists).where(eq(ojtChecklists.courseId, c.id));
  return checklistJson(c, r?.items);
}

/** A programme's checklist: its own `items`, or the default list when it has none. */
function checklistJson(
  c: { id: string; code: string; name: string },
  items: { kind: string; label: string }[] | undefined,
): ChecklistJson {
  const course = { id: c.id, code: c.code, name: c.name };
  return { courseId: c.id, course, isDefault: !items, items: items ?? [...DEFAULT_CHECKLIST] };
}

/** PUT /api/courses/{id}/ojt-checklist (admin): replaces the programme's list; audited. */
export async function putChecklist(
  ctx: OjtCtx,
  courseRef: string,
  items: { kind?: string; label: string }[],
): Promise<ChecklistJson> {
  const actor = requireAdmin(ctx);
  const c = await courseOr404(ctx.db, courseRef);
  const norm = normalizeChecklist(items);
  if ("error" in norm) throw new ValidationError(norm.error!, { items: [norm.error!] });
  await ctx.db.transaction(async (tx) => {
    const before = await checklistOf(tx, c.id);
    await tx
      .insert(ojtChecklists)
      .values({ courseId: c.id, items: norm.items, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: ojtChecklists.courseId,
        set: { items: norm.items, updatedBy: actor.id, updatedAt: nowOf(ctx.ojt) },
      });
    await audit(tx, actor, {
      action: "course.ojt_checklist",
      entityType: "course",
      entityId: c.id,
      before,
      after: norm.items,
    });
  });
  return getChecklist(ctx, c.id);
}

type DocRow = typeof placementDocuments.$inferSelect;

/** The newest record per kind of some placements. */
async function latestByKind(db: DbOrTx, placementIds: string[]) {
  const out = new Map<string, Map<string, ChecklistState>>();
  if (!placementIds.length) return out;
  const rows = await db
    .selectDistinctOn([placementDocuments.placementId, placementDocuments.kind], {
      placementId: placementDocuments.placementId,
      kind: placementDocuments.kind,
      state: placementDocuments.state,
    })
    .from(placementDocuments)
    .where(inArray(placementDocuments.placementId, placementIds))
    .orderBy(
      placementDocuments.placementId,
      placementDocuments.kind,
      desc(placementDocuments.createdAt),
      desc(placementDocuments.id),
    );
  for (const r of rows) {
    const m = out.get(r.placementId) ?? new Map<string, ChecklistState>();
    m.set(r.kind, r.state);
    out.set(r.placementId, m);
  }
  return out;
}

/** Placement JSON's `checklist` for loaded placements (by placement id). */
export async function checklistsOfPlacements(
  db: DbOrTx,
  views: Pick<PlacementView, "p" | "courseId">[],
): Promise<Map<string, ChecklistItemJson[]>> {
  const out = new Map<string, ChecklistItemJson[]>();
  if (!views.length) return out;
  const courseIds = [...new Set(views.map((v) => v.courseId).filter((c): c is string => !!c))];
  const lists = courseIds.length
    ? await db.select().from(ojtChecklists).where(inArray(ojtChecklists.courseId, courseIds))
    : [];
  const listOf = new Map(lists.map((l) => [l.courseId, l.items]));
  const latest = await latestByKind(
    db,
    views.map((v) => v.p.id),
  );
  for (const v of views) {
    const items = (v.courseId && listOf.get(v.courseId)) || DEFAULT_CHECKLIST;
    const states = latest.get(v.p.id);
    out.set(
      v.p.id,
      items.map((i) => ({ kind: i.kind, label: i.label, state: states?.get(i.kind) ?? "missing" })),
    );
  }
  return out;
}

/**
 * The gate of deploying: every required document uploaded, received or waived; a 409 listing
 * the missing ones otherwise. Runs in the status change's transaction.
 */
export async function assertChecklistComplete(
  db: DbOrTx,
  view: Pick<PlacementView, "p" | "courseId">,
): Promise<void> {
  const list = (await checklistsOfPlacements(db, [view])).get(view.p.id) ?? [];
  const missing = list.filter((i) => i.state === "missing");
  if (missing.length) {
    const msg = PAPERWORK_MSG.checklistIncomplete(missing.map((m) => m.label));
    throw new Conflict(msg, { status: [msg] });
  }
}

function documentJson(
  placementId: string,
  r: DocRow,
  file: { fileName: string; contentType: string; size: number } | null,
  recordedBy: string | null,
): DocumentJson {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    fileName: file?.fileName ?? null,
    contentType: file?.contentType ?? null,
    size: file?.size ?? null,
    receivedOn: r.receivedOn,
    reason: r.reason,
    recordedBy,
    createdAt: r.createdAt.toISOString(),
    url: r.fileId ? `/api/placements/${placementId}/documents/${r.id}` : null,
  };
}

export interface PlacementDocumentsJson {
  placementId: string;
  checklist: ChecklistItemJson[];
  documents: DocumentJson[];
}

/** GET /api/placements/{id}/documents: the checklist and every record, newest first. */
export async function listDocuments(
  ctx: OjtCtx,
  placementId: string,
): Promise<PlacementDocumentsJson> {
  const { view } = await readablePlacement(ctx, placementId);
  return documentsOf(ctx.db, view);
}

async function documentsOf(db: DbOrTx, view: PlacementView): Promise<PlacementDocumentsJson> {
  const rows = await db
    .select({
      d: placementDocuments,
      fileName: ojtFiles.fileName,
      contentType: ojtFiles.contentType,
      size: ojtFiles.size,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(placementDocuments)
    .leftJoin(ojtFiles, eq(ojtFiles.id, placementDocuments.fileId))
    .leftJoin(users, eq(users.id, placementDocuments.recordedBy))
    .where(eq(placementDocuments.placementId, view.p.id))
    .orderBy(desc(placementDocuments.createdAt), desc(placementDocuments.id));
  return {
    placementId: view.p.id,
    checklist: (await checklistsOfPlacements(db, [view])).get(view.p.id) ?? [],
    documents: rows.map((r) =>
      documentJson(
        view.p.id,
        r.d,
        r.fileName ? { fileName: r.fileName, contentType: r.contentType!, size: r.size! } : null,
        r.firstName !== null ? `${r.firstName} ${r.lastName ?? ""}`.trim() : null,
      ),
    ),
  };
}

async function requireKind(db: DbOrTx, view: PlacementView, kind: string) {
  const list = await checklistOf(db, view.courseId);
  const item = list.find((i) => i.kind === kind);
  if (!item) throw new ValidationError(PAPERWORK_MSG.kind, { kind: [PAPERWORK_MSG.kind] });
  return item;
}

function requireOpen(view: PlacementView) {
  if (view.p.status !== "planned" && view.p.status !== "deployed")
    throw new Conflict(PAPERWORK_MSG.notOpen);
}

/**
 * POST /api/placements/{id}/documents: the student (or their coordinator, an admin) uploads a
 * checklist document — a PDF or a JPEG/PNG photo, checked by content, at most 10 MB.
 */
export async function uploadDocument(
  ctx: OjtCtx,
  placementId: string,
  kind: string,
  upload: Blob | null,
): Promise<PlacementDocumentsJson> {
  const { view, scope } = await readablePlacement(ctx, placementId);
  requireOpen(view);
  await requireKind(ctx.db, view, kind);
  const file = await checkUpload(upload);
  return ctx.db.transaction(async (tx) => {
    const fileId = await storeOjtFile(tx, file, scope.actor?.id ?? null);
    const [row] = await tx
      .insert(placementDocuments)
      .values({
        placementId,
        kind,
        state: "uploaded",
        fileId,
        recordedBy: scope.actor?.id ?? null,
        createdAt: nowOf(ctx.ojt),
      })
      .returning();
    await audit(tx, scope.actor, {
      action: "placement.document_upload",
      entityType: "placement",
      entityId: placementId,
      before: null,
      after: { documentId: row.id, kind, fileName: file.fileName, size: file.bytes.length },
    });
    return documentsOf(tx, view);
  });
}

/** POST …/documents/{kind}/received: the coordinator has the paper copy (date, and who). */
export async function markReceived(
  ctx: OjtCtx,
  placementId: string,
  kind: string,
  receivedOn: string,
): Promise<PlacementDocumentsJson> {
  const { view, scope } = await manageablePlacement(ctx, placementId);
  requireOpen(view);
  await requireKind(ctx.db, view, kind);
  if (receivedOn > todayOf(ctx.ojt))
    throw new ValidationError(PAPERWORK_MSG.receivedFuture, {
      receivedOn: [PAPERWORK_MSG.receivedFuture],
    });
  return record(ctx, view, scope.actor, { kind, state: "received", receivedOn });
}

/** POST …/documents/{kind}/waive: the coordinator waives a document, with the reason. */
export async function waiveDocument(
  ctx: OjtCtx,
  placementId: string,
  kind: string,
  reason: string,
): Promise<PlacementDocumentsJson> {
  const { view, scope } = await manageablePlacement(ctx, placementId);
  requireOpen(view);
  await requireKind(ctx.db, view, kind);
  return record(ctx, view, scope.actor, { kind, state: "waived", reason });
}

async function record(
  ctx: OjtCtx,
  view: PlacementView,
  actor: { id: string } | null,
  v: { kind: string; state: "received" | "waived"; receivedOn?: string; reason?: string },
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(placementDocuments)
      .values({
        placementId: view.p.id,
        kind: v.kind,
        state: v.state,
        receivedOn: v.receivedOn ?? null,
        reason: v.reason ?? null,
        recordedBy: actor?.id ?? null,
        createdAt: nowOf(ctx.ojt),
      })
      .returning();
    await audit(tx, ctx.actor ?? null, {
      action: `placement.document_${v.state}`,
      entityType: "placement",
      entityId: view.p.id,
      before: null,
      after: { documentId: row.id, kind: v.kind, receivedOn: row.receivedOn, reason: row.reason },
    });
    return documentsOf(tx, view);
  });
}

/**
 * GET /api/placements/{id}/documents/{documentId}: an uploaded file, to the student, their
 * programme's coordinators and admins only; 404 for anyone else and for a record without a file.
 */
export async function documentFile(
  ctx: OjtCtx,
  placementId: string,
  documentId: string,
): Promise<OjtFileRow> {
  await readablePlacement(ctx, placementId);
  if (!isUuid(documentId)) throw new NotFound(PAPERWORK_MSG.documentNotFound);
  const [d] = await ctx.db
    .select({ fileId: placementDocuments.fileId })
    .from(placementDocuments)
    .where(
      and(eq(placementDocuments.id, documentId), eq(placementDocuments.placementId, placementId)),
    );
  const f = d?.fileId ? await loadOjtFile(ctx.db, d.fileId) : null;
  if (!f) throw new NotFound(PAPERWORK_MSG.documentNotFound);
  return f;
}
