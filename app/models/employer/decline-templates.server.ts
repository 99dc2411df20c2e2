/**
 * Decline templates (ADR 104): the reasons an admin picks from when declining a job
 * (choosing one fills the reason's text, which stays editable). Admins list, add, edit, delete and
 * reorder them; every change is audited.
 */
import { z } from "zod";
import { asc, eq, sql } from "drizzle-orm";
import { declineTemplates } from "#db/schema";
import type { DbOrTx } from "#db/client";
import { audit } from "../audit/audit.server";
import { type Ctx, requireAdmin } from "../context";
import { NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";

export const TEMPLATE_TITLE_MAX = 100;
export const TEMPLATE_BODY_MAX = 2000;

export const TEMPLATE_MSG = {
  titleRequired: "Title is required.",
  titleTooLong: `Title must be at most ${TEMPLATE_TITLE_MAX} characters.`,
  bodyRequired: "Text is required.",
  bodyTooLong: `Text must be at most ${TEMPLATE_BODY_MAX} characters.`,
  notFound: "Template not found",
  created: "Template added",
  updated: "Template saved",
  deleted: "Template deleted",
  moved: "Order saved",
} as const;

export const declineTemplateSchema = z
  .object({
    title: z
      .string({ error: TEMPLATE_MSG.titleRequired })
      .trim()
      .min(1, TEMPLATE_MSG.titleRequired)
      .max(TEMPLATE_TITLE_MAX, TEMPLATE_MSG.titleTooLong),
    body: z
      .string({ error: TEMPLATE_MSG.bodyRequired })
      .trim()
      .min(1, TEMPLATE_MSG.bodyRequired)
      .max(TEMPLATE_BODY_MAX, TEMPLATE_MSG.bodyTooLong),
  })
  .strict();
export type DeclineTemplateInput = z.infer<typeof declineTemplateSchema>;

export interface DeclineTemplate {
  id: string;
  title: string;
  body: string;
  position: number;
}

const cols = {
  id: declineTemplates.id,
  title: declineTemplates.title,
  body: declineTemplates.body,
  position: declineTemplates.position,
};

/** Every template in the admins' order (position, then age). */
const inOrder = (db: DbOrTx) =>
  db
    .select(cols)
    .from(declineTemplates)
    .orderBy(
      asc(declineTemplates.position),
      asc(declineTemplates.createdAt),
      asc(declineTemplates.id),
    );

/** Every template in the admins' order (admin). */
export async function listDeclineTemplates(ctx: Ctx): Promise<DeclineTemplate[]> {
  requireAdmin(ctx);
  return inOrder(ctx.db);
}

/** Adds a template at the end. */
export async function createDeclineTemplate(
  ctx: Ctx,
  input: DeclineTemplateInput,
): Promise<DeclineTemplate> {
  const actor = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(declineTemplates)
      .values({
        ...input,
        position: sql`(select coalesce(max(position), 0) + 1 from decline_templates)`,
      })
      .returning(cols);
    await audit(tx, actor, {
      action: "decline_template.create",
      entityType: "decline_template",
      entityId: row.id,
      after: input,
    });
    return row;
  });
}

/** Edits a template's title and text. */
export async function updateDeclineTemplate(
  ctx: Ctx,
  id: string,
  input: DeclineTemplateInput,
): Promise<DeclineTemplate> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(TEMPLATE_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(cols)
      .from(declineTemplates)
      .where(eq(declineTemplates.id, id));
    if (!before) throw new NotFound(TEMPLATE_MSG.notFound);
    const [row] = await tx
      .update(declineTemplates)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(declineTemplates.id, id))
      .returning(cols);
    await audit(tx, actor, {
      action: "decline_template.update",
      entityType: "decline_template",
      entityId: id,
      before: { title: before.title, body: before.body },
      after: input,
    });
    return row;
  });
}

export async function deleteDeclineTemplate(ctx: Ctx, id: string): Promise<void> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(TEMPLATE_MSG.notFound);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(declineTemplates)
      .where(eq(declineTemplates.id, id))
      .returning(cols);
    if (!gone) throw new NotFound(TEMPLATE_MSG.notFound);
    await audit(tx, actor, {
      action: "decline_template.delete",
      entityType: "decline_template",
      entityId: id,
      before: { title: gone.title, body: gone.body },
    });
  });
}

/**
 * Moves a template one place up or down; positions are renumbered 1..n in the new order (so
 * seeded or equal positions never make a move a no-op).
 */
export async function moveDeclineTemplate(
  ctx: Ctx,
  id: string,
  direction: "up" | "down",
): Promise<DeclineTemplate[]> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(TEMPLATE_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`lock table decline_templates in share row exclusive mode`);
    const list = await inOrder(tx);
    const i = list.findIndex((t) => t.id === id);
    if (i < 0) throw new NotFound(TEMPLATE_MSG.notFound);
    const j = direction === "up" ? i - 1 : i + 1;
    if (j >= 0 && j < list.length) [list[i], list[j]] = [list[j], list[i]];
    for (let k = 0; k < list.length; k++) {
      if (list[k].position !== k + 1)
        await tx
          .update(declineTemplates)
          .set({ position: k + 1 })
          .where(eq(declineTemplates.id, list[k].id));
      list[k] = { ...list[k], position: k + 1 };
    }
    await audit(tx, actor, {
      action: "decline_template.move",
      entityType: "decline_template",
      entityId: id,
      after: { direction, order: list.map((t) => t.id) },
    });
    return list;
  });
}

/** One template's text by id, or null (an unknown or malformed id chooses nothing). */
export async function declineTemplateBody(
  ctx: Ctx,
  id: string | null | undefined,
): Promise<string | null> {
  requireAdmin(ctx);
  if (!id || !isUuid(id)) return null;
  const [row] = await ctx.db
    .select({ body: declineTemplates.body })
    .from(declineTemplates)
    .where(eq(declineTemplates.id, id));
  return row?.body ?? null;
}
