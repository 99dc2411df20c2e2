import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { dtrFacts } from "~/models/ojt/completion.server";
import { dtrPdf } from "~/models/ojt/pdf.server";
import { handleApi, requireApiRole } from "~/web/api.server";
import { ojtCtx } from "~/web/config.server";
import { pdfResponse } from "~/web/ojt-pdf.server";

/**
 * GET /api/placements/{id}/dtr.pdf: the placement's whole daily time record with each week's
 * sign-off, for the student, their programme's coordinators and admins (anyone else: 404).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const id = params.id ?? "";
    const facts = await dtrFacts(ojtCtx(await getDb(), me), id);
    return pdfResponse(await dtrPdf(facts), `ojt-dtr-${id.slice(0, 8)}.pdf`);
  });
