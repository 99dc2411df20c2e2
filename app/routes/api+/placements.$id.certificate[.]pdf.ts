import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { certificateFacts } from "~/models/ojt/completion.server";
import { certificatePdf } from "~/models/ojt/pdf.server";
import { handleApi, requireApiRole } from "~/web/api.server";
import { ojtCtx } from "~/web/config.server";
import { pdfResponse } from "~/web/ojt-pdf.server";

/**
 * GET /api/placements/{id}/certificate.pdf: the completion certificate, for the student, their
 * programme's coordinators and admins (anyone else: 404); 409 before the placement is completed.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const facts = await certificateFacts(ojtCtx(await getDb(), me), params.id ?? "");
    return pdfResponse(await certificatePdf(facts), `ojt-certificate-${facts.code}.pdf`);
  });
